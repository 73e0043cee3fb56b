import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { checkFilterScope, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { chinaDate, type FuelCurve, type FuelEventKind, type FuelEventView, type FuelFigures, type FuelFleetRow, type FuelReport, type FuelReportRow, type FuelTripView } from '@openfleet/contracts';
import { queryWindow, type Page } from '@openfleet/service-kit';
import { whereInScope } from '@openfleet/storage';
import { Between, type ObjectLiteral, type Repository, type SelectQueryBuilder } from 'typeorm';
import type { FuelEventsQueryDto, FuelFilterDto, FuelReportQueryDto } from './fuel.dto';
import { FuelDayRow, FuelEventRow, FuelLevelRow, FuelTripRow } from './fuel.entities';
import { consumedOf } from './fuel-ledger';

const CURVE_MAX_DAYS = 7;
const REPORT_MAX_DAYS = 31;
const round1 = (value: number) => Math.round(value * 10) / 10;

/** Summed columns of fuel_day, the same expressions for a vehicle's rows and for a vehicle-day. */
const SUMS = `SUM(t.distance_km) AS distance, SUM(CASE WHEN t.first_l - t.last_l + t.refuelled_l - t.loss_l > 0 THEN t.first_l - t.last_l + t.refuelled_l - t.loss_l ELSE 0 END) AS consumed,
  SUM(t.refuelled_l) AS refuelled, SUM(t.loss_l) AS loss,
  SUM(CASE WHEN t.can_first_l IS NOT NULL AND t.can_last_l IS NOT NULL THEN t.can_last_l - t.can_first_l ELSE 0 END) AS can,
  SUM(CASE WHEN t.can_first_l IS NOT NULL AND t.can_last_l IS NOT NULL THEN 1 ELSE 0 END) AS can_days,
  MAX(t.plate_code) AS plate, MAX(t.company_id) AS company, MAX(t.fleet_path) AS fleet_path`;

interface SumRow {
  vehicle_id: string;
  day?: string;
  distance: number | string;
  consumed: number | string;
  refuelled: number | string;
  loss: number | string;
  can: number | string;
  can_days: number | string;
  plate: string;
  company: string;
  fleet_path: string;
}

/** Figures from sums: L/100 km only with distance, the CAN comparison only where a counter was sent. */
export function figuresOf(sums: { distance: number; consumed: number; refuelled: number; loss: number; can: number | null }): FuelFigures {
  const consumedL = round1(sums.consumed);
  const canConsumedL = sums.can === null ? null : round1(sums.can);
  return {
    distanceKm: round1(sums.distance),
    consumedL,
    refuelledL: round1(sums.refuelled),
    suspectedLossL: round1(sums.loss),
    litresPer100Km: sums.distance > 0 ? round1((sums.consumed / sums.distance) * 100) : null,
    canConsumedL,
    canDifferenceL: canConsumedL === null ? null : round1(consumedL - canConsumedL),
  };
}

const lastIdOf = (path: string) => path.split('/').filter(Boolean).pop() ?? '';

/** Reads of the fuel ledger: the curve, events, the report and trips, each within the caller's vehicle scope. */
@Injectable()
export class FuelQueryService {
  constructor(
    @InjectRepository(FuelEventRow, 'vehicle_service') private readonly events: Repository<FuelEventRow>,
    @InjectRepository(FuelLevelRow, 'vehicle_service') private readonly levels: Repository<FuelLevelRow>,
    @InjectRepository(FuelDayRow, 'vehicle_service') private readonly days: Repository<FuelDayRow>,
    @InjectRepository(FuelTripRow, 'vehicle_service') private readonly tripRows: Repository<FuelTripRow>,
    private readonly registry: VehicleRegistry,
  ) {}

  /** The curve and its markers for the multiCar info panel and history playback. */
  async curve(user: AuthUser, vehicleId: string, startTime: string, endTime: string): Promise<FuelCurve> {
    this.registry.inScope(user, vehicleId);
    const { startS, endS } = queryWindow(startTime, endTime, CURVE_MAX_DAYS);
    const window = Between(startS * 1000, endS * 1000 + 999);
    const points = await this.levels.find({ where: { vehicleId, at: window }, order: { at: 'ASC' } });
    const events = await this.events.find({ where: { vehicleId, endedAt: window }, order: { endedAt: 'ASC' } });
    return { vehicleId, points: points.map((p) => ({ at: p.at, litres: p.litres })), events: events.map(eventView) };
  }

  async trips(user: AuthUser, vehicleId: string, startTime: string, endTime: string): Promise<FuelTripView[]> {
    const vehicle = this.registry.inScope(user, vehicleId);
    const { startS, endS } = queryWindow(startTime, endTime, REPORT_MAX_DAYS);
    const rows = await this.tripRows.find({ where: { vehicleId, startedAt: Between(startS * 1000, endS * 1000 + 999) }, order: { startedAt: 'ASC' } });
    return rows.map((row) => ({
      vehicleId,
      plateCode: vehicle.plateCode,
      startedAt: row.startedAt,
      endedAt: row.endedAt,
      ...figuresOf({ distance: row.distanceKm, consumed: consumedOf(row), refuelled: row.refuelledL, loss: row.lossL, can: row.canFirstL !== null && row.canLastL !== null ? row.canLastL - row.canFirstL : null }),
    }));
  }

  async eventPage(user: AuthUser, query: FuelEventsQueryDto, all = false): Promise<Page<FuelEventView>> {
    const { startS, endS } = this.checkFilter(user, query);
    const builder = this.filtered(this.events.createQueryBuilder('t'), user, query).andWhere('t.ended_at BETWEEN :from AND :to', { from: startS * 1000, to: endS * 1000 + 999 });
    if (query.kind) builder.andWhere('t.kind = :kind', { kind: query.kind });
    builder.orderBy('t.ended_at', 'DESC').addOrderBy('t.id', 'DESC');
    if (!all) builder.skip((query.current - 1) * query.size).take(query.size);
    const [rows, total] = await builder.getManyAndCount();
    return { records: rows.map(eventView), total, current: all ? 1 : query.current, size: all ? rows.length : query.size };
  }

  /** Per vehicle (or vehicle and day) over the window, the page asked for, and every fleet's totals. */
  async report(user: AuthUser, query: FuelReportQueryDto, all = false): Promise<FuelReport> {
    const { startS, endS } = this.checkFilter(user, query);
    const byDay = query.groupBy === 'day';
    const builder = this.filtered(this.days.createQueryBuilder('t'), user, query)
      .select(`t.vehicle_id AS vehicle_id${byDay ? ', t.day AS day' : ''}, ${SUMS}`)
      .andWhere('t.day BETWEEN :from AND :to', { from: chinaDate(startS * 1000), to: chinaDate(endS * 1000) })
      .groupBy(byDay ? 't.vehicle_id, t.day' : 't.vehicle_id')
      .orderBy('t.vehicle_id', 'ASC');
    if (byDay) builder.addOrderBy('t.day', 'ASC');
    const sums = (await builder.getRawMany<SumRow>()).map((row) => ({ row, sums: sumsOf(row) }));
    const rows: FuelReportRow[] = sums.map(({ row, sums: s }) => ({
      vehicleId: String(row.vehicle_id),
      plateCode: row.plate,
      companyId: String(row.company),
      fleetId: lastIdOf(row.fleet_path),
      day: row.day ?? '',
      ...figuresOf(s),
    }));
    const fleets = new Map<string, { distance: number; consumed: number; refuelled: number; loss: number; can: number | null; vehicles: Set<string> }>();
    sums.forEach(({ sums: s }, index) => {
      const fleetId = rows[index].fleetId;
      const fleet = fleets.get(fleetId) ?? { distance: 0, consumed: 0, refuelled: 0, loss: 0, can: null, vehicles: new Set<string>() };
      fleets.set(fleetId, { distance: fleet.distance + s.distance, consumed: fleet.consumed + s.consumed, refuelled: fleet.refuelled + s.refuelled, loss: fleet.loss + s.loss, can: s.can === null ? fleet.can : (fleet.can ?? 0) + s.can, vehicles: fleet.vehicles.add(rows[index].vehicleId) });
    });
    const fleetRows: FuelFleetRow[] = [...fleets.entries()].map(([fleetId, f]) => ({ fleetId, vehicles: f.vehicles.size, ...figuresOf(f) }));
    const page = all ? rows : rows.slice((query.current - 1) * query.size, query.current * query.size);
    return { rows: page, total: rows.length, fleets: fleetRows };
  }

  private checkFilter(user: AuthUser, query: FuelFilterDto): { startS: number; endS: number } {
    checkFilterScope(user, this.registry.all(), { companyId: query.companyId, fleetId: query.fleetId, vehicleIds: query.vehicleIds });
    return queryWindow(query.startTime, query.endTime, REPORT_MAX_DAYS);
  }

  /** Scope and the shared filter on a table with company_path, fleet_path, vehicle_id and plate_code. */
  private filtered<T extends ObjectLiteral>(builder: SelectQueryBuilder<T>, user: AuthUser, query: FuelFilterDto): SelectQueryBuilder<T> {
    whereInScope(builder, user, 't', { vehicleColumn: 'vehicle_id' });
    if (query.companyId) builder.andWhere('t.company_path LIKE :company', { company: `%/${query.companyId}/%` });
    if (query.fleetId) builder.andWhere('t.fleet_path LIKE :fleet', { fleet: `%/${query.fleetId}/%` });
    const vehicleIds = (query.vehicleIds ?? '').split(',').map((id) => id.trim()).filter(Boolean);
    if (vehicleIds.length) builder.andWhere('t.vehicle_id IN (:...vehicleIds)', { vehicleIds });
    if (query.plateCode) builder.andWhere('t.plate_code LIKE :plate', { plate: `%${query.plateCode.replace(/[%_]/g, '')}%` });
    return builder;
  }
}

function sumsOf(row: SumRow) {
  return { distance: Number(row.distance), consumed: Number(row.consumed), refuelled: Number(row.refuelled), loss: Number(row.loss), can: Number(row.can_days) > 0 ? Number(row.can) : null };
}

export function eventView(row: FuelEventRow): FuelEventView {
  return {
    id: row.id,
    vehicleId: row.vehicleId,
    plateCode: row.plateCode,
    companyId: row.companyId,
    kind: row.kind as FuelEventKind,
    startedAt: row.startedAt,
    endedAt: row.endedAt,
    amountL: row.amountL,
    litresBefore: row.litresBefore,
    litresAfter: row.litresAfter,
    latitude: row.latitude,
    longitude: row.longitude,
    whileStopped: row.whileStopped === 1,
  };
}
