// Child of `npm run bench:alarm`: publishes the positions to Kafka from its own process, so the
// alarm service's CPU time is measured without the producer's.
const { KafkaBus, silentBusLogger } = require('@openfleet/bus');
const { Topics } = require('@openfleet/contracts');
const { positionStream } = require('./alarm-positions');

async function main() {
  const [vehicles, count, topicPrefix] = [Number(process.argv[2]), Number(process.argv[3]), process.argv[4]];
  const bus = new KafkaBus({ brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','), clientId: 'bench-alarm-producer', logger: silentBusLogger, topicPrefix });
  const next = positionStream(vehicles);
  for (let n = 0; n < count; n += 5000) await bus.publish(Topics.position, next(n, Math.min(5000, count - n)).map(({ key, value }) => ({ key, value })));
  await bus.close();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
