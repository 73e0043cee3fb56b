import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DailyPartitions, dayStartS } from '@openfleet/storage';
import type { DataSource } from 'typeorm';
import { FRAME_ARCHIVE_CONFIG, type FrameArchiveConfig } from './frame-archive-config';
import { RAW_FRAME_PARTITIONS } from './frame-partitions';

export interface RetentionResult {
  /** MySQL: day partitions added ahead and dropped past retention. */
  added: number;
  dropped: string[];
  /** SQLite: rows deleted past retention. */
  deleted: number;
}

const DAY_MS = 86_400_000;

/**
 * Keeps FRAME_ARCHIVE_RETENTION_DAYS days of frames, at start and every FRAME_ARCHIVE_SWEEP_MS.
 * MySQL: adds the coming days' partitions ahead of time and drops whole days past retention (instant,
 * unlike a DELETE of millions of rows). SQLite (standalone, small fleets): deletes the old days.
 */
@Injectable()
export class FrameRetentionService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(FrameRetentionService.name);
  private readonly partitioned: DailyPartitions;
  private timer?: NodeJS.Timeout;

  constructor(
    @InjectDataSource('frame_archive') private readonly dataSource: DataSource,
    @Inject(FRAME_ARCHIVE_CONFIG) private readonly config: FrameArchiveConfig,
  ) {
    this.partitioned = new DailyPartitions(dataSource, RAW_FRAME_PARTITIONS);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.sweep();
    // Ticks on every replica; the partition change itself runs under the cluster lease (DailyPartitions.maintain).
    this.timer = setInterval(() => void this.sweep().catch((error: Error) => this.logger.error(`frame retention failed: ${error.message}`)), this.config.FRAME_ARCHIVE_SWEEP_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  async sweep(nowMs = Date.now()): Promise<RetentionResult> {
    const retention = this.config.FRAME_ARCHIVE_RETENTION_DAYS;
    if (this.partitioned.enabled) {
      const plan = await this.partitioned.maintain(nowMs, this.config.FRAME_ARCHIVE_PARTITIONS_AHEAD, retention);
      if (plan.add.length || plan.drop.length) this.logger.log(`raw_frame partitions: +${plan.add.length} -${plan.drop.length} (${plan.drop.join(', ')})`);
      return { added: plan.add.length, dropped: plan.drop, deleted: 0 };
    }
    // The same horizon as the partitions': whole UTC days older than the retention.
    const horizonMs = dayStartS(Math.floor(nowMs / 1000)) * 1000 - retention * DAY_MS;
    // TypeORM's better-sqlite3 driver answers a DELETE without its change count: count first.
    const [{ n }] = (await this.dataSource.query('SELECT COUNT(*) AS n FROM raw_frame WHERE at_ms < ?', [horizonMs])) as { n: number }[];
    const deleted = Number(n);
    if (deleted) await this.dataSource.query('DELETE FROM raw_frame WHERE at_ms < ?', [horizonMs]);
    if (deleted) this.logger.log(`raw_frame: ${deleted} frames older than ${retention} days deleted`);
    return { added: 0, dropped: [], deleted };
  }
}
