import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { chinaDayStartOf } from '@openfleet/contracts';
import { TerminalDirectory } from '../registry/terminal-directory';
import { RECORDER_SCHEDULE_CONFIG, type RecorderScheduleConfig } from './recorder-schedule-config';
import { RecorderSweep } from './recorder-sweep.service';

const DAY_MS = 86_400_000;

/**
 * Every instance runs the sweep daily at RECORDER_SWEEP_MINUTE of the China day, and once at start
 * when that minute has passed (an instance that was down then still collects today); the lease
 * lets one of them through per day.
 */
@Injectable()
export class RecorderScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RecorderScheduler.name);
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly sweep: RecorderSweep,
    private readonly directory: TerminalDirectory,
    @Inject(RECORDER_SCHEDULE_CONFIG) private readonly config: RecorderScheduleConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.RECORDER_SWEEP_ENABLED) return;
    if (Date.now() >= chinaDayStartOf(Date.now()) + this.config.RECORDER_SWEEP_MINUTE * 60_000) void this.directory.vehicles.ready.then(() => this.run());
    this.scheduleNext();
  }

  onModuleDestroy(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** Ms from `nowMs` to the next run at `minuteOfDay` of a China day. */
  static delayToNext(nowMs: number, minuteOfDay: number): number {
    const today = chinaDayStartOf(nowMs) + minuteOfDay * 60_000;
    return (today > nowMs ? today : today + DAY_MS) - nowMs;
  }

  private scheduleNext(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.run().finally(() => this.scheduleNext()), RecorderScheduler.delayToNext(Date.now(), this.config.RECORDER_SWEEP_MINUTE));
    this.timer.unref();
  }

  private async run(): Promise<void> {
    if (this.stopped) return;
    try {
      const outcome = await this.sweep.sweep({ scheduled: true });
      if (outcome.ran) this.logger.log(`recorder collection ${outcome.day}: ${outcome.orders} orders`);
    } catch (error) {
      this.logger.warn(`recorder collection failed, retried at the next run: ${(error as Error).message}`);
    }
  }
}
