import { InProcessBus, KafkaBus, type BusLogger, type EventBus } from '@openfleet/bus';
import type { PlatformConfig } from './platform-config';

/** The bus the configuration asks for: in-process (standalone) or Kafka (cluster). */
export function createBus(config: PlatformConfig, clientId: string, logger?: BusLogger): EventBus {
  if (config.BUS === 'kafka') {
    return new KafkaBus({ brokers: config.KAFKA_BROKERS.split(','), clientId: `${clientId}-${config.INSTANCE_ID}`, logger, topicPrefix: config.BUS_TOPIC_PREFIX });
  }
  return new InProcessBus({ logger });
}
