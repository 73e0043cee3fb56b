import type { DailyPartitionedTable } from '@openfleet/storage';

/** energy_report is partitioned by UTC day of collection (epoch ms) on MySQL. */
export const ENERGY_REPORT_PARTITIONS: DailyPartitionedTable = { table: 'energy_report', column: 'collected_at', unitsPerSecond: 1000 };
