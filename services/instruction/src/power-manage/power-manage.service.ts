import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { VehicleRegistry, checkFilterScope, type AuthUser } from '@openfleet/auth';
import type { VehicleRegistryEntry } from '@openfleet/contracts';
import type { Page, PageQueryDto } from '@openfleet/service-kit';
import { whereInScope } from '@openfleet/storage';
import { In, type Repository } from 'typeorm';
import { RemoteOperationLog } from '../remote-control/remote-operation-log.entity';
import { RemoteOperationLogService } from '../remote-control/remote-operation-log.service';
import { VehicleLimit } from '../vehicle-lock/vehicle-limit.entity';
import type { PowerManageBatchDto, PowerManageQueryDto } from './power-manage.dto';

/** One vehicle's limit settings as the powerManage list shows them: the password is never answered, only whether it is set. */
export interface VehicleLimitRow {
  vehicleId: string;
  plateCode: string;
  companyId: string;
  capable: boolean;
  authPhone: string;
  passwordSet: boolean;
  locked: boolean;
  updatedBy: string;
  updatedAt: number;
}

const mask = (phone: string) => (phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone ? '****' : '');
const CHUNK = 500;
/** The lock wizard's and the configuration's entries in the remote operation log. */
const LOCK_OPERATIONS = ['lock', 'unlock', 'limitConfig'];

/**
 * /index/powerManage (车辆断油断电权限): every vehicle in the caller's scope with its limit
 * capability (may it be remotely cut off at all), the phone that receives the wizard's SMS code and
 * whether a limit password is set; batch grant or withdrawal, and the vehicle's lock history. The
 * vehicles come from the registry (admin's), the settings from vehicle_limit (this service's).
 */
@Injectable()
export class PowerManageService {
  constructor(
    @InjectRepository(VehicleLimit, 'instruction') private readonly limits: Repository<VehicleLimit>,
    @InjectRepository(RemoteOperationLog, 'instruction') private readonly logs: Repository<RemoteOperationLog>,
    private readonly registry: VehicleRegistry,
    private readonly log: RemoteOperationLogService,
  ) {}

  async page(user: AuthUser, query: PowerManageQueryDto): Promise<Page<VehicleLimitRow>> {
    checkFilterScope(user, this.registry.all(), { companyId: query.companyId, fleetId: query.fleetId });
    const keyword = query.keyword?.trim().toUpperCase();
    const vehicles = [...this.registry.all()].filter(
      (vehicle) =>
        !vehicle.deleted &&
        this.registry.visibleTo(user, vehicle.vehicleId) &&
        (!keyword || vehicle.plateCode.toUpperCase().includes(keyword)) &&
        (!query.companyId || vehicle.companyPath.map(String).includes(query.companyId)) &&
        (!query.fleetId || vehicle.fleetPath.map(String).includes(query.fleetId)),
    );
    const limits = await this.limitsOf(vehicles.map((vehicle) => vehicle.vehicleId));
    const rows = vehicles
      .map((vehicle) => this.row(vehicle, limits.get(vehicle.vehicleId)))
      .filter((row) => (query.capable === undefined || row.capable === (query.capable === 1)) && (query.locked === undefined || row.locked === (query.locked === 1)))
      .sort((a, b) => a.plateCode.localeCompare(b.plateCode) || a.vehicleId.localeCompare(b.vehicleId));
    const start = (query.current - 1) * query.size;
    return { records: rows.slice(start, start + query.size), total: rows.length, current: query.current, size: query.size };
  }

  /** Grants or withdraws the capability of several vehicles: all in scope or none changed (8002). */
  async batch(user: AuthUser, dto: PowerManageBatchDto): Promise<{ changed: number }> {
    const vehicles = [...new Set(dto.vehicleIds)].map((vehicleId) => this.registry.inScope(user, vehicleId));
    const existing = await this.limitsOf(vehicles.map((vehicle) => vehicle.vehicleId));
    const now = Date.now();
    const rows = vehicles.map((vehicle) => {
      const limit = existing.get(vehicle.vehicleId) ?? this.limits.create({ vehicleId: vehicle.vehicleId, capable: 0, authPhone: '', passwordHash: '', locked: 0 });
      return Object.assign(limit, { capable: dto.capable ? 1 : 0, updatedBy: user.id, updatedAt: now });
    });
    await this.limits.save(rows, { chunk: CHUNK });
    for (const vehicle of vehicles) await this.log.record(user, vehicle, 'limitConfig', `batch capable=${dto.capable ? 1 : 0}`, { errorCode: 0 });
    return { changed: rows.length };
  }

  /** Clears a vehicle's settings (capability, phone, password): it can no longer be limited until configured again. */
  async clear(user: AuthUser, vehicleId: string): Promise<void> {
    const vehicle = this.registry.inScope(user, vehicleId);
    await this.limits.delete({ vehicleId });
    await this.log.record(user, vehicle, 'limitConfig', 'settings cleared', { errorCode: 0 });
  }

  /** The vehicle's lock history: wizard steps, locks, unlocks and configuration changes, newest first. */
  async history(user: AuthUser, vehicleId: string, query: PageQueryDto): Promise<Page<RemoteOperationLog>> {
    this.registry.inScope(user, vehicleId);
    // Rows stay where the vehicle sat when written: a vehicle moved in from another company keeps its old rows out of sight.
    const [records, total] = await whereInScope(this.logs.createQueryBuilder('l').where('l.vehicle_id = :vehicleId', { vehicleId }), user, 'l', { vehicleColumn: 'vehicle_id' })
      .andWhere('l.operation IN (:...operations)', { operations: LOCK_OPERATIONS })
      .orderBy('l.id', 'DESC')
      .skip((query.current - 1) * query.size)
      .take(query.size)
      .getManyAndCount();
    return { records, total, current: query.current, size: query.size };
  }

  private async limitsOf(vehicleIds: string[]): Promise<Map<string, VehicleLimit>> {
    const found = new Map<string, VehicleLimit>();
    for (let i = 0; i < vehicleIds.length; i += CHUNK) {
      for (const limit of await this.limits.findBy({ vehicleId: In(vehicleIds.slice(i, i + CHUNK)) })) found.set(limit.vehicleId, limit);
    }
    return found;
  }

  private row(vehicle: VehicleRegistryEntry, limit: VehicleLimit | undefined): VehicleLimitRow {
    return {
      vehicleId: vehicle.vehicleId,
      plateCode: vehicle.plateCode,
      companyId: vehicle.companyId,
      capable: limit?.capable === 1,
      authPhone: mask(limit?.authPhone ?? ''),
      passwordSet: Boolean(limit?.passwordHash),
      locked: limit?.locked === 1,
      updatedBy: limit?.updatedBy ?? '',
      updatedAt: limit?.updatedAt ?? 0,
    };
  }
}
