import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DailyPartitions, type DailyPartitionedTable, type ExistingPartition, type PartitionChanges } from '@openfleet/storage';
import type { DataSource } from 'typeorm';
import { TRACKING_CONFIG, type TrackingConfig } from '../tracking-config';

export const TRACK_POINT_PARTITIONS: DailyPartitionedTable = { table: 'track_point', column: 'gps_time', unitsPerSecond: 1 };

/**
 * MySQL only: keeps daily track_point partitions created TRACKING_PARTITIONS_AHEAD days ahead and
 * drops those older than TRACKING_RETENTION_DAYS (a DROP PARTITION is instant, unlike a DELETE).
 * Runs at start and every TRACKING_MAINTENANCE_INTERVAL_MS. SQLite keeps one plain table.
 */
@Injectable()
export class PartitionMaintenanceService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(PartitionMaintenanceService.name);
  private readonly partitioned: DailyPartitions;
  private timer?: NodeJS.Timeout;

  constructor(
    @InjectDataSource('tracking') dataSource: DataSource,
    @Inject(TRACKING_CONFIG) private readonly config: TrackingConfig,
  ) {
    this.partitioned = new DailyPartitions(dataSource, TRACK_POINT_PARTITIONS);
  }

  get enabled(): boolean {
    return this.partitioned.enabled;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.enabled) return;
    await this.runOnce();
    // Ticks on every replica; the partition change itself runs under the cluster lease (DailyPartitions.maintain).
    this.timer = setInterval(() => void this.runOnce().catch((error: Error) => this.logger.error(`partition maintenance failed: ${error.message}`)), this.config.TRACKING_MAINTENANCE_INTERVAL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  partitions(): Promise<ExistingPartition[]> {
    return this.partitioned.partitions();
  }

  /** Applies the plan for `nowMs`; answers what it changed. */
  async runOnce(nowMs = Date.now()): Promise<PartitionChanges> {
    const plan = await this.partitioned.maintain(nowMs, this.config.TRACKING_PARTITIONS_AHEAD, this.config.TRACKING_RETENTION_DAYS);
    if (plan.add.length || plan.drop.length) this.logger.log(`track_point partitions: +${plan.add.length} -${plan.drop.length} (${plan.drop.join(', ')})`);
    return plan;
  }
}
