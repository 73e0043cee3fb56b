import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { Repository } from 'typeorm';
import { ReloadingCache } from './reloading-cache';
import { AlarmRule } from './alarm-rule.entity';
import type { RuleSet } from './platform-rules';


export type RuleInput = Omit<AlarmRule, 'companyId' | 'vehicleType' | 'updatedAt'>;
export type EffectiveRules = RuleSet & { offlineS: number };

/** Until configured: every rule off. */
const OFF: EffectiveRules = { overspeedKmh: 0, overspeedS: 0, fatigueDriveS: 0, fatigueRestS: 0, nightStart: '', nightEnd: '', stoppedS: 0, offlineS: 0 };

const keyOf = (companyId: string, vehicleType: number) => `${companyId}|${vehicleType}`;

/** Platform alarm rules per company and vehicle type, in memory; a change takes effect without a restart. */
@Injectable()
export class AlarmRulesService extends ReloadingCache {
  private byCompany = new Map<string, AlarmRule>();

  constructor(@InjectRepository(AlarmRule, 'alarm') private readonly rules: Repository<AlarmRule>) {
    super();
  }

  async reload(): Promise<void> {
    this.byCompany = new Map((await this.rules.find()).map((rule) => [keyOf(rule.companyId, rule.vehicleType), rule]));
  }

  /**
   * The rules of the nearest company on the path (own company first), for the vehicle's type where
   * that company has them, else for all types; at the end the default likewise; else every rule off.
   */
  forCompanyPath(companyPath: readonly string[], vehicleType = 0): EffectiveRules {
    for (let i = companyPath.length; i >= 0; i--) {
      const company = i === 0 ? '' : String(companyPath[i - 1]);
      const rule = (vehicleType ? this.byCompany.get(keyOf(company, vehicleType)) : undefined) ?? this.byCompany.get(keyOf(company, 0));
      if (rule) return rule;
    }
    return OFF;
  }

  /** The caller company's rules for a vehicle type (0: all types), as they apply (inherited when not set). */
  get(user: AuthUser, companyId?: string, vehicleType = 0): EffectiveRules & { companyId: string; vehicleType: number } {
    const id = this.companyOf(user, companyId);
    const own = this.byCompany.get(keyOf(id, vehicleType));
    return { ...(own ?? this.forCompanyPath(id ? [id] : [], vehicleType)), companyId: id, vehicleType };
  }

  async set(user: AuthUser, companyId: string | undefined, vehicleType: number, input: RuleInput): Promise<void> {
    const id = this.companyOf(user, companyId);
    await this.rules.save(this.rules.create({ ...input, companyId: id, vehicleType, updatedAt: Date.now() }));
    await this.reload();
  }

  /** A super administrator may set any company's rules or the default (''); others only their own company's. */
  companyOf(user: AuthUser, companyId: string | undefined): string {
    if (user.superAdmin) return companyId ?? '';
    if (companyId !== undefined && companyId !== user.companyId) throw new AppError(ErrorCode.COMPANY_MISMATCH, { data: { companyId } });
    return user.companyId;
  }
}
