import type { DailyPartitionedTable } from '@openfleet/storage';

/** raw_frame is partitioned by UTC day of capture (at_ms, epoch ms) on MySQL; SQLite keeps one table. */
export const RAW_FRAME_PARTITIONS: DailyPartitionedTable = { table: 'raw_frame', column: 'at_ms', unitsPerSecond: 1000 };
