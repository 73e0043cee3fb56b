import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { VehicleRegistry } from '@openfleet/auth';
import type { DeliveredMessage, EventBus } from '@openfleet/bus';
import { Topics, type Position } from '@openfleet/contracts';
import { BusConsumer, consume, EVENT_BUS } from '@openfleet/service-kit';
import { In, LessThan, type Repository } from 'typeorm';
import { WAYBILL_CONFIG, type WaybillConfig } from './waybill-config';
import { Waybill } from './waybill.entity';
import { advance, progressChanges, type WaybillProgress } from './waybill-progress';

const OPEN = ['planned', 'onTheWay'] as const;

const progressOf = (row: Waybill): WaybillProgress => ({ status: row.status, late: row.late === 1, seenAtOrigin: row.seenAtOrigin === 1, departedAt: row.departedAt, arrivedAt: row.arrivedAt });

/**
 * Follows each open waybill along its vehicle's positions (tracking.position.v1, a fixed group
 * co-partitioned by terminal, so one member sees all of a vehicle's positions in order). The
 * progress lives in the waybill row and is read per batch for the batch's vehicles: nothing is
 * held in memory, so an assignment or a restart has nothing to reload, and a replayed batch
 * computes the same progress. Only changed columns are written, so the late sweep's flag is never
 * overwritten by a stale one.
 */
@Injectable()
export class WaybillTrackerService extends BusConsumer implements OnModuleInit, OnModuleDestroy {
  private sweepTimer?: NodeJS.Timeout;

  constructor(
    @InjectRepository(Waybill, 'industry') private readonly waybills: Repository<Waybill>,
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    @Inject(WAYBILL_CONFIG) private readonly config: WaybillConfig,
    private readonly registry: VehicleRegistry,
  ) {
    super();
  }

  protected consumes() {
    return [consume(Topics.position, { group: this.config.WAYBILL_TRACKER_GROUP, fromBeginning: false, maxBatchSize: 5000, handle: (messages) => this.track(messages) })];
  }

  override async onModuleInit(): Promise<void> {
    await super.onModuleInit();
    // On every replica, no lease: one guarded UPDATE (late = 0), so a waybill turns late once whoever runs it.
    this.sweepTimer = setInterval(() => void this.markLate().catch(() => undefined), this.config.WAYBILL_LATE_SWEEP_MS);
    this.sweepTimer.unref();
  }

  override async onModuleDestroy(): Promise<void> {
    clearInterval(this.sweepTimer);
    await super.onModuleDestroy();
  }

  async track(messages: readonly DeliveredMessage<Position>[]): Promise<void> {
    const byVehicle = new Map<string, Position[]>();
    for (const { value } of messages) {
      const vehicleId = value.vehicleId || this.registry.byTerminalPhone(value.terminalPhone)?.vehicleId;
      if (!vehicleId) continue;
      const list = byVehicle.get(vehicleId) ?? [];
      list.push(value);
      byVehicle.set(vehicleId, list);
    }
    if (!byVehicle.size) return;
    const open = await this.waybills.find({ where: { vehicleId: In([...byVehicle.keys()]), status: In([...OPEN]) } });
    for (const row of open) {
      // GNSS order: a blind-area backfill that arrives after newer reports is older.
      const positions = [...byVehicle.get(row.vehicleId)!].sort((a, b) => a.gpsTimeS - b.gpsTimeS);
      const before = progressOf(row);
      const after = positions.reduce((progress, p) => advance(row, progress, p.gpsTimeS * 1000, p.longitudeE6 / 1e6, p.latitudeE6 / 1e6), before);
      const changes = progressChanges(before, after);
      if (!Object.keys(changes).length) continue;
      const { late, seenAtOrigin, ...rest } = changes;
      await this.waybills.update({ id: row.id }, { ...rest, ...(late === undefined ? {} : { late: Number(late) }), ...(seenAtOrigin === undefined ? {} : { seenAtOrigin: Number(seenAtOrigin) }), updatedAt: Date.now() });
    }
  }

  /** Waybills whose planned arrival passed without arrival are late, whether or not the vehicle still reports. Safe on every member. */
  async markLate(now = Date.now()): Promise<number> {
    const result = await this.waybills.update({ status: In([...OPEN]), late: 0, plannedArriveAt: LessThan(now) }, { late: 1, updatedAt: now });
    return result.affected ?? 0;
  }
}
