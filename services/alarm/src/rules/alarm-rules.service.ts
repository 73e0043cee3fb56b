import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { Repository } from 'typeorm';
import { AlarmRule } from './alarm-rule.entity';
import type { RuleSet } from './platform-rules';

/** Rules changed on another instance apply here within this period. */
const RELOAD_MS = 30_000;

export type RuleInput = Omit<AlarmRule, 'companyId' | 'updatedAt'>;
export type EffectiveRules = RuleSet & { offlineS: number };

/** Until configured: every rule off. */
const OFF: EffectiveRules = { overspeedKmh: 0, overspeedS: 0, fatigueDriveS: 0, fatigueRestS: 0, nightStart: '', nightEnd: '', stoppedS: 0, offlineS: 0 };

/** Platform alarm rules per company, in memory; a change takes effect without a restart. */
@Injectable()
export class AlarmRulesService implements OnModuleInit, OnModuleDestroy {
  private byCompany = new Map<string, AlarmRule>();
  private timer?: NodeJS.Timeout;

  constructor(@InjectRepository(AlarmRule, 'alarm') private readonly rules: Repository<AlarmRule>) {}

  async onModuleInit(): Promise<void> {
    await this.reload();
    this.timer = setInterval(() => void this.reload().catch(() => undefined), RELOAD_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  async reload(): Promise<void> {
    this.byCompany = new Map((await this.rules.find()).map((rule) => [rule.companyId, rule]));
  }

  /** The rules of the nearest company on the path (own company first), else the default. */
  forCompanyPath(companyPath: readonly string[]): EffectiveRules {
    for (let i = companyPath.length - 1; i >= 0; i--) {
      const rule = this.byCompany.get(String(companyPath[i]));
      if (rule) return rule;
    }
    return this.byCompany.get('') ?? OFF;
  }

  /** The caller company's rules (or the default for a super administrator without companyId). */
  get(user: AuthUser, companyId?: string): EffectiveRules & { companyId: string } {
    const id = this.companyOf(user, companyId);
    return { ...(this.byCompany.get(id) ?? this.byCompany.get('') ?? OFF), companyId: id };
  }

  async set(user: AuthUser, companyId: string | undefined, input: RuleInput): Promise<void> {
    const id = this.companyOf(user, companyId);
    await this.rules.save(this.rules.create({ ...input, companyId: id, updatedAt: Date.now() }));
    await this.reload();
  }

  /** A super administrator may set any company's rules or the default (''); others only their own company's. */
  private companyOf(user: AuthUser, companyId: string | undefined): string {
    if (user.superAdmin) return companyId ?? '';
    if (companyId !== undefined && companyId !== user.companyId) throw new AppError(ErrorCode.COMPANY_MISMATCH, { data: { companyId } });
    return user.companyId;
  }
}
