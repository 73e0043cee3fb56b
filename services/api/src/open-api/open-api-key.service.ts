import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { Page } from '@openfleet/service-kit';
import { randomBytes } from 'node:crypto';
import { Brackets, DataSource, In } from 'typeorm';
import { isAllowListEntry } from './ip-allow-list';
import { listOf } from './open-api-gate.service';
import type { CreateOpenApiKeyDto, OpenApiKeyQueryDto, UpdateOpenApiKeyDto } from './open-api-key.dto';
import { OpenApiKey } from './open-api-key.entity';
import { OwnRoutesClient } from './own-routes.client';
import { SecretSeal } from './secret-seal';

/** A key as the management screen lists it: never the secret. */
export interface OpenApiKeyView {
  id: number;
  appId: string;
  companyId: string;
  companyName: string;
  name: string;
  apis: string[];
  vehicleIds: string[];
  ipAllowList: string[];
  ratePerSecond: number;
  ratePerDay: number;
  expiresAt: number | null;
  enabled: boolean;
  createdAt: number;
  updatedAt: number;
}

interface TreeNode {
  id: string | number;
  name: string;
  children?: TreeNode[];
}

const DEFAULT_LIMITS = { ratePerSecond: 10, ratePerDay: 100_000 };
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function newAppId(): string {
  // 62 symbols, the rejected bytes keep them uniform.
  let id = 'of';
  while (id.length < 18) for (const byte of randomBytes(16)) if (byte < 248 && id.length < 18) id += ALPHANUMERIC[byte % 62];
  return id;
}

/**
 * App keys of the companies an administrator manages (newCompany actions): the caller's companies
 * come from the admin service's company tree with the caller's own token, so the key list follows
 * exactly the companies the company screen shows; another company's key answers like a deleted one.
 */
@Injectable()
export class OpenApiKeyService {
  constructor(
    @InjectDataSource('api') private readonly dataSource: DataSource,
    private readonly seal: SecretSeal,
    private readonly registry: VehicleRegistry,
    private readonly owners: OwnRoutesClient,
  ) {}

  private get keys() {
    return this.dataSource.getRepository(OpenApiKey);
  }

  async page(authorization: string, query: OpenApiKeyQueryDto): Promise<Page<OpenApiKeyView>> {
    const companies = await this.companiesOf(authorization);
    if (query.companyId && !companies.has(query.companyId)) throw new AppError(ErrorCode.VEHICLE_NOT_FOUND, { data: { field: 'companyId' } });
    const ids = query.companyId ? [query.companyId] : [...companies.keys()];
    if (!ids.length) return { records: [], total: 0, current: query.current, size: query.size };
    const builder = this.keys.createQueryBuilder('k').where({ companyId: In(ids) });
    const keyword = query.keyword?.trim();
    if (keyword) builder.andWhere(new Brackets((where) => where.where('k.name LIKE :kw', { kw: `%${keyword}%` }).orWhere('k.app_id = :exact', { exact: keyword })));
    const [rows, total] = await builder.orderBy('k.id', 'DESC').skip((query.current - 1) * query.size).take(query.size).getManyAndCount();
    return { records: rows.map((row) => viewOf(row, companies)), total, current: query.current, size: query.size };
  }

  /** Every key of the caller's companies (the Excel export). */
  async all(authorization: string): Promise<OpenApiKeyView[]> {
    const companies = await this.companiesOf(authorization);
    if (!companies.size) return [];
    return (await this.keys.find({ where: { companyId: In([...companies.keys()]) }, order: { id: 'DESC' } })).map((row) => viewOf(row, companies));
  }

  /** A new key; its secret is in this answer only. */
  async create(user: AuthUser, authorization: string, dto: CreateOpenApiKeyDto): Promise<{ id: number; appId: string; secret: string }> {
    const companies = await this.companiesOf(authorization);
    if (!companies.has(dto.companyId)) throw new AppError(ErrorCode.VEHICLE_NOT_FOUND, { data: { field: 'companyId' } });
    const vehicleIds = this.checkVehicles(dto.companyId, dto.vehicleIds ?? []);
    const ipAllowList = checkIpList(dto.ipAllowList ?? []);
    const secret = randomBytes(32).toString('base64url');
    const now = Date.now();
    const saved = await this.keys.save(
      this.keys.create({
        appId: newAppId(), companyId: dto.companyId, name: dto.name.trim(), secretSealed: this.seal.seal(secret), apis: [...new Set(dto.apis)].join(','),
        vehicleIds: vehicleIds.join(','), ipAllowList: ipAllowList.join(','), ratePerSecond: dto.ratePerSecond ?? DEFAULT_LIMITS.ratePerSecond,
        ratePerDay: dto.ratePerDay ?? DEFAULT_LIMITS.ratePerDay, expiresAt: dto.expiresAt ?? null, enabled: dto.enabled === false ? 0 : 1,
        createdBy: user.id, createdAt: now, updatedAt: now,
      }),
    );
    return { id: saved.id, appId: saved.appId, secret };
  }

  async update(authorization: string, id: number, dto: UpdateOpenApiKeyDto): Promise<OpenApiKeyView> {
    const companies = await this.companiesOf(authorization);
    const key = await this.visibleKey(companies, id);
    if (dto.name !== undefined) key.name = dto.name.trim();
    if (dto.apis !== undefined) key.apis = [...new Set(dto.apis)].join(',');
    if (dto.vehicleIds !== undefined) key.vehicleIds = this.checkVehicles(key.companyId, dto.vehicleIds).join(',');
    if (dto.ipAllowList !== undefined) key.ipAllowList = checkIpList(dto.ipAllowList).join(',');
    if (dto.ratePerSecond !== undefined) key.ratePerSecond = dto.ratePerSecond;
    if (dto.ratePerDay !== undefined) key.ratePerDay = dto.ratePerDay;
    if (dto.expiresAt !== undefined) key.expiresAt = dto.expiresAt;
    if (dto.enabled !== undefined) key.enabled = dto.enabled ? 1 : 0;
    key.updatedAt = Date.now();
    return viewOf(await this.keys.save(key), companies);
  }

  /** A new secret for the key (the old one stops working at once), shown once. */
  async resetSecret(authorization: string, id: number): Promise<{ id: number; appId: string; secret: string }> {
    const key = await this.visibleKey(await this.companiesOf(authorization), id);
    const secret = randomBytes(32).toString('base64url');
    await this.keys.update({ id: key.id }, { secretSealed: this.seal.seal(secret), updatedAt: Date.now() });
    return { id: key.id, appId: key.appId, secret };
  }

  async remove(authorization: string, id: number): Promise<void> {
    const key = await this.visibleKey(await this.companiesOf(authorization), id);
    await this.keys.delete({ id: key.id });
  }

  private async visibleKey(companies: Map<string, string>, id: number): Promise<OpenApiKey> {
    const key = await this.keys.findOneBy({ id });
    if (!key || !companies.has(key.companyId)) throw new AppError(ErrorCode.ALREADY_DELETED);
    return key;
  }

  /** The listed vehicles, each one of the company's (or its subsidiaries'); 8002 naming the field otherwise. */
  private checkVehicles(companyId: string, vehicleIds: string[]): string[] {
    const unique = [...new Set(vehicleIds)];
    for (const vehicleId of unique) {
      const vehicle = this.registry.byVehicleId(vehicleId);
      if (!vehicle || vehicle.deleted || !vehicle.companyPath.map(String).includes(companyId)) throw new AppError(ErrorCode.VEHICLE_NOT_FOUND, { data: { field: 'vehicleIds', vehicleId } });
    }
    return unique;
  }

  /** Company id -> name of every company the caller's company tree shows. */
  private async companiesOf(authorization: string): Promise<Map<string, string>> {
    const answer = await this.owners.get<TreeNode[]>('/basic/sysEnterprise/getEnterpriseTreeList', {}, authorization);
    if (!answer.flag) throw new AppError(answer.errorCode, { detail: answer.msg });
    const companies = new Map<string, string>();
    const walk = (nodes: TreeNode[]) => nodes.forEach((node) => (companies.set(String(node.id), node.name), walk(node.children ?? [])));
    walk(answer.data ?? []);
    return companies;
  }
}

function checkIpList(entries: string[]): string[] {
  const trimmed = [...new Set(entries.map((entry) => entry.trim()).filter(Boolean))];
  const bad = trimmed.find((entry) => !isAllowListEntry(entry));
  if (bad) throw new AppError(ErrorCode.BAD_PARAMETER, { detail: `ipAllowList: ${bad} is not an IP address or IPv4 CIDR block`, data: { field: 'ipAllowList' } });
  return trimmed;
}

function viewOf(row: OpenApiKey, companies: Map<string, string>): OpenApiKeyView {
  return {
    id: row.id, appId: row.appId, companyId: row.companyId, companyName: companies.get(row.companyId) ?? '', name: row.name, apis: listOf(row.apis),
    vehicleIds: listOf(row.vehicleIds), ipAllowList: listOf(row.ipAllowList), ratePerSecond: row.ratePerSecond, ratePerDay: row.ratePerDay,
    expiresAt: row.expiresAt, enabled: row.enabled === 1, createdAt: row.createdAt, updatedAt: row.updatedAt,
  };
}
