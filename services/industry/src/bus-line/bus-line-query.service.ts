import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { VehicleRegistry, type AuthUser } from '@openfleet/auth';
import type { BusDirection, BusLineStrip, BusStopEventView } from '@openfleet/contracts';
import { queryWindow, type Page } from '@openfleet/service-kit';
import { whereInScope } from '@openfleet/storage';
import { MoreThanOrEqual, type Repository } from 'typeorm';
import type { BusStopEventQueryDto } from './bus-line.dto';
import { BusSegmentTimeRow, BusStopEventRow, BusVehicleStateRow } from './bus-line.entities';
import { BusLineService } from './bus-line.service';
import { SegmentTimes } from './eta-predictor';
import { buildStrip } from './line-strip';
import type { BusVehicleState } from './stop-detector';

/** The predictor learns from this many days back. */
export const HISTORY_DAYS = 14;
/** Rows of a stop-event export at most (a week of a busy line is ~100,000). */
const MAX_EXPORT_ROWS = 100_000;
/** A line's learnt times are read again after this long (new days' samples change medians slowly). */
const TIMES_TTL_MS = 5 * 60_000;

/** The live strip of a line and its stop events (arrivals, departures, skipped stops). */
@Injectable()
export class BusLineQueryService {
  private readonly times = new Map<number, { loadedAt: number; times: SegmentTimes }>();

  constructor(
    @InjectRepository(BusStopEventRow, 'industry') private readonly events: Repository<BusStopEventRow>,
    @InjectRepository(BusSegmentTimeRow, 'industry') private readonly segments: Repository<BusSegmentTimeRow>,
    @InjectRepository(BusVehicleStateRow, 'industry') private readonly states: Repository<BusVehicleStateRow>,
    private readonly lines: BusLineService,
    private readonly registry: VehicleRegistry,
  ) {}

  /** Every bus of the line the caller may see, placed between its stops, with headways, bunching and ETAs. */
  async strip(user: AuthUser, lineId: number, now = Date.now()): Promise<BusLineStrip> {
    const line = await this.lines.get(user, lineId);
    const rows = await this.states.findBy({ lineId });
    const inputs = rows.flatMap((row) => {
      const vehicle = this.registry.visibleTo(user, row.vehicleId);
      return vehicle ? [{ vehicleId: row.vehicleId, plateCode: vehicle.plateCode, state: row.state as BusVehicleState }] : [];
    });
    const { vehicles, referenceHeadwayS } = buildStrip({ up: line.upStops, down: line.downStops }, inputs, await this.timesOf(lineId, now), now, line.scheduledHeadwayS);
    return { lineId, code: line.code, name: line.name, up: line.upStops, down: line.downStops, vehicles, referenceHeadwayS, at: now };
  }

  /** The segment times of the last HISTORY_DAYS days, cached per line. */
  async timesOf(lineId: number, now = Date.now()): Promise<SegmentTimes> {
    const cached = this.times.get(lineId);
    if (cached && now - cached.loadedAt < TIMES_TTL_MS) return cached.times;
    const rows = await this.segments.findBy({ lineId, startedAt: MoreThanOrEqual(now - HISTORY_DAYS * 86_400_000) });
    const times = new SegmentTimes(rows.map((row) => ({ direction: row.direction as BusDirection, kind: row.kind as 'run' | 'dwell', seq: row.seq, startedAt: row.startedAt, durationS: row.durationS })));
    this.times.set(lineId, { loadedAt: now, times });
    return times;
  }

  /** Stop events of a line in a window of at most 7 days, in the caller's vehicle scope, newest first. */
  async eventPage(user: AuthUser, lineId: number, query: BusStopEventQueryDto, all = false): Promise<Page<BusStopEventView>> {
    await this.lines.get(user, lineId);
    const { startS, endS } = queryWindow(query.startTime, query.endTime, 7);
    const builder = whereInScope(this.events.createQueryBuilder('e'), user, 'e', { vehicleColumn: 'vehicle_id' })
      .andWhere('e.line_id = :lineId', { lineId })
      .andWhere('e.arrived_at BETWEEN :from AND :to', { from: startS * 1000, to: endS * 1000 + 999 });
    if (query.vehicleId) builder.andWhere('e.vehicle_id = :vehicleId', { vehicleId: query.vehicleId });
    if (query.direction) builder.andWhere('e.direction = :direction', { direction: query.direction });
    if (query.keyword) builder.andWhere('(e.plate_code LIKE :keyword OR e.stop_name LIKE :keyword)', { keyword: `%${query.keyword}%` });
    builder.orderBy('e.arrived_at', 'DESC').addOrderBy('e.id', 'DESC');
    if (all) builder.take(MAX_EXPORT_ROWS);
    else builder.skip((query.current - 1) * query.size).take(query.size);
    const [rows, total] = await builder.getManyAndCount();
    return { records: rows.map(eventView), total, current: all ? 1 : query.current, size: all ? rows.length : query.size };
  }

  /** Forgets cached times (tests that write history and ask at once). */
  forget(lineIds?: number[]): void {
    if (!lineIds) this.times.clear();
    else for (const id of lineIds) this.times.delete(id);
  }
}

function eventView(row: BusStopEventRow): BusStopEventView {
  return {
    id: row.id,
    lineId: row.lineId,
    vehicleId: row.vehicleId,
    plateCode: row.plateCode,
    direction: row.direction as BusDirection,
    seq: row.seq,
    stopId: row.stopId,
    stopName: row.stopName,
    arrivedAt: row.arrivedAt,
    departedAt: row.departedAt,
    dwellS: row.dwellS,
    skipped: row.skipped === 1,
  };
}
