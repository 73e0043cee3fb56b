import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { checkFilterScope, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import type { ColdChainAlarmType, ColdChainCurve, ColdChainExcursion, ColdChainLiveRow, ColdChainReading, ColdChainReport, ColdChainTripRow } from '@openfleet/contracts';
import { placeName } from '@openfleet/geo';
import { queryWindow, type Page } from '@openfleet/service-kit';
import { whereInScope } from '@openfleet/storage';
import { Between, type ObjectLiteral, type Repository, type SelectQueryBuilder } from 'typeorm';
import { ColdChainConfigService } from './cold-chain-config.service';
import type { ColdChainPlaceFilterDto, ColdChainReportQueryDto } from './cold-chain.dto';
import { ColdChainExcursionRow, ColdChainLatestRow, ColdChainSampleRow } from './cold-chain.entities';
import { inRangePercent, tallyTrips } from './trip-tally';

const CURVE_MAX_DAYS = 7;
const REPORT_MAX_DAYS = 31;
/** Vehicles one report reads the reports of (the samples of 31 days are many): the rest ask for a narrower filter. */
const REPORT_MAX_VEHICLES = 200;

/** Reads of the cold chain: the monitor, the curve, excursions and the trip report, each within the caller's vehicle scope. */
@Injectable()
export class ColdChainQueryService {
  constructor(
    @InjectRepository(ColdChainLatestRow, 'industry') private readonly latest: Repository<ColdChainLatestRow>,
    @InjectRepository(ColdChainSampleRow, 'industry') private readonly samples: Repository<ColdChainSampleRow>,
    @InjectRepository(ColdChainExcursionRow, 'industry') private readonly excursionRows: Repository<ColdChainExcursionRow>,
    private readonly registry: VehicleRegistry,
    private readonly config: ColdChainConfigService,
  ) {}

  async live(user: AuthUser, filter: ColdChainPlaceFilterDto, all = false): Promise<Page<ColdChainLiveRow>> {
    checkFilterScope(user, this.registry.all(), filter);
    const builder = this.filtered(this.latest.createQueryBuilder('t'), user, filter).orderBy('t.plate_code', 'ASC');
    if (!all) builder.skip((filter.current - 1) * filter.size).take(filter.size);
    const [rows, total] = await builder.getManyAndCount();
    return { records: rows.map(liveRow), total, current: all ? 1 : filter.current, size: all ? rows.length : filter.size };
  }

  /** Probe values over at most 7 days, with the excursions and settings: history playback and the report's detail. */
  async curve(user: AuthUser, vehicleId: string, startTime: string, endTime: string): Promise<ColdChainCurve> {
    this.registry.inScope(user, vehicleId);
    const { startS, endS } = queryWindow(startTime, endTime, CURVE_MAX_DAYS);
    const window = Between(startS * 1000, endS * 1000 + 999);
    const points = await this.samples.find({ where: { vehicleId, at: window }, order: { at: 'ASC' } });
    const excursions = await this.excursionRows.find({ where: { vehicleId, startedAt: Between(0, endS * 1000 + 999) }, order: { startedAt: 'ASC' } });
    return {
      vehicleId,
      points: points.map((row) => ({ at: row.at, ...(JSON.parse(row.reading) as ColdChainReading) })),
      excursions: excursions.filter((row) => row.endedAt === null || row.endedAt >= startS * 1000).map(excursionView),
      settings: this.config.settingsOf(vehicleId),
    };
  }

  async excursions(user: AuthUser, filter: ColdChainReportQueryDto, all = false): Promise<Page<ColdChainExcursion>> {
    checkFilterScope(user, this.registry.all(), filter);
    const { startS, endS } = queryWindow(filter.startTime, filter.endTime, REPORT_MAX_DAYS);
    const builder = this.filtered(this.excursionRows.createQueryBuilder('t'), user, filter)
      .andWhere('t.started_at BETWEEN :from AND :to', { from: startS * 1000, to: endS * 1000 + 999 })
      .orderBy('t.started_at', 'DESC')
      .addOrderBy('t.id', 'DESC');
    if (!all) builder.skip((filter.current - 1) * filter.size).take(filter.size);
    const [rows, total] = await builder.getManyAndCount();
    return { records: rows.map(excursionView), total, current: all ? 1 : filter.current, size: all ? rows.length : filter.size };
  }

  /** Trips (ACC-on spells) of the filtered cold-chain vehicles in the window, with time in range and excursions. */
  async report(user: AuthUser, filter: ColdChainReportQueryDto, all = false): Promise<ColdChainReport> {
    checkFilterScope(user, this.registry.all(), filter);
    const { startS, endS } = queryWindow(filter.startTime, filter.endTime, REPORT_MAX_DAYS);
    const vehicles = (await this.filtered(this.latest.createQueryBuilder('t'), user, filter).orderBy('t.plate_code', 'ASC').take(REPORT_MAX_VEHICLES).getMany());
    const window = Between(startS * 1000, endS * 1000 + 999);
    const rows: ColdChainTripRow[] = [];
    for (const vehicle of vehicles) {
      const settings = this.config.settingsOf(vehicle.vehicleId);
      if (!settings) continue;
      const samples = await this.samples.find({ where: { vehicleId: vehicle.vehicleId, at: window }, order: { at: 'ASC' } });
      const excursions = await this.excursionRows.find({ where: { vehicleId: vehicle.vehicleId, startedAt: window } });
      for (const trip of tallyTrips(samples.map((row) => ({ at: row.at, accOn: row.accOn === 1, reading: JSON.parse(row.reading) as ColdChainReading })), settings)) {
        rows.push({
          vehicleId: vehicle.vehicleId,
          plateCode: vehicle.plateCode,
          companyId: vehicle.companyId,
          ...trip,
          inRangePercent: inRangePercent(trip),
          excursions: excursions.filter((row) => row.startedAt >= trip.startedAt && row.startedAt <= trip.endedAt).length,
        });
      }
    }
    const page = all ? rows : rows.slice((filter.current - 1) * filter.size, filter.current * filter.size);
    return { rows: page, total: rows.length };
  }

  /** Scope and the shared filter on a table with company_path, fleet_path, vehicle_id and plate_code. */
  private filtered<T extends ObjectLiteral>(builder: SelectQueryBuilder<T>, user: AuthUser, filter: ColdChainPlaceFilterDto): SelectQueryBuilder<T> {
    whereInScope(builder, user, 't', { vehicleColumn: 'vehicle_id' });
    if (filter.companyId) builder.andWhere('t.company_path LIKE :company', { company: `%/${filter.companyId}/%` });
    if (filter.fleetId) builder.andWhere('t.fleet_path LIKE :fleet', { fleet: `%/${filter.fleetId}/%` });
    const vehicleIds = (filter.vehicleIds ?? '').split(',').map((id) => id.trim()).filter(Boolean);
    if (vehicleIds.length) builder.andWhere('t.vehicle_id IN (:...vehicleIds)', { vehicleIds });
    if (filter.plateCode) builder.andWhere('t.plate_code LIKE :plate', { plate: `%${filter.plateCode.replace(/[%_]/g, '')}%` });
    return builder;
  }
}

function liveRow(row: ColdChainLatestRow): ColdChainLiveRow {
  return {
    vehicleId: row.vehicleId,
    plateCode: row.plateCode,
    companyId: row.companyId,
    at: row.at,
    latitude: row.latitude,
    longitude: row.longitude,
    speedKmh: row.speedKmh,
    active: JSON.parse(row.active || '[]') as ColdChainAlarmType[],
    profileId: row.profileId,
    place: placeName(row.longitude, row.latitude),
    ...(JSON.parse(row.reading) as ColdChainReading),
  };
}

export function excursionView(row: ColdChainExcursionRow): ColdChainExcursion {
  return {
    id: row.id,
    vehicleId: row.vehicleId,
    plateCode: row.plateCode,
    type: row.type as ColdChainAlarmType,
    probe: row.probe,
    startedAt: row.startedAt,
    endedAt: row.endedAt,
    durationS: Math.round(((row.endedAt ?? Date.now()) - row.startedAt) / 1000),
    extreme: row.extreme,
    latitude: row.latitude,
    longitude: row.longitude,
    // Named offline from the bundled boundaries when read (no stored name to go stale; ≥ 200k lookups a CPU-second).
    place: placeName(row.longitude, row.latitude),
  };
}

