import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import type { EmissionObd, EmissionSeries, EmissionStream } from '@openfleet/contracts';
import { queryWindow, type Page } from '@openfleet/service-kit';
import type { Repository } from 'typeorm';
import { VehicleRegistry } from '@openfleet/auth';
import { EmissionObdRow, EmissionStreamRow } from './emission.entities';

/** A list covers at most 7 days; a chart (every stream of the window) at most 1 day: 8,640 points at 10 s. */
const MAX_LIST_DAYS = 7;
const MAX_SERIES_DAYS = 1;

interface Window {
  vehicleId: string;
  startTime: string;
  endTime: string;
}

type PageWindow = Window & { current: number; size: number };

/** HJ 1239 emission data of a vehicle in the caller's scope: streams and OBD pages, chart series. */
@Injectable()
export class EmissionService {
  constructor(
    @InjectRepository(EmissionStreamRow, 'energy') private readonly streams: Repository<EmissionStreamRow>,
    @InjectRepository(EmissionObdRow, 'energy') private readonly obd: Repository<EmissionObdRow>,
    private readonly registry: VehicleRegistry,
  ) {}

  private range(user: AuthUser, query: Window, maxDays: number): { plateCode: string; from: number; to: number } {
    const vehicle = this.registry.inScope(user, query.vehicleId);
    const { startS, endS } = queryWindow(query.startTime, query.endTime, maxDays);
    return { plateCode: vehicle.plateCode, from: startS * 1000, to: endS * 1000 + 999 };
  }

  /** A page of a vehicle's rows in the window, newest first, each with the vehicle's plate. */
  private async page<Row extends { vehicleId: string; collectedAt: number; receivedAt: number }, Out>(
    repository: Repository<Row>,
    user: AuthUser,
    query: PageWindow,
    shape: (row: Omit<Row, 'receivedAt'>, plateCode: string) => Out,
  ): Promise<Page<Out>> {
    const { plateCode, from, to } = this.range(user, query, MAX_LIST_DAYS);
    const [rows, total] = await repository
      .createQueryBuilder('r')
      .where('r.vehicle_id = :vehicleId AND r.collected_at BETWEEN :from AND :to', { vehicleId: query.vehicleId, from, to })
      .orderBy('r.collected_at', 'DESC')
      .skip((query.current - 1) * query.size)
      .take(query.size)
      .getManyAndCount();
    return { records: rows.map(({ receivedAt: _r, ...row }) => shape(row, plateCode)), total, current: query.current, size: query.size };
  }

  streamPage(user: AuthUser, query: PageWindow): Promise<Page<EmissionStream>> {
    return this.page(this.streams, user, query, (row, plateCode) => ({ ...row, plateCode }));
  }

  obdPage(user: AuthUser, query: PageWindow): Promise<Page<EmissionObd>> {
    return this.page(this.obd, user, query, ({ faultCodes, ...row }, plateCode) => ({ ...row, plateCode, faultCodes: faultCodes === null ? null : (JSON.parse(faultCodes) as number[]) }));
  }

  /** The noxData and ureaData charts: oldest first, one array per reading. */
  async series(user: AuthUser, query: Window): Promise<EmissionSeries> {
    const { from, to } = this.range(user, query, MAX_SERIES_DAYS);
    const rows = await this.streams
      .createQueryBuilder('s')
      .select(['s.collectedAt', 's.noxUpstream', 's.noxDownstream', 's.scrInletTemp', 's.scrOutletTemp', 's.reagent', 's.ureaTankTemp', 's.ureaDosing', 's.totalUrea', 's.engineRpm', 's.speed'])
      .where('s.vehicle_id = :vehicleId AND s.collected_at BETWEEN :from AND :to', { vehicleId: query.vehicleId, from, to })
      .orderBy('s.collected_at', 'ASC')
      .getMany();
    const column = <K extends keyof EmissionStreamRow>(key: K) => rows.map((r) => r[key]);
    return {
      t: column('collectedAt'),
      noxUpstream: column('noxUpstream'),
      noxDownstream: column('noxDownstream'),
      scrInletTemp: column('scrInletTemp'),
      scrOutletTemp: column('scrOutletTemp'),
      reagent: column('reagent'),
      ureaTankTemp: column('ureaTankTemp'),
      ureaDosing: column('ureaDosing'),
      totalUrea: column('totalUrea'),
      engineRpm: column('engineRpm'),
      speed: column('speed'),
    };
  }
}
