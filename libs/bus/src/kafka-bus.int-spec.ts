// Runs the bus contract against the real Kafka broker started by `scripts/infra up` (127.0.0.1:9092).
import { silentBusLogger } from './bus-logger';
import { KafkaBus } from './kafka-bus';
import { describeBusContract } from './testing/bus-contract';

const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');

describeBusContract(
  'kafka',
  async () =>
    new KafkaBus({
      brokers,
      clientId: 'bus-contract-test',
      logger: silentBusLogger,
      backoff: { initialMs: 20, maxMs: 200 },
    }),
  30_000,
);
