import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DailyPartitions, type PartitionChanges } from '@openfleet/storage';
import type { DataSource } from 'typeorm';
import { ENERGY_CONFIG, type EnergyConfig } from '../energy-config';
import { ENERGY_REPORT_PARTITIONS } from './energy-partitions';

/**
 * MySQL only: keeps daily energy_report partitions ENERGY_PARTITIONS_AHEAD days ahead and drops
 * those older than ENERGY_RETENTION_DAYS, at start and every ENERGY_MAINTENANCE_INTERVAL_MS.
 */
@Injectable()
export class EnergyPartitionMaintenance implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(EnergyPartitionMaintenance.name);
  readonly partitioned: DailyPartitions;
  private timer?: NodeJS.Timeout;

  constructor(
    @InjectDataSource('energy') dataSource: DataSource,
    @Inject(ENERGY_CONFIG) private readonly config: EnergyConfig,
  ) {
    this.partitioned = new DailyPartitions(dataSource, ENERGY_REPORT_PARTITIONS);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.partitioned.enabled) return;
    await this.runOnce();
    // Ticks on every replica; the partition change itself runs under the cluster lease (DailyPartitions.maintain).
    this.timer = setInterval(() => void this.runOnce().catch((error: Error) => this.logger.error(`partition maintenance failed: ${error.message}`)), this.config.ENERGY_MAINTENANCE_INTERVAL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  async runOnce(nowMs = Date.now()): Promise<PartitionChanges> {
    const plan = await this.partitioned.maintain(nowMs, this.config.ENERGY_PARTITIONS_AHEAD, this.config.ENERGY_RETENTION_DAYS);
    if (plan.add.length || plan.drop.length) this.logger.log(`energy_report partitions: +${plan.add.length} -${plan.drop.length} (${plan.drop.join(', ')})`);
    return plan;
  }
}
