import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { VehicleRegistry } from '@openfleet/auth';
import { chinaDayStartOf } from '@openfleet/contracts';
import { REMINDER_CONFIG } from './reminder-config.provider';
import type { ReminderConfig } from './reminder-config';
import { ReminderSweep } from './reminder-sweep.service';

const DAY_MS = 86_400_000;

/**
 * Runs the sweep once the registry is loaded (at start: records added while no instance ran are
 * not left waiting a day) and then daily at REMINDER_SWEEP_MINUTE of the China day. Every instance
 * schedules it; the lease lets one run and the scheduled run happens once a day.
 */
@Injectable()
export class ReminderScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ReminderScheduler.name);
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly sweep: ReminderSweep,
    private readonly registry: VehicleRegistry,
    @Inject(REMINDER_CONFIG) private readonly config: ReminderConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.REMINDER_SWEEP_ENABLED) return;
    void this.registry.ready.then(() => this.run(false));
    this.scheduleNext();
  }

  onModuleDestroy(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** Ms from `nowMs` to the next run at the configured minute of a China day. */
  static delayToNext(nowMs: number, minuteOfDay: number): number {
    const today = chinaDayStartOf(nowMs) + minuteOfDay * 60_000;
    return (today > nowMs ? today : today + DAY_MS) - nowMs;
  }

  private scheduleNext(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.run(true).finally(() => this.scheduleNext());
    }, ReminderScheduler.delayToNext(Date.now(), this.config.REMINDER_SWEEP_MINUTE));
    this.timer.unref();
  }

  private async run(scheduled: boolean): Promise<void> {
    if (this.stopped) return;
    try {
      const outcome = await this.sweep.sweep({ scheduled });
      if (outcome.ran) this.logger.log(`reminder sweep: ${outcome.items} records, ${outcome.created.length} new reminders in ${Math.round(outcome.ms)} ms`);
    } catch (error) {
      this.logger.warn(`reminder sweep failed, retried at the next run: ${(error as Error).message}`);
    }
  }
}
