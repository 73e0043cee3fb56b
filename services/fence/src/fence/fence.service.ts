import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { validateFence, type FenceInput } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { Page } from '@openfleet/service-kit';
import { pathOf, rowInScope, whereInScope } from '@openfleet/storage';
import { In, type FindOptionsWhere, type Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { FenceBinding, FenceIssue, IssueState } from '../binding/fence-binding.entity';
import { VehicleRegistry } from '@openfleet/auth';
import type { FenceDto, FencePageQueryDto } from './fence.dto';
import { FenceCatalogue } from './fence-catalogue';
import { Fence } from './fence.entity';

/** Fences: create, change (bumping the version: issues of the old one become stale), list, delete. */
@Injectable()
export class FenceService {
  constructor(
    @InjectRepository(Fence, 'fence') private readonly fences: Repository<Fence>,
    @InjectRepository(FenceBinding, 'fence') private readonly bindings: Repository<FenceBinding>,
    @InjectRepository(FenceIssue, 'fence') private readonly issues: Repository<FenceIssue>,
    private readonly registry: VehicleRegistry,
    private readonly catalogue: FenceCatalogue,
  ) {}

  /** 400 with the failed §5 rules as data. */
  private check(dto: FenceDto): void {
    const problems = validateFence(dto as FenceInput);
    if (problems.length) throw new AppError(ErrorCode.BAD_PARAMETER, { data: problems });
  }

  /**
   * The company a fence belongs to, within the caller's scope, and its ancestor path (taken from a
   * vehicle of that company in the registry, since companies are admin's).
   */
  private ownerOf(user: AuthUser, companyId: string | undefined): { companyId: string; companyPath: string } {
    const id = companyId || user.companyId;
    const vehicle = [...this.registry.all()].find((v) => v.companyId === id);
    const path = vehicle ? pathOf(vehicle.companyPath.map(String)) : pathOf([id]);
    if (!user.superAdmin && !user.scope.companies.some((root) => path.includes(`/${root}/`))) throw new AppError(ErrorCode.COMPANY_MISMATCH, { data: { companyId: id } });
    return { companyId: id, companyPath: path };
  }

  async create(user: AuthUser, dto: FenceDto): Promise<Fence> {
    this.check(dto);
    const owner = this.ownerOf(user, dto.companyId);
    await this.assertNameFree(dto.name, owner.companyId, undefined);
    const now = Date.now();
    const fence = this.fences.create({ ...this.fields(dto), ...owner, fleetPath: '', version: 1, createdAt: now, updatedAt: now });
    await this.fences.insert(fence as QueryDeepPartialEntity<Fence>);
    await this.catalogue.reload();
    return fence;
  }

  async update(user: AuthUser, id: number, dto: FenceDto): Promise<Fence> {
    const fence = await this.editable(user, id);
    this.check(dto);
    await this.assertNameFree(dto.name, fence.companyId, id);
    Object.assign(fence, this.fields(dto), { version: fence.version + 1, updatedAt: Date.now() });
    await this.fences.save(fence);
    await this.catalogue.reload();
    return fence;
  }

  /**
   * 7002 while the fence is on a terminal (delete it there first); 7003 while a removal (0x8601) is
   * still unanswered: forgetting the fence then would leave it on a terminal whose removal fails, with
   * nothing left here to reissue the removal from.
   */
  async remove(user: AuthUser, id: number): Promise<void> {
    await this.editable(user, id);
    const onTerminals = await this.issues.count({ where: [{ fenceId: id, state: IssueState.ISSUED }, { fenceId: id, state: IssueState.ISSUING }] });
    if (onTerminals) throw new AppError(ErrorCode.FENCE_CANNOT_DELETE, { data: { vehicles: onTerminals } });
    const removing = await this.issues.count({ where: { fenceId: id, state: IssueState.DELETING } });
    if (removing) throw new AppError(ErrorCode.FENCE_DELETE_FAILED, { data: { removing } });
    await this.bindings.delete({ fenceId: id });
    await this.issues.delete({ fenceId: id });
    await this.fences.delete({ id });
    await this.catalogue.reload();
  }

  /**
   * The fence if the caller may see it: one of their companies or fleets, or bound to one of their
   * granted vehicles (read-only, see `editable`); any other answers exactly like one that does not exist.
   */
  async get(user: AuthUser, id: number): Promise<Fence> {
    const fence = await this.fences.findOneBy({ id });
    if (!fence) throw new AppError(ErrorCode.FENCE_NOT_FOUND, { data: id });
    if (rowInScope(user, fence)) return fence;
    if (await this.boundToGrantedVehicle(user, id)) return markReadOnly(fence);
    throw new AppError(ErrorCode.FENCE_NOT_FOUND, { data: id });
  }

  /**
   * The fence if the caller may change it, bind it or put it on terminals: their own company's or
   * fleet's only. A fence seen through a granted vehicle answers 7008 as another company's does:
   * changing it would change it for vehicles the caller cannot see.
   */
  async editable(user: AuthUser, id: number): Promise<Fence> {
    const fence = await this.fences.findOneBy({ id });
    if (!fence || !rowInScope(user, fence)) throw new AppError(ErrorCode.FENCE_NOT_FOUND, { data: id });
    return fence;
  }

  /**
   * Ids of the fences bound to the caller's single granted vehicles, directly or through a fleet on
   * the vehicle's path (as the evaluator applies them). Read from the bindings, not the catalogue,
   * so a binding made in another instance counts at once.
   */
  async boundToGrantedVehicles(user: AuthUser): Promise<number[]> {
    const targets = this.grantTargets(user);
    if (!targets) return [];
    const rows = await this.bindings.find({ select: { fenceId: true }, where: targets });
    return [...new Set(rows.map((row) => row.fenceId))];
  }

  private async boundToGrantedVehicle(user: AuthUser, fenceId: number): Promise<boolean> {
    const targets = this.grantTargets(user);
    return !!targets && (await this.bindings.count({ where: targets.map((target) => ({ ...target, fenceId })) })) > 0;
  }

  /** The binding targets that reach the caller's granted vehicles; undefined without any. */
  private grantTargets(user: AuthUser): FindOptionsWhere<FenceBinding>[] | undefined {
    const vehicles = user.superAdmin ? [] : (user.scope.vehicles ?? []).map(String);
    if (!vehicles.length) return undefined;
    const fleets = new Set<string>();
    for (const vehicleId of vehicles) for (const fleetId of this.registry.byVehicleId(vehicleId)?.fleetPath ?? []) fleets.add(String(fleetId));
    const targets: FindOptionsWhere<FenceBinding>[] = [{ targetType: 'vehicle', targetId: In(vehicles) }];
    if (fleets.size) targets.push({ targetType: 'fleet', targetId: In([...fleets]) });
    return targets;
  }

  async page(user: AuthUser, query: FencePageQueryDto): Promise<Page<Fence>> {
    const builder = this.fences.createQueryBuilder('f').where('1 = 1');
    if (query.type) builder.andWhere('f.type = :type', { type: query.type });
    if (query.keyword) builder.andWhere('f.name LIKE :keyword', { keyword: `%${query.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%` });
    // A user granted single vehicles also sees, read-only, the fences bound to them.
    const [records, total] = await whereInScope(builder, user, 'f', { orIds: { column: 'id', ids: await this.boundToGrantedVehicles(user) } })
      .orderBy('f.id', 'DESC')
      .skip((query.current - 1) * query.size)
      .take(query.size)
      .getManyAndCount();
    return { records: records.map((fence) => (rowInScope(user, fence) ? fence : markReadOnly(fence))), total, current: query.current, size: query.size };
  }

  /** 7006 for a name taken in the same company: another company's names are not the caller's to learn. */
  private async assertNameFree(name: string, companyId: string, exceptId: number | undefined): Promise<void> {
    const same = await this.fences.findOneBy({ name: name.trim(), companyId });
    if (same && same.id !== exceptId) throw new AppError(ErrorCode.FENCE_NAME_DUPLICATE, { data: name });
  }

  private fields(dto: FenceDto) {
    return {
      name: dto.name.trim(),
      type: dto.type,
      geometry: dto.geometry,
      attributes: dto.attributes,
      startTime: dto.startTime ?? '',
      endTime: dto.endTime ?? '',
      maxSpeedKmh: dto.maxSpeedKmh ?? 0,
      overspeedDurationS: dto.overspeedDurationS ?? 0,
      nightMaxSpeedKmh: dto.nightMaxSpeedKmh ?? 0,
      maxStayS: dto.maxStayS ?? 0,
      rpmLimit: dto.rpmLimit ?? 0,
      overRpmDurationS: dto.rpmLimit ? (dto.overRpmDurationS ?? 0) : 0,
      muck: dto.muck ?? null,
      remark: dto.remark ?? '',
    };
  }
}

/** A fence the caller sees through a granted vehicle: the console shows it without its edit actions (`editable` refuses them). */
function markReadOnly(fence: Fence): Fence & { readOnly: true } {
  return Object.assign(fence, { readOnly: true as const });
}
