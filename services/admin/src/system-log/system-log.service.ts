import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { hostname } from 'node:os';
import { writeSheet } from '@openfleet/service-kit';
import type { DataSource, Repository, SelectQueryBuilder } from 'typeorm';
import { cst, LOG_EXPORT_ROWS } from '../common/log-export';
import type { Page } from '../common/paging.dto';
import { applyScope } from '../common/scope-filter';
import type { SystemLogQueryDto } from './dto/system-log.dto';
import { SystemLog } from './system-log.entity';

export const SystemEvent = {
  START: 'start',
  STOP: 'stop',
  MIGRATION: 'migration',
  LOGIN_FAILED: 'login-failed',
  ACCOUNT_LOCKED: 'account-locked',
  ADMIN_CREATED: 'admin-created',
  COMPANY_REGISTERED: 'company-registered',
  PASSWORD_RESET: 'password-reset',
} as const;
export type SystemEvent = (typeof SystemEvent)[keyof typeof SystemEvent];

export interface SystemLogEntry {
  level?: 'info' | 'warn' | 'error';
  detail?: Record<string, unknown>;
  /** The company the event concerns (its administrators may read it). */
  company?: { id: number; companyPath: string } | null;
}

/**
 * Writes system events to `system_log` (and to the process log). Writing never fails the caller:
 * a lost audit row is logged as a warning instead.
 */
@Injectable()
export class SystemLogService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('SystemLog');
  private readonly source = `${process.pid}@${hostname()}`.slice(0, 64);

  constructor(
    @InjectRepository(SystemLog, 'admin') private readonly logs: Repository<SystemLog>,
    @InjectDataSource('admin') private readonly dataSource: DataSource,
  ) {}

  async record(event: SystemEvent, message: string, entry: SystemLogEntry = {}): Promise<void> {
    const level = entry.level ?? 'info';
    this.logger[level === 'info' ? 'log' : level]({ event, ...entry.detail }, message);
    try {
      await this.logs.insert({
        level,
        event,
        message: message.slice(0, 255),
        detail: JSON.stringify(entry.detail ?? {}).slice(0, 1000),
        companyId: entry.company?.id ?? null,
        companyPath: entry.company?.companyPath ?? '',
        source: this.source,
        createdAt: Date.now(),
      });
    } catch (error) {
      this.logger.warn({ err: error, event }, 'system log write failed');
    }
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.recordNewMigrations();
    await this.record(SystemEvent.START, 'admin service started', { detail: { pid: process.pid, node: process.version } });
  }

  // Before TypeORM closes the connection (that happens in onApplicationShutdown).
  async beforeApplicationShutdown(signal?: string): Promise<void> {
    await this.record(SystemEvent.STOP, 'admin service stopping', { detail: { pid: process.pid, signal: signal ?? null } });
  }

  async page(user: AuthUser, query: SystemLogQueryDto): Promise<Page<SystemLog>> {
    const [records, total] = await this.filtered(user, query).skip((query.current - 1) * query.size).take(query.size).getManyAndCount();
    return { records, total, current: query.current, size: query.size };
  }

  /** The same filters, newest first, at most LOG_EXPORT_ROWS rows, as an Excel sheet. */
  async export(user: AuthUser, query: SystemLogQueryDto): Promise<Buffer> {
    const rows = await this.filtered(user, query).take(LOG_EXPORT_ROWS).getMany();
    return writeSheet(
      'system-log',
      [
        { key: 'createdAt', header: '时间', width: 20 },
        { key: 'level', header: '级别', width: 8 },
        { key: 'event', header: '事件', width: 18 },
        { key: 'message', header: '内容', width: 40 },
        { key: 'detail', header: '详情', width: 40 },
        { key: 'source', header: '来源', width: 20 },
      ],
      rows.map((row) => ({ ...row, createdAt: cst(row.createdAt) })),
    );
  }

  private filtered(user: AuthUser, query: SystemLogQueryDto): SelectQueryBuilder<SystemLog> {
    const builder = this.logs.createQueryBuilder('log').orderBy('log.id', 'DESC');
    // Platform events (no company) are for super administrators; others see their companies' events.
    if (!user.superAdmin) {
      if (user.scope.companies.length) applyScope(builder, 'log', user);
      else builder.andWhere('log.companyId = :own', { own: Number(user.companyId) });
    }
    if (query.level) builder.andWhere('log.level = :level', { level: query.level });
    if (query.event) builder.andWhere('log.event = :event', { event: query.event });
    if (query.from) builder.andWhere('log.createdAt >= :from', { from: query.from });
    if (query.to) builder.andWhere('log.createdAt <= :to', { to: query.to });
    if (query.keyword) builder.andWhere('(log.message LIKE :kw OR log.detail LIKE :kw)', { kw: `%${query.keyword}%` });
    return builder;
  }

  /** One `migration` row per applied migration, the first time a start sees it. */
  private async recordNewMigrations(): Promise<void> {
    try {
      const table = this.dataSource.options.migrationsTableName ?? 'migrations';
      const applied = await this.dataSource.query(`SELECT name, timestamp FROM ${table} ORDER BY id`);
      const logged = new Set((await this.logs.find({ where: { event: SystemEvent.MIGRATION } })).map((row) => row.message));
      for (const { name, timestamp } of applied as { name: string; timestamp: number | string }[]) {
        if (!logged.has(name)) await this.record(SystemEvent.MIGRATION, name, { detail: { timestamp: Number(timestamp) } });
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'could not read the migrations table');
    }
  }
}
