import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { VehicleRegistry, type AuthUser } from '@openfleet/auth';
import type { BusDirection, BusLineView, BusStop } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { Page } from '@openfleet/service-kit';
import { pathOf, rowInScope, TransactionRunner, whereCompanyInScope } from '@openfleet/storage';
import { In, Not, type DataSource, type EntityManager, type Repository } from 'typeorm';
import { BusLineCatalogue } from './bus-line-catalogue';
import type { BusLineDto, BusLineQueryDto } from './bus-line.dto';
import { BusLineRow, BusLineVehicleRow, BusVehicleStateRow } from './bus-line.entities';

/**
 * Lines of a company, their stops in both directions and the vehicles on them. A line belongs to
 * a company (as a fence does): a caller sees the lines of the companies in their scope; another
 * company's line answers 1001 as an unknown one. A vehicle runs on one line at a time.
 */
@Injectable()
export class BusLineService {
  private readonly transactions: TransactionRunner;

  constructor(
    @InjectRepository(BusLineRow, 'industry') private readonly lines: Repository<BusLineRow>,
    @InjectDataSource('industry') dataSource: DataSource,
    private readonly registry: VehicleRegistry,
    private readonly catalogue: BusLineCatalogue,
  ) {
    this.transactions = new TransactionRunner(dataSource);
  }

  async page(user: AuthUser, query: BusLineQueryDto, all = false): Promise<Page<BusLineView>> {
    const builder = whereCompanyInScope(this.lines.createQueryBuilder('l'), user, 'l');
    if (query.companyId) builder.andWhere('l.company_id = :companyId', { companyId: query.companyId });
    if (query.keyword) builder.andWhere('(l.code LIKE :keyword OR l.name LIKE :keyword)', { keyword: `%${query.keyword}%` });
    builder.orderBy('l.code', 'ASC').addOrderBy('l.id', 'ASC');
    if (!all) builder.skip((query.current - 1) * query.size).take(query.size);
    const [rows, total] = await builder.getManyAndCount();
    return { records: rows.map((row) => this.view(row)), total, current: all ? 1 : query.current, size: all ? rows.length : query.size };
  }

  async one(user: AuthUser, id: number): Promise<BusLineView> {
    return this.view(await this.get(user, id));
  }

  /** The line if the caller may see it; another company's answers as one that does not exist. */
  async get(user: AuthUser, id: number): Promise<BusLineRow> {
    const line = await this.lines.findOneBy({ id });
    if (!line || !rowInScope(user, line)) throw new AppError(ErrorCode.RECORD_NOT_FOUND, { data: id });
    return line;
  }

  async create(user: AuthUser, dto: BusLineDto, manager?: EntityManager): Promise<BusLineView> {
    const owner = this.ownerOf(user, dto.companyId);
    this.check(user, dto);
    const now = Date.now();
    const saved = await this.inTransaction(manager, async (tx) => {
      await this.assertFree(tx, owner.companyId, dto, undefined);
      const row = tx.create(BusLineRow, { ...this.fields(dto), ...owner, fleetPath: '', createdAt: now, updatedAt: now });
      await tx.save(row);
      await this.assign(tx, row.id, dto.vehicles);
      return row;
    });
    await this.catalogue.reload();
    return this.view(saved);
  }

  async update(user: AuthUser, id: number, dto: BusLineDto): Promise<BusLineView> {
    const line = await this.get(user, id);
    this.check(user, dto);
    await this.inTransaction(undefined, async (tx) => {
      await this.assertFree(tx, line.companyId, dto, id);
      Object.assign(line, this.fields(dto), { updatedAt: Date.now() });
      await tx.save(line);
      await tx.delete(BusLineVehicleRow, { lineId: id });
      await this.assign(tx, id, dto.vehicles);
    });
    await this.catalogue.reload();
    return this.view(line);
  }

  async remove(user: AuthUser, ids: number[]): Promise<void> {
    for (const id of ids) await this.get(user, id);
    await this.inTransaction(undefined, async (tx) => {
      await tx.delete(BusLineVehicleRow, { lineId: In(ids) });
      await tx.delete(BusVehicleStateRow, { lineId: In(ids) });
      await tx.delete(BusLineRow, { id: In(ids) });
    });
    await this.catalogue.reload();
  }

  view(row: BusLineRow): BusLineView {
    return {
      id: row.id,
      code: row.code,
      name: row.name,
      companyId: row.companyId,
      scheduledHeadwayS: row.scheduledHeadwayS,
      up: row.upStops,
      down: row.downStops,
      vehicles: this.catalogue.vehiclesOf(row.id).map((v) => ({ ...v, plateCode: this.registry.byVehicleId(v.vehicleId)?.plateCode ?? '' })),
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  }

  /** 400 with every problem of the stops; 8002 for a vehicle out of the caller's scope. */
  private check(user: AuthUser, dto: BusLineDto): void {
    const problems: string[] = [];
    const checkStops = (direction: BusDirection, stops: BusStop[]) => {
      if (stops.length === 1 || (direction === 'up' && stops.length < 2)) problems.push(`${direction}: at least 2 stops`);
      const seen = new Set<string>();
      for (const stop of stops) {
        if (seen.has(stop.stopId)) problems.push(`${direction}: stop id ${stop.stopId} twice`);
        seen.add(stop.stopId);
      }
    };
    checkStops('up', dto.up);
    checkStops('down', dto.down);
    if (new Set(dto.vehicles.map((v) => v.vehicleId)).size !== dto.vehicles.length) problems.push('vehicles: a vehicle twice');
    if (problems.length) throw new AppError(ErrorCode.BAD_PARAMETER, { data: problems });
    for (const vehicle of dto.vehicles) this.registry.inScope(user, vehicle.vehicleId);
  }

  /** 1002 for a code the company already has, or a vehicle already on another line. */
  private async assertFree(manager: EntityManager, companyId: string, dto: BusLineDto, exceptId: number | undefined): Promise<void> {
    const same = await manager.findOneBy(BusLineRow, { companyId, code: dto.code });
    if (same && same.id !== exceptId) throw new AppError(ErrorCode.RECORD_DUPLICATE, { data: { code: dto.code } });
    const ids = dto.vehicles.map((v) => v.vehicleId);
    if (!ids.length) return;
    const taken = await manager.findBy(BusLineVehicleRow, exceptId === undefined ? { vehicleId: In(ids) } : { vehicleId: In(ids), lineId: Not(exceptId) });
    if (taken.length) throw new AppError(ErrorCode.RECORD_DUPLICATE, { data: { vehicleIds: taken.map((row) => row.vehicleId) } });
  }

  private async assign(manager: EntityManager, lineId: number, vehicles: BusLineDto['vehicles']): Promise<void> {
    if (vehicles.length) await manager.insert(BusLineVehicleRow, vehicles.map((v) => ({ vehicleId: v.vehicleId, lineId, direction: v.direction })));
  }

  private fields(dto: BusLineDto) {
    const stop = (s: BusStop): BusStop => ({ stopId: s.stopId, name: s.name, longitude: s.longitude, latitude: s.latitude, radiusM: s.radiusM });
    return { code: dto.code.trim(), name: dto.name.trim(), scheduledHeadwayS: dto.scheduledHeadwayS ?? null, upStops: dto.up.map(stop), downStops: dto.down.map(stop) };
  }

  /** The company a line belongs to, within the caller's scope (companies are admin's: the path comes from one of its vehicles). */
  private ownerOf(user: AuthUser, companyId: string | undefined): { companyId: string; companyPath: string } {
    const id = companyId || user.companyId;
    const vehicle = [...this.registry.all()].find((v) => v.companyId === id);
    const path = vehicle ? pathOf(vehicle.companyPath.map(String)) : pathOf([id]);
    if (!user.superAdmin && !user.scope.companies.some((root) => path.includes(`/${root}/`))) throw new AppError(ErrorCode.COMPANY_MISMATCH, { data: { companyId: id } });
    return { companyId: id, companyPath: path };
  }

  private inTransaction<T>(manager: EntityManager | undefined, work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return manager ? work(manager) : this.transactions.run(work);
  }
}
