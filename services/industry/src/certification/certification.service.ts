import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { checkFilterScope, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { formatChinaTime, type CertificateView, type CertificationTestView } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { parseTimeParam, type Page } from '@openfleet/service-kit';
import { pathOf, rowInScope, whereInScope } from '@openfleet/storage';
import type { Repository, SelectQueryBuilder } from 'typeorm';
import { CertificationMonitorService } from './certification-monitor.service';
import { CertificationTest } from './certification-test.entity';
import type { CertificationQueryDto, CertificationTestDto } from './certification.dto';
import { checkCodes, newCheck } from './checks/check-state';
import { settingsOf } from './checks/settings';

/** Rows an export writes at most. */
export const CERTIFICATION_EXPORT_ROWS = 10_000;

/**
 * Access-certification tests: opened in the caller's vehicle scope for one of its vehicles (one
 * running test per vehicle and standard), listed and exported with the same filters; certificates
 * are the tests that passed. A test outside the scope is answered as one that does not exist (410).
 */
@Injectable()
export class CertificationService {
  constructor(
    @InjectRepository(CertificationTest, 'industry') private readonly tests: Repository<CertificationTest>,
    private readonly registry: VehicleRegistry,
    private readonly monitor: CertificationMonitorService,
  ) {}

  async open(user: AuthUser, dto: CertificationTestDto): Promise<CertificationTestView> {
    const vehicle = this.registry.inScope(user, dto.vehicleId);
    const terminalPhone = dto.terminalPhone ?? vehicle.terminalPhone ?? '';
    const vin = dto.vin ?? vehicle.vin ?? '';
    // The standard follows the vehicle by what it is known by: its terminal (808) or its VIN (32960).
    if (dto.standard === 'jt808' && !terminalPhone) throw new AppError(ErrorCode.BAD_PARAMETER, { data: { field: 'terminalPhone' } });
    if (dto.standard === 'gb32960' && vin.length !== 17) throw new AppError(ErrorCode.BAD_PARAMETER, { data: { field: 'vin' } });
    if (await this.tests.existsBy({ vehicleId: vehicle.vehicleId, standard: dto.standard, status: 'running' })) throw new AppError(ErrorCode.CONFLICT, { data: { vehicleId: vehicle.vehicleId, standard: dto.standard } });
    const settings = settingsOf(dto.settings);
    const now = Date.now();
    const saved = await this.tests.save(
      this.tests.create({
        vehicleId: vehicle.vehicleId,
        plateCode: vehicle.plateCode,
        vin: dto.standard === 'gb32960' ? vin : '',
        terminalPhone: dto.standard === 'jt808' ? terminalPhone : '',
        standard: dto.standard,
        durationS: dto.durationS,
        startedAt: now,
        endsAt: now + dto.durationS * 1000,
        finishedAt: null,
        status: 'running',
        progress: { checks: checkCodes(dto.standard, settings).map(newCheck) },
        settings,
        companyId: vehicle.companyId,
        companyPath: pathOf(vehicle.companyPath.map(String)),
        fleetPath: pathOf(vehicle.fleetPath.map(String)),
        createdBy: user.id,
        remark: dto.remark ?? '',
        certificateNo: null,
        updatedAt: now,
      }),
    );
    await this.monitor.refresh();
    return this.view(saved);
  }

  async get(user: AuthUser, id: number): Promise<CertificationTestView> {
    const row = await this.tests.findOneBy({ id });
    if (!row || !rowInScope(user, row)) throw new AppError(ErrorCode.ALREADY_DELETED, { data: { id } });
    return this.view(row);
  }

  async page(user: AuthUser, query: CertificationQueryDto): Promise<Page<CertificationTestView>> {
    const [rows, total] = await this.filtered(user, query).skip((query.current - 1) * query.size).take(query.size).getManyAndCount();
    return { records: rows.map((row) => this.view(row)), total, current: query.current, size: query.size };
  }

  async exportRows(user: AuthUser, query: CertificationQueryDto): Promise<CertificationTestView[]> {
    return (await this.filtered(user, query).take(CERTIFICATION_EXPORT_ROWS).getMany()).map((row) => this.view(row));
  }

  async certificates(user: AuthUser, query: CertificationQueryDto): Promise<Page<CertificateView>> {
    const [rows, total] = await this.filtered(user, { ...query, status: 'passed' }).skip((query.current - 1) * query.size).take(query.size).getManyAndCount();
    return { records: rows.map((row) => this.certificate(row)), total, current: query.current, size: query.size };
  }

  async certificateRows(user: AuthUser, query: CertificationQueryDto): Promise<CertificateView[]> {
    return (await this.filtered(user, { ...query, status: 'passed' }).take(CERTIFICATION_EXPORT_ROWS).getMany()).map((row) => this.certificate(row));
  }

  view(row: CertificationTest): CertificationTestView {
    const checks = row.progress.checks;
    return {
      id: row.id,
      vehicleId: row.vehicleId,
      plateCode: this.registry.byVehicleId(row.vehicleId)?.plateCode ?? row.plateCode,
      companyId: row.companyId,
      standard: row.standard,
      terminalPhone: row.terminalPhone,
      vin: row.vin,
      durationS: row.durationS,
      startedAt: formatChinaTime(row.startedAt),
      endsAt: formatChinaTime(row.endsAt),
      finishedAt: row.finishedAt === null ? null : formatChinaTime(row.finishedAt),
      status: row.status,
      passedChecks: checks.filter((check) => check.status === 'passed').length,
      failedChecks: checks.filter((check) => check.status === 'failed').length,
      totalChecks: checks.length,
      checks,
      settings: row.settings,
      createdBy: row.createdBy,
      remark: row.remark,
      certificateNo: row.certificateNo,
    };
  }

  private certificate(row: CertificationTest): CertificateView {
    return {
      certificateNo: row.certificateNo ?? '',
      testId: row.id,
      vehicleId: row.vehicleId,
      plateCode: this.registry.byVehicleId(row.vehicleId)?.plateCode ?? row.plateCode,
      vin: row.vin,
      terminalPhone: row.terminalPhone,
      companyId: row.companyId,
      standard: row.standard,
      issuedOn: formatChinaTime(row.finishedAt ?? row.endsAt).slice(0, 10),
      checks: row.progress.checks,
    };
  }

  private filtered(user: AuthUser, query: CertificationQueryDto): SelectQueryBuilder<CertificationTest> {
    checkFilterScope(user, this.registry.all(), query);
    const q = whereInScope(this.tests.createQueryBuilder('t'), user, 't', { vehicleColumn: 'vehicle_id' }).orderBy('t.started_at', 'DESC').addOrderBy('t.id', 'DESC');
    const vehicleIds = (query.vehicleIds ?? '').split(',').map((id) => id.trim()).filter(Boolean);
    if (vehicleIds.length) q.andWhere('t.vehicle_id IN (:...vehicleIds)', { vehicleIds });
    if (query.companyId) q.andWhere('t.company_path LIKE :company', { company: `%/${query.companyId}/%` });
    // The keyword is part of a plate, a terminal phone or a VIN ('!' escapes LIKE wildcards on both engines).
    if (query.keyword) q.andWhere("(t.plate_code LIKE :like ESCAPE '!' OR t.terminal_phone LIKE :like ESCAPE '!' OR t.vin LIKE :like ESCAPE '!')", { like: `%${query.keyword.replace(/[!%_]/g, (c) => `!${c}`)}%` });
    if (query.standard) q.andWhere('t.standard = :standard', { standard: query.standard });
    if (query.status) q.andWhere('t.status = :status', { status: query.status });
    if (query.startTime) q.andWhere('t.started_at >= :start', { start: parseTimeParam(query.startTime, 'startTime') * 1000 });
    if (query.endTime) q.andWhere('t.started_at <= :end', { end: parseTimeParam(query.endTime, 'endTime') * 1000 + 999 });
    return q;
  }
}
