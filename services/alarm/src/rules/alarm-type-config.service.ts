import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { Repository } from 'typeorm';
import { ReloadingCache } from './reloading-cache';
import { ALL_ALARM_TYPES, defaultTypeConfig, levelOf } from '../detection/alarm-types';
import { AlarmRulesService } from './alarm-rules.service';
import { AlarmTypeConfig } from './alarm-type-config.entity';

export interface TypeConfig {
  level: number;
  push: boolean;
  sound: boolean;
  needsHandling: boolean;
}

const KNOWN = new Set(ALL_ALARM_TYPES);

/** Level, push, sound and handling per alarm type and company (nearest company on the path first, then the default ''). */
@Injectable()
export class AlarmTypeConfigService extends ReloadingCache {
  private byKey = new Map<string, AlarmTypeConfig>();

  constructor(
    @InjectRepository(AlarmTypeConfig, 'alarm') private readonly configs: Repository<AlarmTypeConfig>,
    private readonly rules: AlarmRulesService,
  ) {
    super();
  }

  async reload(): Promise<void> {
    this.byKey = new Map((await this.configs.find()).map((row) => [`${row.companyId}|${row.type}`, row]));
  }

  /** What applies to an alarm of `type` for a vehicle under `companyPath`; `defaultLevel` where nobody configured it. */
  effective(companyPath: readonly string[], type: string, defaultLevel: number): TypeConfig {
    for (let i = companyPath.length; i >= 0; i--) {
      const row = this.byKey.get(`${i === 0 ? '' : companyPath[i - 1]}|${type}`);
      if (row) return { level: row.level, push: row.push === 1, sound: row.sound === 1, needsHandling: row.needsHandling === 1 };
    }
    return defaultTypeConfig(defaultLevel);
  }

  /** Every type with what applies to the caller's company and whether the company set it itself. */
  list(user: AuthUser, companyId?: string): { companyId: string; items: (TypeConfig & { type: string; custom: boolean })[] } {
    const id = this.rules.companyOf(user, companyId);
    return {
      companyId: id,
      items: ALL_ALARM_TYPES.map((type) => ({ type, ...this.effective(id ? [id] : [], type, levelOf(type)), custom: this.byKey.has(`${id}|${type}`) })),
    };
  }

  async set(user: AuthUser, companyId: string | undefined, items: (TypeConfig & { type: string })[]): Promise<void> {
    const id = this.rules.companyOf(user, companyId);
    const unknown = items.filter((item) => !KNOWN.has(item.type)).map((item) => item.type);
    if (unknown.length) throw new AppError(ErrorCode.BAD_PARAMETER, { data: { unknownTypes: unknown } });
    const now = Date.now();
    await this.configs.save(items.map((item) => this.configs.create({ companyId: id, type: item.type, level: item.level, push: item.push ? 1 : 0, sound: item.sound ? 1 : 0, needsHandling: item.needsHandling ? 1 : 0, updatedAt: now })));
    await this.reload();
  }
}
