import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { Jt809Edition } from '@openfleet/jt809';
import { rowInScope, whereCompanyInScope } from '@openfleet/storage';
import { LessThan, type ObjectLiteral, type Repository } from 'typeorm';
import { VehicleRegistry } from '@openfleet/auth';
import { ForwardingService } from '../forwarding/forwarding.service';
import type { Jt809Message } from '../link/jt809-connection';
import { LinkManager, type ActivePlatform } from '../link/link-manager.service';
import { AlarmSupervision, DutyCheck } from './inbound.entity';
import { MonitoringService } from './monitoring.service';

/** 2011 carries no answer time for a duty check: the usual 10 minutes. */
const DEFAULT_DUTY_CHECK_MINUTES = 10;
const SWEEP_MS = 15_000;

/**
 * What a superior asks of us: duty checks (0x9301) and supervision (0x9401) are kept for an
 * operator to answer before the deadline; start/stop of a vehicle's positions (0x9205/0x9206),
 * platform messages (0x9302) and static information (0x9601) are answered at once.
 */
@Injectable()
export class InboundService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Forwarder809');
  private sweep?: NodeJS.Timeout;

  constructor(
    @InjectRepository(DutyCheck, 'forwarder_809') private readonly checks: Repository<DutyCheck>,
    @InjectRepository(AlarmSupervision, 'forwarder_809') private readonly supervisions: Repository<AlarmSupervision>,
    private readonly links: LinkManager,
    private readonly forwarding: ForwardingService,
    private readonly registry: VehicleRegistry,
    private readonly monitoring: MonitoringService,
  ) {}

  onModuleInit(): void {
    this.links.onMessage((active, message) => void this.handle(active, message).catch((error: Error) => this.logger.warn(`platform ${active.platform.id}: ${message.msgId.toString(16)} not handled: ${error.message}`)));
    this.sweep = setInterval(() => void this.markMissed().catch(() => undefined), SWEEP_MS);
  }

  onModuleDestroy(): void {
    clearInterval(this.sweep);
  }

  /** Checks and supervisions past their deadline without an answer become "not replied". */
  async markMissed(now = Date.now()): Promise<void> {
    await this.checks.update({ status: 0, deadlineAt: LessThan(now) }, { status: 2 });
    await this.supervisions.update({ status: 0, deadlineAt: LessThan(now) }, { status: 2 });
  }

  async handle(active: ActivePlatform, message: Jt809Message): Promise<void> {
    const business = message.business;
    if (!business) return;
    const edition = active.platform.edition as Jt809Edition;
    const data = business.data;
    const source = { sourceDataType: business.dataType, sourceMsgSn: message.header.serial };
    const vehicle = business.vehicleNo ? this.registry.byPlate(business.vehicleNo, business.vehicleColor ?? 0) : undefined;
    const vehicleHead = { vehicleNo: business.vehicleNo ?? '', vehicleColor: business.vehicleColor ?? 0 };
    switch (business.dataType) {
      case 0x9301: {
        const minutes = edition === '2019' && Number(data.answerTime) > 0 ? Number(data.answerTime) : DEFAULT_DUTY_CHECK_MINUTES;
        const now = Date.now();
        await this.checks.insert({
          platformId: active.platform.id,
          companyPath: active.platform.companyPath,
          infoId: Number(data.infoId),
          objectType: Number(data.objectType),
          objectId: String(data.objectId ?? ''),
          question: String(data.infoContent ?? '').slice(0, 1024),
          sourceSerial: message.header.serial,
          receivedAt: now,
          deadlineAt: now + minutes * 60_000,
        });
        return;
      }
      case 0x9302:
        this.logger.log(`platform ${active.platform.id}: message ${String(data.infoId)}: ${String(data.infoContent)}`);
        await this.forwarding.sendAsHolder(active, 0x1300, { dataType: 0x1302, data: edition === '2019' ? source : { infoId: data.infoId } });
        return;
      case 0x9401: {
        const now = Date.now();
        const deadline = Number(data.supervisionEndTime) * 1000;
        await this.supervisions.insert({
          platformId: active.platform.id,
          companyPath: active.platform.companyPath,
          supervisionId: Number(data.supervisionId),
          vehicleNo: vehicleHead.vehicleNo,
          vehicleColor: vehicleHead.vehicleColor,
          warnSrc: Number(data.warnSrc),
          warnType: Number(data.warnType),
          warnTime: Number(data.warnTime),
          deadlineAt: deadline > now ? deadline : now + 60 * 60_000,
          level: Number(data.supervisionLevel),
          supervisor: String(data.supervisor ?? ''),
          supervisorTel: String(data.supervisorTel ?? ''),
          supervisorEmail: String(data.supervisorEmail ?? ''),
          receivedAt: now,
        });
        return;
      }
      case 0x9402:
      case 0x9403:
        this.logger.log(`platform ${active.platform.id}: warning ${business.dataType.toString(16)} type ${String(data.warnType)}: ${String(data.warnContent)}`);
        return;
      case 0x9205:
      case 0x9206: {
        if (vehicle) this.forwarding.setRequested(active.platform.id, vehicle.vehicleId, business.dataType === 0x9205);
        await this.forwarding.sendAsHolder(active, 0x1200, { ...vehicleHead, dataType: business.dataType === 0x9205 ? 0x1205 : 0x1206, data: edition === '2019' ? source : {} });
        return;
      }
      case 0x9601: {
        const carInfo = vehicle ? `VIN:=${vehicle.vin};VEHICLE_COLOR:=${vehicle.plateColor};VEHICLE_TYPE:=${vehicle.vehicleType ?? 0};VEHICLE_NATIONALITY:=;OWERS_NAME:=;` : '';
        await this.forwarding.sendAsHolder(active, 0x1600, { ...vehicleHead, dataType: 0x1601, data: edition === '2019' ? { ...source, carInfo } : { carInfo } });
        return;
      }
      case 0x9501:
      case 0x9502:
      case 0x9503:
      case 0x9504:
      case 0x9505:
        await this.monitoring.request(active, business.dataType, data, vehicleHead, message.header.serial, vehicle);
        return;
      default:
        this.logger.log(`platform ${active.platform.id}: 0x${message.msgId.toString(16)}/0x${business.dataType.toString(16)} received, not handled here`);
    }
  }

  /** The newest 500 of the caller's companies (filtered in the query, so another company's flood hides nothing). */
  listChecks(user: AuthUser, status?: number): Promise<DutyCheck[]> {
    return latestInScope(this.checks, user, status);
  }

  /** The inspection log: duty checks received in [startMs, endMs), newest first, one page and the total. */
  async checkLog(user: AuthUser, query: { startMs: number; endMs: number; status?: number; current: number; size: number }): Promise<{ records: (DutyCheck & { platformName: string })[]; total: number }> {
    await this.markMissed();
    const builder = this.checks.createQueryBuilder('r').where('r.receivedAt >= :start AND r.receivedAt < :end', { start: query.startMs, end: query.endMs }).orderBy('r.id', 'DESC');
    if (query.status !== undefined) builder.andWhere('r.status = :status', { status: query.status });
    const [records, total] = await whereCompanyInScope(builder, user, 'r').skip((query.current - 1) * query.size).take(query.size).getManyAndCount();
    return { records: records.map((row) => ({ ...row, platformName: this.links.byId(row.platformId)?.platform.name ?? '' })), total };
  }

  listSupervisions(user: AuthUser, status?: number): Promise<AlarmSupervision[]> {
    return latestInScope(this.supervisions, user, status);
  }

  /** Answers a duty check with 0x1301 while it is waiting; 3116 when no link to its platform is up. */
  async answerCheck(user: AuthUser, id: number, answer: { answer: string; responder?: string; responderTel?: string }): Promise<DutyCheck> {
    const check = await this.checks.findOneBy({ id });
    if (!check || !rowInScope(user, { companyPath: check.companyPath, fleetPath: '' })) throw new AppError(ErrorCode.ALREADY_DELETED, { data: id });
    await this.markMissed();
    const current = (await this.checks.findOneByOrFail({ id })).status;
    if (current !== 0) throw new AppError(ErrorCode.BAD_PARAMETER, { data: { status: current, reason: current === 1 ? 'already answered' : 'deadline passed' } });
    const active = this.links.byId(check.platformId);
    const edition = active?.platform.edition as Jt809Edition | undefined;
    const data =
      edition === '2019'
        ? { objectType: check.objectType, responder: answer.responder ?? user.id, responderTel: answer.responderTel ?? '', objectId: check.objectId, sourceDataType: 0x9301, sourceMsgSn: check.sourceSerial, infoContent: answer.answer }
        : { objectType: check.objectType, objectId: check.objectId, infoId: check.infoId, infoContent: answer.answer };
    if (!active || !(await this.forwarding.sendAsHolder(active, 0x1300, { dataType: 0x1301, data }))) throw new AppError(ErrorCode.SUPERIOR_PLATFORM_NOT_CONNECTED, { data: check.platformId });
    await this.checks.update({ id }, { status: 1, answer: answer.answer, answeredBy: user.id, answeredAt: Date.now() });
    return this.checks.findOneByOrFail({ id });
  }

  /** Answers a supervision with 0x1401. */
  async answerSupervision(user: AuthUser, id: number, result: number): Promise<AlarmSupervision> {
    const supervision = await this.supervisions.findOneBy({ id });
    if (!supervision || !rowInScope(user, { companyPath: supervision.companyPath, fleetPath: '' })) throw new AppError(ErrorCode.ALREADY_DELETED, { data: id });
    await this.markMissed();
    const current = (await this.supervisions.findOneByOrFail({ id })).status;
    if (current !== 0) throw new AppError(ErrorCode.BAD_PARAMETER, { data: { status: current, reason: current === 1 ? 'already answered' : 'deadline passed' } });
    const active = this.links.byId(supervision.platformId);
    const sent = active && (await this.forwarding.sendAsHolder(active, 0x1400, { vehicleNo: supervision.vehicleNo, vehicleColor: supervision.vehicleColor, dataType: 0x1401, data: { supervisionId: supervision.supervisionId, result } }));
    if (!sent) throw new AppError(ErrorCode.SUPERIOR_PLATFORM_NOT_CONNECTED, { data: supervision.platformId });
    await this.supervisions.update({ id }, { status: 1, result, answeredBy: user.id, answeredAt: Date.now() });
    return this.supervisions.findOneByOrFail({ id });
  }
}

function latestInScope<T extends ObjectLiteral>(repository: Repository<T>, user: AuthUser, status: number | undefined): Promise<T[]> {
  const query = repository.createQueryBuilder('r').orderBy('r.id', 'DESC').take(500);
  if (status !== undefined) query.andWhere('r.status = :status', { status });
  return whereCompanyInScope(query, user, 'r').getMany();
}
