import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { TRACKING_CONFIG, type TrackingConfig } from '../tracking-config';
import { partitionName, planPartitions, type ExistingPartition, type PartitionChanges } from './partition-plan';

const DAY_S = 86_400;

/**
 * MySQL only: keeps daily track_point partitions created TRACKING_PARTITIONS_AHEAD days ahead and
 * drops those older than TRACKING_RETENTION_DAYS (a DROP PARTITION is instant, unlike a DELETE).
 * Runs at start and every TRACKING_MAINTENANCE_INTERVAL_MS. SQLite keeps one plain table.
 */
@Injectable()
export class PartitionMaintenanceService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(PartitionMaintenanceService.name);
  private timer?: NodeJS.Timeout;

  constructor(
    @InjectDataSource('tracking') private readonly dataSource: DataSource,
    @Inject(TRACKING_CONFIG) private readonly config: TrackingConfig,
  ) {}

  get enabled(): boolean {
    return this.dataSource.options.type === 'mysql';
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.enabled) return;
    await this.runOnce();
    this.timer = setInterval(() => void this.runOnce().catch((error: Error) => this.logger.error(`partition maintenance failed: ${error.message}`)), this.config.TRACKING_MAINTENANCE_INTERVAL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  async partitions(): Promise<ExistingPartition[]> {
    const rows: { name: string; description: string }[] = await this.dataSource.query(
      `SELECT PARTITION_NAME AS name, PARTITION_DESCRIPTION AS description FROM information_schema.PARTITIONS
       WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'track_point' AND PARTITION_NAME IS NOT NULL ORDER BY PARTITION_ORDINAL_POSITION`,
    );
    return rows.map((row) => ({ name: row.name, lessThanS: row.description === 'MAXVALUE' ? null : Number(row.description) }));
  }

  /** Applies the plan for `nowMs`; answers what it changed. */
  async runOnce(nowMs = Date.now()): Promise<PartitionChanges> {
    const plan = planPartitions(await this.partitions(), nowMs, this.config.TRACKING_PARTITIONS_AHEAD, this.config.TRACKING_RETENTION_DAYS);
    if (plan.add.length) {
      const parts = plan.add.map((day) => `PARTITION ${partitionName(day)} VALUES LESS THAN (${day + DAY_S})`);
      await this.dataSource.query(`ALTER TABLE track_point REORGANIZE PARTITION p_future INTO (${parts.join(', ')}, PARTITION p_future VALUES LESS THAN MAXVALUE)`);
    }
    if (plan.drop.length) await this.dataSource.query(`ALTER TABLE track_point DROP PARTITION ${plan.drop.join(', ')}`);
    if (plan.add.length || plan.drop.length) this.logger.log(`track_point partitions: +${plan.add.length} -${plan.drop.length} (${plan.drop.join(', ')})`);
    return plan;
  }
}
