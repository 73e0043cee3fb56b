import { Controller, Get, Query } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { IsString, Matches } from 'class-validator';
import { In, type Repository } from 'typeorm';
import { applyScope } from '../common/scope-filter';
import { User } from './user.entity';

/** At most this many ids a call (one page of a log). */
export const MAX_USER_NAME_IDS = 100;

export class UserNamesQueryDto {
  @ApiProperty({ description: `Comma-separated user ids, 1-${MAX_USER_NAME_IDS}`, example: '1,12' })
  @IsString()
  @Matches(new RegExp(`^\\d{1,18}(,\\d{1,18}){0,${MAX_USER_NAME_IDS - 1}}$`))
  ids!: string;
}

/**
 * Names of the users behind the operator ids that logs keep (instruction logs, remote operations,
 * alarm handling, the collision rescue timeline): the screens show 操作人 by name. Only users of the
 * caller's scope are named; an id of another company is left out, as if it did not exist. Readable
 * by the screens that show them.
 */
@ApiTags('users')
@ApiBearerAuth()
@Controller('basic/user-names')
export class UserNamesController {
  constructor(@InjectRepository(User, 'admin') private readonly users: Repository<User>) {}

  @Get()
  @RequiresAnyAction('controlInstruction', 'controlInstruction:search', 'remoteOperationLog', 'remoteOperationLog:search', 'alarmHandle', 'alarmHandle:search', 'collisionRescue:search', 'collisionRescue:modify', 'userManage:search')
  @ApiOperation({ summary: 'Names of the given user ids in the caller’s scope: [{id, name, account}] (others left out)' })
  async names(@CurrentUser() caller: AuthUser, @Query() query: UserNamesQueryDto) {
    const ids = [...new Set(query.ids.split(',').map(Number))];
    const found = await applyScope(this.users.createQueryBuilder('user'), 'user', caller).andWhere({ id: In(ids) }).select(['user.id', 'user.name', 'user.account']).getMany();
    return okEnvelope(found.map((user) => ({ id: String(user.id), name: user.name, account: user.account })));
  }
}
