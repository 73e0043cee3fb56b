import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AuthUser } from '@openfleet/auth';
import { chinaDate, chinaDayStartOf, DRIVING_RECORD_RANGED_WORDS, formatChinaTime, type RecorderSweepOutcome } from '@openfleet/contracts';
import { AppError } from '@openfleet/errors';
import { ClusterLease } from '@openfleet/storage';
import { OrderService } from '../order/order.service';
import { TerminalDirectory } from '../registry/terminal-directory';
import { RECORDER_SCHEDULE_CONFIG, type RecorderScheduleConfig } from './recorder-schedule-config';
import { RecorderScheduleService, type RecorderScheduleRow } from './recorder-schedule.service';

const DAY_MS = 86_400_000;
/** The day's collection runs under this lease (`sweep_lease`, libs/storage ClusterLease): once per cluster and day. */
export const RECORDER_SWEEP_LEASE = 'recorder-daily-sweep';
/** Vehicles per send: one order per vehicle, one batch per word and chunk. */
const BATCH = 1000;
/** The schedules' orders are the platform's own: every vehicle is a target, the operator is the schedule. */
const SCHEDULE: AuthUser = { id: 'recorder-schedule', companyId: '', userType: 0, roleIds: [], superAdmin: true, scope: { companies: [], fleets: [] } };

/**
 * The daily collection: for every enabled schedule, one 0x8700 per vehicle and command word
 * through the order service (queued for offline vehicles), the record words asking for the
 * previous China day. A vehicle's own schedule replaces its company's (a disabled one stops it).
 * One instance of the cluster runs a day's sweep, under the service's ClusterLease.
 */
@Injectable()
export class RecorderSweep {
  private readonly logger = new Logger(RecorderSweep.name);
  constructor(
    private readonly lease: ClusterLease,
    @Inject(RECORDER_SCHEDULE_CONFIG) private readonly config: RecorderScheduleConfig,
    private readonly schedules: RecorderScheduleService,
    private readonly orders: OrderService,
    private readonly directory: TerminalDirectory,
  ) {}

  /** `scheduled`: the daily run, skipped when the day's sweep has finished (on any instance). */
  async sweep(options: { nowMs?: number; scheduled?: boolean } = {}): Promise<RecorderSweepOutcome> {
    const nowMs = options.nowMs ?? Date.now();
    const day = chinaDate(nowMs);
    const run = await this.lease.runExclusive(
      RECORDER_SWEEP_LEASE,
      this.config.RECORDER_LEASE_MS,
      async () => this.collect(await this.schedules.all(), nowMs),
      options.scheduled ? { once: day } : { finishes: day },
    );
    return run.ran ? { ran: true, day, orders: run.value } : { ran: false, day, orders: 0 };
  }

  /** Vehicle ids per schedule after the per-vehicle overrides, then the orders. */
  private async collect(schedules: RecorderScheduleRow[], nowMs: number): Promise<number> {
    const own = new Set(schedules.filter((s) => s.vehicleId).map((s) => s.vehicleId));
    const yesterday = chinaDayStartOf(nowMs) - DAY_MS;
    const range = { startTime: formatChinaTime(yesterday), endTime: formatChinaTime(yesterday + DAY_MS - 1000) };
    let sent = 0;
    for (const schedule of schedules.filter((s) => s.enabled)) {
      const vehicleIds = schedule.vehicleId
        ? this.directory.vehicles.byVehicleId(schedule.vehicleId) ? [schedule.vehicleId] : []
        : [...this.directory.vehicles.all()].filter((v) => !v.deleted && v.companyPath.map(String).includes(schedule.companyId) && !own.has(v.vehicleId)).map((v) => v.vehicleId);
      for (const word of schedule.words) {
        const params = DRIVING_RECORD_RANGED_WORDS.includes(word) ? { command: word, ...range, maxBlocks: schedule.maxBlocks } : { command: word };
        for (let i = 0; i < vehicleIds.length; i += BATCH) sent += await this.send(vehicleIds.slice(i, i + BATCH), params);
      }
    }
    return sent;
  }

  private async send(vehicleIds: string[], params: Record<string, unknown>): Promise<number> {
    try {
      const outcomes = await this.orders.send(SCHEDULE, { commandType: 'tachographCollect', vehicleIds, params, offlinePolicy: 'queue', expireMinutes: this.config.RECORDER_QUEUE_MINUTES });
      return outcomes.filter((outcome) => outcome.orderId).length;
    } catch (error) {
      // One vehicle without a terminal (7107, 7108 ...) fails alone; the sweep goes on.
      if (!(error instanceof AppError)) throw error;
      this.logger.warn(`recorder collection not sent to ${vehicleIds.join(',')}: ${error.errorCode}`);
      return 0;
    }
  }
}
