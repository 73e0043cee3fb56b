export * from './event-bus';
export * from './bus-logger';
export * from './in-process-bus';
export * from './kafka-bus';
export { deliverBatch, type EncodedRecord, type DeliveryHooks } from './delivery';
export { partitionForKey } from './partitioner';
export { kafkaPartitionOf } from './co-partitioned-assigner';
export { followSnapshotTopic, type SnapshotSubscription } from './snapshot-follower';
