import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { checkFilterScope, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { DEFAULT_REMINDER_SETTINGS, type ReminderSettings } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { Repository } from 'typeorm';
import { ReminderSettingsEntity } from './reminder.entities';
import type { ReminderSettingsDto } from './reminders.dto';

/** A company's reminder settings: which kinds, how early, the maintenance margin and the receiving roles. */
@Injectable()
export class ReminderSettingsService {
  constructor(
    @InjectRepository(ReminderSettingsEntity, 'vehicle_service') private readonly settings: Repository<ReminderSettingsEntity>,
    private readonly registry: VehicleRegistry,
  ) {}

  /** The caller's company by default; another company only within the caller's scope (8002 otherwise, as unknown). */
  async get(user: AuthUser, companyId?: string): Promise<ReminderSettings> {
    const company = this.companyOf(user, companyId);
    const row = await this.settings.findOneBy({ companyId: company });
    return row ? settingsOf(row) : { companyId: company, ...DEFAULT_REMINDER_SETTINGS, daysBefore: [...DEFAULT_REMINDER_SETTINGS.daysBefore] };
  }

  async save(user: AuthUser, dto: ReminderSettingsDto): Promise<ReminderSettings> {
    const companyId = this.companyOf(user, dto.companyId);
    const days = dto.daysBefore ?? [...DEFAULT_REMINDER_SETTINGS.daysBefore];
    if (new Set(days).size !== days.length) throw new AppError(ErrorCode.REMINDER_DAYS_INVALID, { data: { field: 'daysBefore' } });
    const row: ReminderSettingsEntity = {
      companyId,
      insurance: Number(dto.insurance ?? true),
      inspection: Number(dto.inspection ?? true),
      maintenance: Number(dto.maintenance ?? true),
      daysBefore: [...days].sort((a, b) => b - a).join(','),
      overdue: Number(dto.overdue ?? true),
      maintenanceMarginKm: dto.maintenanceMarginKm ?? DEFAULT_REMINDER_SETTINGS.maintenanceMarginKm,
      roleIds: [...new Set(dto.roleIds ?? [])].join(','),
      updatedBy: String(user.id),
      updatedAt: Date.now(),
    };
    await this.settings.save(row);
    return settingsOf(row);
  }

  /** Every company's saved settings, for the sweep (companies without a row take the defaults). */
  async all(): Promise<Map<string, ReminderSettings>> {
    return new Map((await this.settings.find()).map((row) => [row.companyId, settingsOf(row)]));
  }

  private companyOf(user: AuthUser, companyId: string | undefined): string {
    const company = companyId?.trim() || String(user.companyId);
    if (!user.superAdmin && company !== String(user.companyId)) checkFilterScope(user, this.registry.all(), { companyId: company });
    return company;
  }
}

export function settingsOf(row: ReminderSettingsEntity): ReminderSettings {
  return {
    companyId: row.companyId,
    insurance: row.insurance === 1,
    inspection: row.inspection === 1,
    maintenance: row.maintenance === 1,
    daysBefore: row.daysBefore ? row.daysBefore.split(',').map(Number) : [],
    overdue: row.overdue === 1,
    maintenanceMarginKm: row.maintenanceMarginKm,
    roleIds: row.roleIds ? row.roleIds.split(',') : [],
  };
}

/** The settings a company's records are swept with. */
export function settingsFor(saved: ReadonlyMap<string, ReminderSettings>, companyId: string): ReminderSettings {
  return saved.get(companyId) ?? { companyId, ...DEFAULT_REMINDER_SETTINGS };
}
