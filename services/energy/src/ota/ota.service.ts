import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import type { EventBus } from '@openfleet/bus';
import { canonicalTerminalPhone, InstructionStatus, Topics, type InstructionOrderEvent } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { BusConsumer, consume, EVENT_BUS, type FileStore } from '@openfleet/service-kit';
import { pathOf, rowInScope, whereCompanyInScope, whereInScope } from '@openfleet/storage';
import { createHash, randomUUID } from 'node:crypto';
import { In, type Repository } from 'typeorm';
import { VehicleRegistry } from '@openfleet/auth';
import { OtaPackage, OtaStatus, OtaTask } from './ota.entities';

export const OTA_STORE = Symbol('OTA_STORE');

/** Requests of this service on instruction.request.v1 carry this prefix (their batch id). */
const REQUEST_PREFIX = 'ota-';
/** 0x8108 travels whole on the bus as hex (Kafka's 1 MB default): larger firmware goes by URL (0x8105 command 1). */
export const MAX_PACKAGE_BYTES = 256 * 1024;

export interface PackageUpload {
  name: string;
  version: string;
  targetType: number;
  makerId: string;
  targetModels?: string;
  checksum?: string;
}

/**
 * OTA upgrades (otaUpdata, otaUpgradeLog): packages stored behind the file store, sent to vehicles
 * as 0x8108 through the instruction service (instruction.request.v1, a dedicated catalogue entry),
 * followed through its orders (instruction.order.v1): the terminal's answer marks a task delivered,
 * its 0x0108 upgraded, failed or cancelled; a refused, offline or unanswered order marks it failed.
 */
@Injectable()
export class OtaService extends BusConsumer {
  private readonly logger = new Logger(OtaService.name);

  constructor(
    @InjectRepository(OtaPackage, 'energy') private readonly packages: Repository<OtaPackage>,
    @InjectRepository(OtaTask, 'energy') private readonly tasks: Repository<OtaTask>,
    @Inject(OTA_STORE) private readonly store: FileStore,
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    private readonly registry: VehicleRegistry,
  ) {
    super();
  }

  protected consumes() {
    return [
      consume(Topics.instructionOrder, {
        group: 'energy-ota-orders',
        fromBeginning: false,
        each: async (event) => {
          if (event.batchId.startsWith(REQUEST_PREFIX)) await this.follow(event);
        },
      }),
    ];
  }

  async upload(user: AuthUser, meta: PackageUpload, bytes: Buffer): Promise<OtaPackage> {
    if (!bytes.length) throw new AppError(ErrorCode.UPGRADE_PACKAGE_INVALID, { data: 'empty package' });
    if (bytes.length > MAX_PACKAGE_BYTES) throw new AppError(ErrorCode.UPLOAD_FILE_TOO_LARGE, { data: { size: bytes.length, max: MAX_PACKAGE_BYTES } });
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    if (meta.checksum && meta.checksum.toLowerCase() !== sha256) throw new AppError(ErrorCode.UPGRADE_PACKAGE_INVALID, { data: { checksum: meta.checksum, computed: sha256 } });
    const storageKey = `ota/${sha256.slice(0, 2)}/${sha256}`;
    await this.store.put(storageKey, bytes);
    const row = this.packages.create({
      companyId: user.companyId, companyPath: this.registry.companyPathOf(user.companyId), name: meta.name, version: meta.version, targetType: meta.targetType, makerId: meta.makerId,
      targetModels: meta.targetModels ?? '', size: bytes.length, sha256, storageKey, uploadedBy: user.id, uploadedAt: Date.now(),
    });
    return this.packages.save(row);
  }

  async listPackages(user: AuthUser, query: { keyword?: string; current?: number; size?: number }): Promise<{ records: OtaPackage[]; total: number }> {
    const qb = whereCompanyInScope(this.packages.createQueryBuilder('p'), user, 'p');
    if (query.keyword) qb.andWhere("(p.name LIKE :like ESCAPE '!' OR p.version LIKE :like ESCAPE '!')", { like: `%${query.keyword.replace(/[!%_]/g, (c) => `!${c}`)}%` });
    const size = query.size ?? 20;
    const [records, total] = await qb.orderBy('p.id', 'DESC').skip(((query.current ?? 1) - 1) * size).take(size).getManyAndCount();
    return { records, total };
  }

  async removePackage(user: AuthUser, id: number): Promise<void> {
    const pack = await this.packageOf(user, id);
    if (await this.tasks.existsBy({ packageId: pack.id, status: OtaStatus.SENDING })) throw new AppError(ErrorCode.OTA_PACKAGE_IN_USE, { data: id });
    await this.packages.delete({ id: pack.id });
  }

  /** Sends the package to each vehicle (in the caller's scope, with a terminal): one task and one 0x8108 order each. */
  async send(user: AuthUser, packageId: number, vehicleIds: string[]): Promise<OtaTask[]> {
    const pack = await this.packageOf(user, packageId);
    const vehicles = vehicleIds.map((vehicleId) => this.registry.inScope(user, vehicleId));
    const opened = await this.store.open(pack.storageKey);
    if (!opened) throw new AppError(ErrorCode.UPGRADE_PACKAGE_INVALID, { data: 'package file missing' });
    const chunks: Buffer[] = [];
    for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
    const hex = Buffer.concat(chunks).toString('hex');
    const now = Date.now();
    const tasks: OtaTask[] = [];
    for (const vehicle of vehicles) {
      const requestId = `${REQUEST_PREFIX}${randomUUID()}`;
      const task = await this.tasks.save(this.tasks.create({
        packageId: pack.id, requestId, vehicleId: vehicle.vehicleId, plateCode: vehicle.plateCode, companyPath: pathOf(vehicle.companyPath.map(String)), fleetPath: pathOf(vehicle.fleetPath.map(String)),
        status: OtaStatus.SENDING, errorCode: 0, operatorId: user.id, createdAt: now, updatedAt: now,
      }));
      await this.bus.publish(Topics.instructionRequest, {
        key: canonicalTerminalPhone(vehicle.terminalPhone || vehicle.vehicleId),
        value: { requestId, source: 'ota', commandType: 'otaUpgrade', vehicleId: vehicle.vehicleId, msgId: '0x8108', body: { type: pack.targetType, makerId: pack.makerId, version: pack.version, package: hex }, operatorId: user.id, offlinePolicy: 'fail', timeoutS: 300, requestedAt: now },
      });
      tasks.push(task);
    }
    return tasks;
  }

  /** Tasks of a package (otaUpdata progress) or all (otaUpgradeLog), newest first, in the caller's vehicle scope. */
  async listTasks(user: AuthUser, query: { packageId?: number; keyword?: string; current?: number; size?: number }): Promise<{ records: (OtaTask & { packageName?: string; version?: string })[]; total: number }> {
    const qb = whereInScope(this.tasks.createQueryBuilder('t'), user, 't', { vehicleColumn: 'vehicle_id' });
    if (query.packageId) qb.andWhere('t.package_id = :packageId', { packageId: query.packageId });
    if (query.keyword) qb.andWhere("t.plate_code LIKE :plate ESCAPE '!'", { plate: `%${query.keyword.replace(/[!%_]/g, (c) => `!${c}`)}%` });
    const size = query.size ?? 20;
    const [records, total] = await qb.orderBy('t.id', 'DESC').skip(((query.current ?? 1) - 1) * size).take(size).getManyAndCount();
    const packs = new Map((records.length ? await this.packages.findBy({ id: In([...new Set(records.map((r) => r.packageId))]) }) : []).map((p) => [p.id, p]));
    return { records: records.map((r) => ({ ...r, packageName: packs.get(r.packageId)?.name, version: packs.get(r.packageId)?.version })), total };
  }

  private async follow(order: InstructionOrderEvent): Promise<void> {
    const task = await this.tasks.findOneBy({ requestId: order.batchId });
    if (!task) return;
    const result = (order.replyBody?.upgradeResult as { result?: number } | undefined)?.result;
    let status: number = task.status;
    let errorCode = task.errorCode;
    if (result !== undefined) {
      status = result === 0 ? OtaStatus.UPGRADED : result === 2 ? OtaStatus.CANCELLED : OtaStatus.FAILED;
      errorCode = result === 0 ? 0 : ErrorCode.UPGRADE_FAILED;
    } else if (order.status === InstructionStatus.SUCCESS) {
      status = OtaStatus.DELIVERED;
    } else if ([InstructionStatus.DEVICE_OFFLINE, InstructionStatus.FAILED, InstructionStatus.RESPONSE_TIMEOUT, InstructionStatus.VOID].includes(order.status as never)) {
      status = OtaStatus.FAILED;
      errorCode = order.errorCode || ErrorCode.UPGRADE_FAILED;
    }
    // A late delivery never undoes the outcome.
    if (task.status >= OtaStatus.UPGRADED || (status === task.status && errorCode === task.errorCode)) return;
    await this.tasks.update({ id: task.id }, { status, errorCode, updatedAt: Date.now() });
    this.logger.debug(`ota task ${task.id}: status ${status}`);
  }

  private async packageOf(user: AuthUser, id: number): Promise<OtaPackage> {
    const pack = await this.packages.findOneBy({ id });
    if (!pack || !rowInScope(user, { companyPath: pack.companyPath, fleetPath: '' })) throw new AppError(ErrorCode.ALREADY_DELETED, { data: id });
    return pack;
  }
}
