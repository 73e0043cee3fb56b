import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectRepository } from '@nestjs/typeorm';
import { CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { sendSheet, writeSheet } from '@openfleet/service-kit';
import type { Response } from 'express';
import { In, type Repository, type SelectQueryBuilder } from 'typeorm';
import { LOG_EXPORT_ROWS, cst } from '../common/log-export';
import { applyScope } from '../common/scope-filter';
import { OperationLogQueryDto } from './dto/operation-log.dto';
import { User } from '../user/user.entity';
import { OperationLog } from './operation-log.entity';

@ApiTags('operation log')
@ApiBearerAuth()
@Controller('basic/operation-log')
export class OperationLogController {
  constructor(
    @InjectRepository(OperationLog, 'admin') private readonly logs: Repository<OperationLog>,
    @InjectRepository(User, 'admin') private readonly users: Repository<User>,
  ) {}

  /** Newest first, within the caller's companies (keyword matches the path). */
  @Get()
  @RequiresAction('operationLog:search')
  async page(@CurrentUser() user: AuthUser, @Query() query: OperationLogQueryDto) {
    const [records, total] = await (await this.filtered(user, query)).skip((query.current - 1) * query.size).take(query.size).getManyAndCount();
    return okEnvelope({ records: await this.withAccounts(records), total, current: query.current, size: query.size });
  }

  @Get('export')
  @RequiresAction('operationLog:export')
  @ApiOperation({ summary: 'The operation log with the same filters as an Excel sheet (newest first, at most 10,000 rows)' })
  async export(@CurrentUser() user: AuthUser, @Query() query: OperationLogQueryDto, @Res() response: Response) {
    const rows = await this.withAccounts(await (await this.filtered(user, query)).take(LOG_EXPORT_ROWS).getMany());
    const sheet = await writeSheet(
      'operation-log',
      [
        { key: 'createdAt', header: '时间', width: 20 },
        { key: 'account', header: '账号', width: 16 },
        { key: 'method', header: '方法', width: 8 },
        { key: 'path', header: '路径', width: 40 },
        { key: 'errorCode', header: '结果码', width: 10 },
        { key: 'ip', header: 'IP', width: 18 },
      ],
      rows.map((row) => ({ ...row, createdAt: cst(row.createdAt) })),
    );
    sendSheet(response, 'operation-log.xlsx', sheet);
  }

  /** Rows are written with the user id (the account only for logins): name each row's account. */
  private async withAccounts(rows: OperationLog[]): Promise<OperationLog[]> {
    const ids = [...new Set(rows.filter((row) => !row.account && row.userId !== null).map((row) => row.userId as number))];
    if (!ids.length) return rows;
    const accounts = new Map((await this.users.find({ where: { id: In(ids) }, select: { id: true, account: true } })).map((u) => [u.id, u.account]));
    return rows.map((row) => (row.account || row.userId === null ? row : { ...row, account: accounts.get(row.userId) ?? '' }));
  }

  private async filtered(user: AuthUser, query: OperationLogQueryDto): Promise<SelectQueryBuilder<OperationLog>> {
    const ownOnly = !user.superAdmin && !user.scope.companies.length;
    const builder = ownOnly ? this.logs.createQueryBuilder('log').where('log.userId = :self', { self: Number(user.id) }) : applyScope(this.logs.createQueryBuilder('log'), 'log', user);
    builder.orderBy('log.id', 'DESC');
    if (query.keyword) builder.andWhere('log.path LIKE :kw', { kw: `%${query.keyword}%` });
    if (query.account) {
      // The user's requests (by id) and the logins typed with that account (which may have failed).
      const ids = (await this.users.find({ where: { account: query.account }, select: { id: true } })).map((u) => u.id);
      builder.andWhere(ids.length ? '(log.account = :account OR log.userId IN (:...ids))' : 'log.account = :account', { account: query.account, ids });
    }
    if (query.from) builder.andWhere('log.createdAt >= :from', { from: query.from });
    if (query.to) builder.andWhere('log.createdAt <= :to', { to: query.to });
    return builder;
  }
}
