import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { checkFilterScope, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import type { FaultKindSummary, FaultRow, FaultSource } from '@openfleet/contracts';
import { queryWindow, type Page } from '@openfleet/service-kit';
import { whereInScope } from '@openfleet/storage';
import type { Repository, SelectQueryBuilder } from 'typeorm';
import type { FaultQueryDto } from './fault.dto';
import { FaultRecord } from './fault-record.entity';

/** Spec §9 query windows: the fault screens look back at most 30 days at once. */
const MAX_DAYS = 30;

/** The faults of the caller's scope: per vehicle with their duration, and summed per kind. */
@Injectable()
export class FaultService {
  constructor(
    @InjectRepository(FaultRecord, 'alarm') private readonly faults: Repository<FaultRecord>,
    private readonly registry: VehicleRegistry,
  ) {}

  /** By vehicle (plate), newest first within it; 8002 for a vehicle filter naming what the caller cannot see. */
  async page(user: AuthUser, query: FaultQueryDto, now = Date.now()): Promise<Page<FaultRow>> {
    const [records, total] = await this.filtered(user, query)
      .orderBy('f.plate_code', 'ASC')
      .addOrderBy('f.started_at', 'DESC')
      .addOrderBy('f.id', 'DESC')
      .skip((query.current - 1) * query.size)
      .take(query.size)
      .getManyAndCount();
    return { records: records.map((f) => faultRowOf(f, now)), total, current: query.current, size: query.size };
  }

  /** Per kind: how many faults, how many still going, on how many vehicles, and their total duration (s). */
  async summary(user: AuthUser, query: FaultQueryDto, now = Date.now()): Promise<FaultKindSummary[]> {
    const rows = await this.filtered(user, query)
      .select('f.kind', 'kind')
      .addSelect('COUNT(*)', 'count')
      .addSelect('SUM(CASE WHEN f.ended_at = 0 THEN 1 ELSE 0 END)', 'ongoing')
      .addSelect('COUNT(DISTINCT f.vehicle_id)', 'vehicles')
      .addSelect('SUM(CASE WHEN f.ended_at = 0 THEN :now ELSE f.ended_at END - f.started_at)', 'durationMs')
      .setParameter('now', now)
      .groupBy('f.kind')
      .getRawMany<{ kind: string; count: string | number; ongoing: string | number; vehicles: string | number; durationMs: string | number | null }>();
    return rows
      .map((r) => ({ kind: r.kind, count: Number(r.count), ongoing: Number(r.ongoing), vehicles: Number(r.vehicles), durationS: Math.max(0, Math.round(Number(r.durationMs ?? 0) / 1000)) }))
      .sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind));
  }

  private filtered(user: AuthUser, query: FaultQueryDto): SelectQueryBuilder<FaultRecord> {
    const { startS, endS } = queryWindow(query.startTime, query.endTime, MAX_DAYS);
    checkFilterScope(user, this.registry.all(), { vehicleIds: query.vehicleId });
    const q = whereInScope(this.faults.createQueryBuilder('f'), user, 'f', { vehicleColumn: 'vehicle_id' }).andWhere('f.started_at BETWEEN :from AND :to', { from: startS * 1000, to: endS * 1000 + 999 });
    if (query.kind) q.andWhere('f.kind = :kind', { kind: query.kind });
    if (query.source) q.andWhere('f.source = :source', { source: query.source });
    if (query.status === 0) q.andWhere('f.ended_at = 0');
    if (query.status === 1) q.andWhere('f.ended_at > 0');
    if (query.vehicleId) q.andWhere('f.vehicle_id = :vehicleId', { vehicleId: query.vehicleId });
    if (query.keyword?.trim()) q.andWhere('f.plate_code LIKE :plate', { plate: `%${query.keyword.trim().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` });
    return q;
  }
}

export function faultRowOf(f: FaultRecord, now: number): FaultRow {
  return {
    id: f.id,
    kind: f.kind,
    source: f.source as FaultSource,
    bit: f.bit,
    terminalPhone: f.terminalPhone,
    vehicleId: f.vehicleId,
    plateCode: f.plateCode,
    startedAt: f.startedAt,
    endedAt: f.endedAt,
    durationS: Math.max(0, Math.round(((f.endedAt || now) - f.startedAt) / 1000)),
    status: f.endedAt ? 1 : 0,
  };
}
