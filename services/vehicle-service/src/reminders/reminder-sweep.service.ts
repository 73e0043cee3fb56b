import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { VehicleRegistry } from '@openfleet/auth';
import type { EventBus } from '@openfleet/bus';
import { chinaDate, chinaDayNumber, Topics, type ReminderEvent, type ReminderKind, type ReminderRow, type ReminderSettings } from '@openfleet/contracts';
import { EVENT_BUS } from '@openfleet/service-kit';
import { ClusterLease, IdempotentRowWriter, pathOf, type RowValue } from '@openfleet/storage';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { RecordDueSource, type DueItem } from '../records/record-due-source';
import { REMINDER_CONFIG } from './reminder-config.provider';
import type { ReminderConfig } from './reminder-config';
import { existingReminderKeys, reminderKey } from './existing-reminders';
import { createdBy } from './reminder-row';
import { verdicts } from './reminder-rules';
import { ReminderSettingsService, settingsFor } from './reminder-settings.service';
import { ServiceMileage, type VehicleMileage } from './service-mileage';

/** The lease (`sweep_lease`, libs/storage ClusterLease) that lets one instance of the cluster sweep at a time. */
export const REMINDER_SWEEP_LEASE = 'reminder-daily-sweep';

/** What one sweep did: `ran` false when another sweep held the lease (or, scheduled, today's had run). */
export interface SweepOutcome {
  ran: boolean;
  items: number;
  created: ReminderRow[];
  ms: number;
}

const COLUMNS = [
  'kind', 'record_id', 'threshold', 'vehicle_id', 'plate_code', 'company_id', 'company_path', 'fleet_path', 'due_date', 'days_left',
  'service_interval_km', 'mileage_since_service_km', 'predicted_due_date', 'status', 'created_at', 'sweep_id',
] as const;

const ENABLED: Record<ReminderKind, keyof Pick<ReminderSettings, 'insurance' | 'inspection' | 'maintenance'>> = { insurance: 'insurance', inspection: 'inspection', maintenance: 'maintenance' };

/**
 * Turns what falls due into reminders, once: every record's crossed threshold (reminder-rules) is
 * inserted with INSERT-ignore on the unique (kind, record, threshold), so a sweep run again, on
 * another instance or after a restart, inserts nothing. The rows this sweep inserted (its
 * `sweep_id`) are pushed on vehicle-service.reminders.v1, one event per vehicle, to the company's
 * receiving roles. A sweep runs only under the lease, so two instances never sweep at once.
 */
@Injectable()
export class ReminderSweep {
  private readonly logger = new Logger(ReminderSweep.name);
  private readonly writer: IdempotentRowWriter;

  constructor(
    @InjectDataSource('vehicle_service') private readonly dataSource: DataSource,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(REMINDER_CONFIG) private readonly config: ReminderConfig,
    private readonly dueSource: RecordDueSource,
    private readonly settings: ReminderSettingsService,
    private readonly mileage: ServiceMileage,
    private readonly lease: ClusterLease,
    private readonly registry: VehicleRegistry,
  ) {
    this.writer = new IdempotentRowWriter(dataSource, {
      table: 'reminder',
      columns: COLUMNS, chunkRows: 1000,
      bulkLoad: 'auto',
      warn: (message) => this.logger.warn(message),
    });
  }

  /**
   * One sweep as of `nowMs` (a China day). `scheduled`: the daily run, skipped when today's already
   * finished; otherwise (at start, on demand) it runs whenever the lease is free.
   */
  async sweep(options: { nowMs?: number; scheduled?: boolean } = {}): Promise<SweepOutcome> {
    const started = performance.now();
    const nowMs = options.nowMs ?? Date.now();
    const day = chinaDate(nowMs);
    // A scheduled run is skipped when today's finished (on any instance); any finished run marks today.
    const run = await this.lease.runExclusive(
      REMINDER_SWEEP_LEASE,
      this.config.REMINDER_LEASE_MS,
      async () => {
        const [items, saved] = await Promise.all([this.dueSource.dueItems(), this.settings.all()]);
        const sweepId = randomUUID();
        const rows = await this.fresh(await this.candidates(items, saved, nowMs, sweepId));
        await this.writer.write(rows);
        const created = rows.length ? await createdBy(this.dataSource, sweepId) : [];
        return { items: items.length, created, saved };
      },
      options.scheduled ? { once: day } : { finishes: day },
    );
    if (!run.ran) return { ran: false, items: 0, created: [], ms: performance.now() - started };
    // Pushed after the lease is freed: a failed publish leaves the reminders stored and the day done.
    await this.push(run.value.created, run.value.saved);
    return { ran: true, items: run.value.items, created: run.value.created, ms: performance.now() - started };
  }

  private async candidates(items: readonly DueItem[], saved: ReadonlyMap<string, ReminderSettings>, nowMs: number, sweepId: string): Promise<RowValue[][]> {
    const today = chinaDayNumber(nowMs);
    const wanted = items.filter((item) => settingsFor(saved, item.companyId)[ENABLED[item.kind]]);
    const mileage = await this.mileage.of(wanted.filter((item) => item.kind === 'maintenance' && item.dueOdometerKm !== null), today);
    const rows: RowValue[][] = [];
    for (const item of wanted) {
      const pace: VehicleMileage | undefined = item.kind === 'maintenance' ? mileage.get(item.vehicleId) : undefined;
      const since = item.kind === 'maintenance' && item.dueOdometerKm !== null ? (pace?.sinceServiceKm ?? 0) : null;
      const found = verdicts(
        { kind: item.kind, dueDate: item.dueDate, dueOdometerKm: item.dueOdometerKm, lastServiceOdometerKm: item.lastServiceOdometerKm, mileageSinceServiceKm: since, averageDailyKm: pace?.averageDailyKm ?? null },
        today,
        settingsFor(saved, item.companyId),
      );
      if (!found.length) continue;
      const vehicle = this.registry.byVehicleId(item.vehicleId);
      const companyPath = vehicle ? pathOf(vehicle.companyPath) : pathOf([item.companyId]);
      const fleetPath = vehicle ? pathOf(vehicle.fleetPath) : '/';
      for (const verdict of found) {
        rows.push([
          item.kind, item.recordId, verdict.threshold, item.vehicleId, item.plateCode, item.companyId, companyPath, fleetPath, item.dueDate, verdict.daysLeft,
          verdict.serviceIntervalKm, since === null ? null : Math.round(since * 10) / 10, verdict.predictedDueDate, 0, nowMs, sweepId,
        ]);
      }
    }
    return rows;
  }

  /** The candidates not stored yet (kind, record_id and threshold are the rows' first three values). */
  private async fresh(rows: RowValue[][]): Promise<RowValue[][]> {
    const records = new Map<string, Set<number>>();
    for (const row of rows) {
      const ids = records.get(row[0] as string);
      if (ids) ids.add(row[1] as number);
      else records.set(row[0] as string, new Set([row[1] as number]));
    }
    const existing = await existingReminderKeys(this.dataSource, records);
    return existing.size ? rows.filter((row) => !existing.has(reminderKey(row[0] as string, row[1] as number, row[2] as string))) : rows;
  }

  /** One event per vehicle; a failed publish leaves the reminders stored (listed and counted), only not pushed. */
  private async push(created: readonly ReminderRow[], saved: ReadonlyMap<string, ReminderSettings>): Promise<void> {
    if (!created.length) return;
    const byVehicle = new Map<string, ReminderRow[]>();
    for (const row of created) {
      const list = byVehicle.get(row.vehicleId);
      if (list) list.push(row);
      else byVehicle.set(row.vehicleId, [row]);
    }
    const records = [...byVehicle].map(([vehicleId, reminders]) => {
      const companyId = reminders[0].companyId;
      const value: ReminderEvent = { companyId, vehicleId, roleIds: settingsFor(saved, companyId).roleIds, reminders };
      return { key: vehicleId, value };
    });
    try {
      await this.bus.publish(Topics.reminders, records);
    } catch (error) {
      this.logger.warn(`${created.length} reminders stored but not pushed: ${(error as Error).message}`);
    }
  }
}
