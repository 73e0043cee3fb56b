import { Body, Controller, Get, HttpCode, Post, Query, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectRepository } from '@nestjs/typeorm';
import { CurrentUser, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { Repository } from 'typeorm';
import { isUniqueViolation } from '../common/unique-violation';
import { OperationLogInterceptor } from '../operation-log/operation-log.interceptor';
import { BindSocialDto, UnbindSocialDto } from './dto/social.dto';
import { UserSocial } from './user-social.entity';

/**
 * Social accounts of the signed-in user (no action code: a user manages their own bindings).
 * `autoBindSocial` binds the open id to the caller, replacing the caller's previous one of that type;
 * an open id already bound to someone else is 4231. Binding again is a no-op.
 */
@ApiTags('auth')
@ApiBearerAuth()
@Controller('basic/social')
@UseInterceptors(OperationLogInterceptor)
export class SocialController {
  constructor(@InjectRepository(UserSocial, 'admin') private readonly socials: Repository<UserSocial>) {}

  @Post('autoBindSocial')
  @HttpCode(200)
  @ApiOperation({ summary: 'Binds {type (default wechat), openId} (query params or body) to the caller: data {type, openId, boundAt}; 4231 bound to another user' })
  async autoBindSocial(@CurrentUser() user: AuthUser, @Query() query: Partial<BindSocialDto>, @Body() body: Partial<BindSocialDto>) {
    const dto = await validBinding({ ...query, ...body });
    const type = dto.type ?? 'wechat';
    const userId = Number(user.id);
    const holder = await this.socials.findOne({ where: { type, openId: dto.openId } });
    if (holder && holder.userId !== userId) throw new AppError(ErrorCode.ALREADY_BOUND);
    if (!holder) {
      await this.socials.delete({ userId, type });
      try {
        await this.socials.insert({ userId, type, openId: dto.openId, boundAt: Date.now() });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(ErrorCode.ALREADY_BOUND);
        throw error;
      }
    }
    const bound = await this.socials.findOneOrFail({ where: { userId, type } });
    return okEnvelope({ type: bound.type, openId: bound.openId, boundAt: bound.boundAt });
  }

  @Get('list')
  @ApiOperation({ summary: "The caller's bindings: [{type, openId, boundAt}]" })
  async list(@CurrentUser() user: AuthUser) {
    const rows = await this.socials.find({ where: { userId: Number(user.id) }, order: { type: 'ASC' } });
    return okEnvelope(rows.map((row) => ({ type: row.type, openId: row.openId, boundAt: row.boundAt })));
  }

  @Post('unbindSocial')
  @HttpCode(200)
  @ApiOperation({ summary: "Removes the caller's binding of `type` (default wechat): data true, false when there was none" })
  async unbindSocial(@CurrentUser() user: AuthUser, @Query() query: UnbindSocialDto) {
    const result = await this.socials.delete({ userId: Number(user.id), type: query.type ?? 'wechat' });
    return okEnvelope(Boolean(result.affected));
  }
}

// The fields may come in the query or the body, so they are validated after merging.
async function validBinding(input: object): Promise<BindSocialDto> {
  const dto = plainToInstance(BindSocialDto, input);
  const problems = await validate(dto, { whitelist: true, forbidNonWhitelisted: true });
  if (problems.length) throw new AppError(ErrorCode.BAD_PARAMETER, { data: problems.flatMap((problem) => Object.values(problem.constraints ?? {})) });
  return dto;
}
