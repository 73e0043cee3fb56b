import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectRepository } from '@nestjs/typeorm';
import { AuthGuard, CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { sendSheet, writeSheet } from '@openfleet/service-kit';
import type { Response } from 'express';
import type { Repository, SelectQueryBuilder } from 'typeorm';
import { LOG_EXPORT_ROWS, cst } from '../common/log-export';
import { applyScope } from '../common/scope-filter';
import { OperationLogQueryDto } from './dto/operation-log.dto';
import { OperationLog } from './operation-log.entity';

@ApiTags('operation log')
@ApiBearerAuth()
@Controller('basic/operation-log')
@UseGuards(AuthGuard)
export class OperationLogController {
  constructor(@InjectRepository(OperationLog, 'admin') private readonly logs: Repository<OperationLog>) {}

  /** Newest first, within the caller's companies (keyword matches the path). */
  @Get()
  @RequiresAction('operationLog:search')
  async page(@CurrentUser() user: AuthUser, @Query() query: OperationLogQueryDto) {
    const [records, total] = await this.filtered(user, query).skip((query.current - 1) * query.size).take(query.size).getManyAndCount();
    return okEnvelope({ records, total, current: query.current, size: query.size });
  }

  @Get('export')
  @RequiresAction('operationLog:export')
  @ApiOperation({ summary: 'The operation log with the same filters as an Excel sheet (newest first, at most 10,000 rows)' })
  async export(@CurrentUser() user: AuthUser, @Query() query: OperationLogQueryDto, @Res() response: Response) {
    const rows = await this.filtered(user, query).take(LOG_EXPORT_ROWS).getMany();
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

  private filtered(user: AuthUser, query: OperationLogQueryDto): SelectQueryBuilder<OperationLog> {
    const ownOnly = !user.superAdmin && !user.scope.companies.length;
    const builder = ownOnly ? this.logs.createQueryBuilder('log').where('log.userId = :self', { self: Number(user.id) }) : applyScope(this.logs.createQueryBuilder('log'), 'log', user);
    builder.orderBy('log.id', 'DESC');
    if (query.keyword) builder.andWhere('log.path LIKE :kw', { kw: `%${query.keyword}%` });
    if (query.account) builder.andWhere('log.account = :account', { account: query.account });
    if (query.from) builder.andWhere('log.createdAt >= :from', { from: query.from });
    if (query.to) builder.andWhere('log.createdAt <= :to', { to: query.to });
    return builder;
  }
}
