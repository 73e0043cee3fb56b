import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import { existingKeys, validateImport, writeSheet } from '@openfleet/service-kit';
import { rowInScope, TransactionRunner, whereCompanyInScope } from '@openfleet/storage';
import type { DataSource, EntityManager, ObjectLiteral } from 'typeorm';
import { VehicleRegistry } from '@openfleet/auth';
import type { BatteryListQuery, BatteryModuleDto, BatteryPackDto, BatteryRecordDto } from './battery.dto';
import { BatteryModel, BatteryModule, BatteryPack, BatteryRecord, PackState, RECORD_KINDS } from './battery.entities';
import type { BatteryResource } from './battery-resources';

type Row = { id: number; companyId: string; companyPath: string; updatedAt: number } & Record<string, unknown>;

/**
 * Battery traceability (spec §1): models, packs from production, their modules, and the log of
 * each pack's after-sale, recovery and retirement steps, which moves the pack's state. Rows belong
 * to the company that wrote them; a caller sees and changes those of their company roots only.
 */
@Injectable()
export class BatteryService {
  /** Serial on SQLite beside the report ingest. */
  private readonly transactions: TransactionRunner;

  constructor(
    @InjectDataSource('energy') private readonly dataSource: DataSource,
    private readonly registry: VehicleRegistry,
  ) {
    this.transactions = new TransactionRunner(dataSource);
  }

  async list(user: AuthUser, resource: BatteryResource, query: BatteryListQuery): Promise<{ records: Row[]; total: number }> {
    const qb = whereCompanyInScope(this.dataSource.getRepository(resource.entity).createQueryBuilder('b'), user, 'b');
    if (resource.kinds) qb.andWhere('b.kind IN (:...kinds)', { kinds: resource.kinds });
    if (query.state !== undefined && resource.entity === BatteryPack) qb.andWhere('b.state = :state', { state: query.state });
    if (query.keyword) {
      // '!' escapes the wildcards: a backslash would need escaping differently on MySQL and SQLite.
      const like = `%${query.keyword.replace(/[!%_]/g, (c) => `!${c}`)}%`;
      qb.andWhere(`(${resource.searchFields.map((field) => `b.${field} LIKE :like ESCAPE '!'`).join(' OR ')})`, { like });
    }
    const size = query.size ?? 20;
    const [records, total] = await qb.orderBy('b.id', 'DESC').skip(((query.current ?? 1) - 1) * size).take(size).getManyAndCount();
    return { records: records as unknown as Row[], total };
  }

  async create(user: AuthUser, resource: BatteryResource, dto: object): Promise<Row> {
    return this.transactions.run((manager) => this.insert(manager, user, resource, dto));
  }

  async update(user: AuthUser, resource: BatteryResource, id: number, dto: object): Promise<Row> {
    if (resource.appendOnly) throw new AppError(ErrorCode.NO_PERMISSION, { data: 'traceability records are not edited' });
    return this.transactions.run(async (manager) => {
      const row = await this.owned(manager, user, resource, id);
      const code = resource.codeField;
      if (code && (dto as Record<string, unknown>)[code] !== row[code]) await this.unique(manager, resource, String((dto as Record<string, unknown>)[code]));
      if (resource.entity === BatteryPack) await this.modelExists(manager, user, (dto as BatteryPackDto).modelCode);
      if (resource.entity === BatteryModule) await this.packOf(manager, user, (dto as BatteryModuleDto).packCode);
      const changed = { ...dto, ...(resource.entity === BatteryPack ? this.installation(row as unknown as BatteryPack, dto as BatteryPackDto) : {}), updatedAt: Date.now() };
      await manager.update(resource.entity, { id }, changed);
      return { ...row, ...changed } as Row;
    });
  }

  async remove(user: AuthUser, resource: BatteryResource, id: number): Promise<void> {
    if (resource.appendOnly) throw new AppError(ErrorCode.NO_PERMISSION, { data: 'traceability records are not deleted' });
    await this.transactions.run(async (manager) => {
      const row = await this.owned(manager, user, resource, id);
      const used =
        (resource.entity === BatteryModel && (await manager.exists(BatteryPack, { where: { modelCode: String(row.modelCode) } }))) ||
        (resource.entity === BatteryPack && ((await manager.exists(BatteryModule, { where: { packCode: String(row.packCode) } })) || (await manager.exists(BatteryRecord, { where: { packCode: String(row.packCode) } }))));
      if (used) throw new AppError(ErrorCode.BATTERY_IN_USE, { data: id });
      await manager.delete(resource.entity, { id });
    });
  }

  /** xlsx of at most 1000 rows into the caller's company: any bad row and nothing is written (5005 with the rows' reasons). */
  async import(user: AuthUser, resource: BatteryResource, file: Buffer): Promise<{ imported: number }> {
    const dtos = await validateImport<object>(file, {
      columns: resource.columns,
      dto: resource.dto,
      numeric: resource.columns.map((c) => c.key).filter((key) => ['chemistry', 'ratedCapacityAh', 'ratedVoltageV', 'ratedEnergyKwh', 'cellCount', 'residualCapacityPct', 'destination'].includes(key)),
      uniqueKey: (dto) => (resource.codeField ? String((dto as Record<string, unknown>)[resource.codeField]) : JSON.stringify(dto)),
      existingInDatabase: async (dtos) => {
        const code = resource.codeField;
        if (!code) return new Map<string, string>();
        const codes = dtos.map((dto) => String((dto as Record<string, unknown>)[code]));
        return existingKeys(this.dataSource.getRepository<ObjectLiteral>(resource.entity), code, codes, `${ErrorCode.BATTERY_CODE_DUPLICATE}: code exists`);
      },
    });
    if (resource.kinds) for (const dto of dtos) if (!resource.kinds.includes((dto as BatteryRecordDto).kind)) throw new AppError(ErrorCode.IMPORT_FAILED, { data: [{ row: dtos.indexOf(dto) + 2, reasons: [`kind must be one of ${resource.kinds.join(', ')}`] }] });
    // References and state moves are checked row by row in one transaction: a refusal writes nothing.
    await this.transactions.run(async (manager) => {
      for (const [index, dto] of dtos.entries()) {
        try {
          await this.insert(manager, user, resource, dto);
        } catch (error) {
          const code = error instanceof AppError ? error.errorCode : ErrorCode.IMPORT_FAILED;
          throw new AppError(ErrorCode.IMPORT_FAILED, { data: [{ row: index + 2, reasons: [`${code}: ${(error as Error).message}`] }] });
        }
      }
    });
    return { imported: dtos.length };
  }

  async export(user: AuthUser, resource: BatteryResource): Promise<Buffer> {
    const { records } = await this.list(user, resource, { current: 1, size: 100_000 });
    return writeSheet('battery', resource.columns, records);
  }

  /** A pack from production to now: the pack, its modules and its steps in order. */
  async trace(user: AuthUser, packCode: string): Promise<{ pack: BatteryPack; modules: BatteryModule[]; records: BatteryRecord[] }> {
    const pack = await this.packOf(this.dataSource.manager, user, packCode);
    const [modules, records] = await Promise.all([
      this.dataSource.getRepository(BatteryModule).find({ where: { packCode }, order: { moduleCode: 'ASC' } }),
      this.dataSource.getRepository(BatteryRecord).find({ where: { packCode }, order: { happenedOn: 'ASC', id: 'ASC' } }),
    ]);
    return { pack, modules, records };
  }

  private async insert(manager: EntityManager, user: AuthUser, resource: BatteryResource, dto: object): Promise<Row> {
    const owner = { companyId: user.companyId, companyPath: this.registry.companyPathOf(user.companyId), updatedAt: Date.now() };
    if (resource.codeField) await this.unique(manager, resource, String((dto as Record<string, unknown>)[resource.codeField]));
    let extra: Record<string, unknown> = {};
    if (resource.entity === BatteryPack) {
      const pack = dto as BatteryPackDto;
      await this.modelExists(manager, user, pack.modelCode);
      extra = { state: pack.vin ? PackState.INSTALLED : PackState.PRODUCED, vin: pack.vin ?? '', installedOn: pack.installedOn ?? '' };
    } else if (resource.entity === BatteryModule) {
      extra = { state: (await this.packOf(manager, user, (dto as BatteryModuleDto).packCode)).state };
    } else if (resource.entity === BatteryRecord) {
      const record = dto as BatteryRecordDto;
      if (!resource.kinds?.includes(record.kind) || resource.readOnly) throw new AppError(ErrorCode.BAD_PARAMETER, { data: `kind ${record.kind} is not recorded here` });
      const pack = await this.packOf(manager, user, record.packCode);
      if (pack.state === PackState.RETIRED) throw new AppError(ErrorCode.BATTERY_PACK_RETIRED, { data: record.packCode });
      const state = RECORD_KINDS[record.kind];
      // Leaving the after-sale warehouse puts a pack back on a vehicle only if it has one.
      const next = record.kind === 'warehouseOut' && !pack.vin ? PackState.PRODUCED : state;
      await manager.update(BatteryPack, { id: pack.id }, { state: next, updatedAt: owner.updatedAt });
      await manager.update(BatteryModule, { packCode: pack.packCode }, { state: next, updatedAt: owner.updatedAt });
    }
    const row = manager.create(resource.entity as typeof BatteryModel, { ...(dto as object), ...extra, ...owner });
    return (await manager.save(row)) as unknown as Row;
  }

  private installation(pack: BatteryPack, dto: BatteryPackDto): Partial<BatteryPack> {
    if (pack.state !== PackState.PRODUCED && pack.state !== PackState.INSTALLED) return {};
    return { state: dto.vin ? PackState.INSTALLED : PackState.PRODUCED, vin: dto.vin ?? '', installedOn: dto.installedOn ?? '' };
  }

  private async owned(manager: EntityManager, user: AuthUser, resource: BatteryResource, id: number): Promise<Row> {
    const row = (await manager.findOneBy(resource.entity, { id })) as Row | null;
    if (!row || !rowInScope(user, { companyPath: row.companyPath, fleetPath: '' }) || (resource.kinds && !resource.kinds.includes(row.kind as never))) throw new AppError(ErrorCode.ALREADY_DELETED, { data: id });
    return row;
  }

  private async unique(manager: EntityManager, resource: BatteryResource, code: string): Promise<void> {
    if (await manager.exists(resource.entity, { where: { [resource.codeField!]: code } })) throw new AppError(ErrorCode.BATTERY_CODE_DUPLICATE, { data: code });
  }

  private async modelExists(manager: EntityManager, user: AuthUser, modelCode: string): Promise<void> {
    const model = await manager.findOneBy(BatteryModel, { modelCode });
    if (!model || !rowInScope(user, { companyPath: model.companyPath, fleetPath: '' })) throw new AppError(ErrorCode.BATTERY_MODEL_NOT_FOUND, { data: modelCode });
  }

  private async packOf(manager: EntityManager, user: AuthUser, packCode: string): Promise<BatteryPack> {
    const pack = await manager.findOneBy(BatteryPack, { packCode });
    if (!pack || !rowInScope(user, { companyPath: pack.companyPath, fleetPath: '' })) throw new AppError(ErrorCode.BATTERY_PACK_NOT_FOUND, { data: packCode });
    return pack;
  }
}
