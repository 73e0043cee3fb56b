import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { InjectRepository } from '@nestjs/typeorm';
import { AuthGuard, CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import type { Repository } from 'typeorm';
import { PageQueryDto } from '../common/paging.dto';
import { applyScope } from '../common/scope-filter';
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
  async page(@CurrentUser() user: AuthUser, @Query() query: PageQueryDto) {
    const ownOnly = !user.superAdmin && !user.scope.companies.length;
    const builder = ownOnly
      ? this.logs.createQueryBuilder('log').where('log.userId = :self', { self: Number(user.id) })
      : applyScope(this.logs.createQueryBuilder('log'), 'log', user);
    builder.orderBy('log.id', 'DESC');
    if (query.keyword) builder.andWhere('log.path LIKE :kw', { kw: `%${query.keyword}%` });
    const [records, total] = await builder.skip((query.current - 1) * query.size).take(query.size).getManyAndCount();
    return okEnvelope({ records, total, current: query.current, size: query.size });
  }
}
