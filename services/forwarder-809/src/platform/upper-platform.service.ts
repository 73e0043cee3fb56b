import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import { IdempotentRowWriter, rowInScope, TransactionRunner, whereCompanyInScope } from '@openfleet/storage';
import { In, type Repository } from 'typeorm';
import { VehicleFiling } from '../filing/vehicle-filing.entity';
import { ForwardBacklog } from '../forwarding/backlog.entity';
import { VehicleRegistry } from '@openfleet/auth';
import { MonitoringRequest } from '../inbound/monitoring-request.entity';
import { SecretBox } from './secret-box';
import { MAX_FORWARD_TARGETS, type ForwardTargetDto, type UpperPlatformDto } from './upper-platform.dto';
import { ForwardTarget, UpperPlatform } from './upper-platform.entity';

export const SECRET_BOX = Symbol('SECRET_BOX');

/** What the API returns: everything but the password. */
export type UpperPlatformView = Omit<UpperPlatform, 'passwordSealed'> & { hasPassword: boolean };

/** Superior platforms and their forwarding groups, limited to the caller's companies. */
@Injectable()
export class UpperPlatformService {
  private readonly listeners: ((platformId: number) => Promise<void>)[] = [];

  constructor(
    @InjectRepository(UpperPlatform, 'forwarder_809') private readonly platforms: Repository<UpperPlatform>,
    @InjectRepository(ForwardTarget, 'forwarder_809') private readonly targets: Repository<ForwardTarget>,
    @Inject(SECRET_BOX) private readonly secrets: SecretBox,
    private readonly registry: VehicleRegistry,
  ) {}

  /** The link manager restarts a platform's links when it changes; a change answers once it is applied. */
  onChange(listener: (platformId: number) => Promise<void>): void {
    this.listeners.push(listener);
  }

  async list(user: AuthUser): Promise<UpperPlatformView[]> {
    return (await whereCompanyInScope(this.platforms.createQueryBuilder('p').orderBy('p.id', 'ASC'), user, 'p').getMany()).map(viewOf);
  }

  async get(user: AuthUser, id: number): Promise<UpperPlatform> {
    const platform = await this.platforms.findOneBy({ id });
    if (!platform || !rowInScope(user, { companyPath: platform.companyPath, fleetPath: '' })) throw new AppError(ErrorCode.ALREADY_DELETED, { data: id });
    return platform;
  }

  async view(user: AuthUser, id: number): Promise<UpperPlatformView> {
    return viewOf(await this.get(user, id));
  }

  async create(user: AuthUser, dto: UpperPlatformDto): Promise<UpperPlatformView> {
    if (!dto.password) throw new AppError(ErrorCode.BAD_PARAMETER, { data: { field: 'password' } });
    const companyId = dto.companyId ?? user.companyId;
    const companyPath = this.registry.companyPathOf(companyId);
    if (!rowInScope(user, { companyPath, fleetPath: '' })) throw new AppError(ErrorCode.NO_PERMISSION, { data: companyId });
    const saved = await this.platforms.save(this.platforms.create({ ...fieldsOf(dto), companyId, companyPath, passwordSealed: this.secrets.seal(dto.password), updatedAt: Date.now() }));
    await this.changed(saved.id);
    return viewOf(saved);
  }

  async update(user: AuthUser, id: number, dto: UpperPlatformDto): Promise<UpperPlatformView> {
    const platform = await this.get(user, id);
    Object.assign(platform, fieldsOf(dto), { updatedAt: Date.now() }, dto.password ? { passwordSealed: this.secrets.seal(dto.password) } : {});
    const saved = await this.platforms.save(platform);
    await this.changed(id);
    return viewOf(saved);
  }

  async remove(user: AuthUser, ids: number[]): Promise<void> {
    for (const id of ids) await this.get(user, id);
    // Its group, backlog, filings and waiting monitoring requests go with it; the duty-check and supervision log stays.
    await new TransactionRunner(this.platforms.manager.connection).run(async (manager) => {
      await manager.delete(ForwardTarget, { platformId: In(ids) });
      await manager.delete(ForwardBacklog, { platformId: In(ids) });
      await manager.delete(VehicleFiling, { platformId: In(ids) });
      await manager.delete(MonitoringRequest, { platformId: In(ids) });
      await manager.delete(UpperPlatform, { id: In(ids) });
    });
    await Promise.all(ids.map((id) => this.changed(id)));
  }

  async targetsOf(user: AuthUser, id: number): Promise<ForwardTarget[]> {
    await this.get(user, id);
    return this.targets.findBy({ platformId: id });
  }

  /**
   * Replaces a platform's forwarding group; every company and vehicle must be in the caller's scope.
   * The length is checked first; scope from one pass over the registry, rows written in bulk.
   */
  async setTargets(user: AuthUser, id: number, targets: ForwardTargetDto[]): Promise<void> {
    if (targets.length > MAX_FORWARD_TARGETS) throw new AppError(ErrorCode.BAD_PARAMETER, { data: { field: 'targets', max: MAX_FORWARD_TARGETS, length: targets.length } });
    await this.get(user, id);
    const unique = new Map(targets.map((t) => [`${t.kind}|${t.refId}`, t]));
    const companyPaths = [...unique.values()].some((t) => t.kind === 'company') ? this.companyPaths() : new Map<string, string>();
    for (const target of unique.values()) {
      const vehicle = target.kind === 'vehicle' ? this.registry.byVehicleId(target.refId) : undefined;
      const path = target.kind === 'company' ? (companyPaths.get(target.refId) ?? `/${target.refId}/`) : pathOfVehicle(vehicle?.companyPath);
      if (!path || !rowInScope(user, { companyPath: path, fleetPath: pathOfVehicle(vehicle?.fleetPath), vehicleId: vehicle?.vehicleId })) throw new AppError(ErrorCode.NO_PERMISSION, { data: target });
    }
    const writer = new IdempotentRowWriter(this.targets.manager.connection, { table: 'forward_target', columns: ['platform_id', 'kind', 'ref_id'], chunkRows: 1000, bulkLoad: 'off' });
    await new TransactionRunner(this.targets.manager.connection).run(async (manager) => {
      await manager.delete(ForwardTarget, { platformId: id });
      await writer.write([...unique.values()].map((t) => [id, t.kind, t.refId]), manager);
      // Other replicas see the change in the platforms' fingerprint.
      await manager.update(UpperPlatform, { id }, { updatedAt: Date.now() });
    });
    await this.changed(id);
  }

  /** Every company the registry knows, with its `/root/.../id/` path: what `companyPathOf` finds, for all of them in one pass. */
  private companyPaths(): Map<string, string> {
    const paths = new Map<string, string>();
    for (const vehicle of this.registry.all()) {
      const ids = vehicle.companyPath.map(String);
      ids.forEach((companyId, at) => paths.has(companyId) || paths.set(companyId, `/${ids.slice(0, at + 1).join('/')}/`));
    }
    return paths;
  }

  /** Changes with any add, change, delete or group change on any replica: the link managers reload when it moves. */
  async fingerprint(): Promise<string> {
    const [row] = (await this.platforms.query('SELECT COUNT(*) AS n, COALESCE(SUM(id), 0) AS ids, COALESCE(SUM(updated_at), 0) AS stamps FROM upper_platform')) as { n: unknown; ids: unknown; stamps: unknown }[];
    return `${String(row?.n)}|${String(row?.ids)}|${String(row?.stamps)}`;
  }

  /** Every enabled platform with its sealed password opened, for the link manager. */
  async enabledWithPasswords(): Promise<{ platform: UpperPlatform; password: string; targets: ForwardTarget[] }[]> {
    const platforms = await this.platforms.findBy({ enabled: 1 });
    const byPlatform = new Map<number, ForwardTarget[]>();
    // Raw rows: hydrating 10,000 entities took longer than the rest of a targets update.
    const rows = await this.targets.createQueryBuilder('t').select('t.platform_id', 'platformId').addSelect('t.kind', 'kind').addSelect('t.ref_id', 'refId').getRawMany<{ platformId: number | string; kind: string; refId: string }>();
    for (const row of rows) {
      const target = { platformId: Number(row.platformId), kind: row.kind, refId: row.refId };
      const group = byPlatform.get(target.platformId);
      if (group) group.push(target);
      else byPlatform.set(target.platformId, [target]);
    }
    return platforms.map((platform) => ({ platform, password: this.secrets.open(platform.passwordSealed), targets: byPlatform.get(platform.id) ?? [] }));
  }

  private async changed(id: number): Promise<void> {
    await Promise.all(this.listeners.map((listener) => listener(id)));
  }
}

function pathOfVehicle(ids: readonly (string | number)[] | undefined): string {
  return ids ? (ids.length ? `/${ids.join('/')}/` : '') : '';
}

function fieldsOf(dto: UpperPlatformDto): Partial<UpperPlatform> {
  return {
    name: dto.name,
    edition: dto.edition,
    mainIp: dto.mainIp,
    mainPort: dto.mainPort,
    slaveIp: dto.slaveIp,
    slavePort: dto.slavePort,
    userId: dto.userId,
    accessCode: dto.accessCode,
    platformCode: dto.platformCode ?? '',
    m1: dto.m1 ?? 0,
    ia1: dto.ia1 ?? 0,
    ic1: dto.ic1 ?? 0,
    encrypt: dto.encrypt ? 1 : 0,
    keepAliveS: dto.keepAliveS ?? 60,
    autoReconnect: dto.autoReconnect === false ? 0 : 1,
    enabled: dto.enabled === false ? 0 : 1,
  };
}

function viewOf(platform: UpperPlatform): UpperPlatformView {
  const { passwordSealed, ...rest } = platform;
  return { ...rest, hasPassword: Boolean(passwordSealed) };
}
