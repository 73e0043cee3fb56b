import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { InjectRepository } from '@nestjs/typeorm';
import { CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { PageQueryDto } from '@openfleet/service-kit';
import { IsIn, IsNotEmpty, IsObject, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { In, Like, type FindOptionsWhere, type Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { CommandConfig } from './command-config.entity';

export class CommandConfigDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(64) name!: string;
  @ApiProperty({ enum: ['GET', 'POST', 'PUT', 'DELETE'] }) @IsIn(['GET', 'POST', 'PUT', 'DELETE']) method!: string;
  // Our own API only: a directive never sends the operator's token to another host.
  @ApiProperty({ description: 'Path of this platform\'s API, e.g. /gps/sendOrder/send' }) @IsString() @Matches(/^\/[A-Za-z0-9/_.-]*$/) @MaxLength(255) url!: string;
  @ApiPropertyOptional({ description: 'Query (GET) or body sent as is' }) @IsOptional() @IsObject() params?: Record<string, unknown>;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) remark?: string;
}

/**
 * Stored instruction directives (commandConfig): the console sends `method url` with `params` and
 * shows the success notice when the answer is `true` or has flag true (spec §7). A company's
 * directives are its own; platform-wide ones (no company) are the super administrators'.
 */
@ApiTags('instruction')
@ApiBearerAuth()
@Controller('gps/commandConfig')
export class CommandConfigController {
  constructor(@InjectRepository(CommandConfig, 'instruction') private readonly configs: Repository<CommandConfig>) {}

  @Get()
  @RequiresAction('commandConfig:search')
  @ApiOperation({ summary: 'Directives of the caller company and the platform-wide ones; keyword searches the name' })
  async page(@CurrentUser() user: AuthUser, @Query() query: PageQueryDto) {
    const where: FindOptionsWhere<CommandConfig> = {
      ...(user.superAdmin ? {} : { companyId: In(['', user.companyId]) }),
      ...(query.keyword ? { name: Like(`%${query.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`) } : {}),
    };
    const [records, total] = await this.configs.findAndCount({ where, order: { id: 'DESC' }, skip: (query.current - 1) * query.size, take: query.size });
    return okEnvelope({ records, total, current: query.current, size: query.size });
  }

  @Post()
  @HttpCode(200)
  @RequiresAction('commandConfig:add')
  async create(@CurrentUser() user: AuthUser, @Body() dto: CommandConfigDto) {
    const now = Date.now();
    const saved = await this.configs.save(this.configs.create({ ...dto, params: dto.params ?? {}, remark: dto.remark ?? '', companyId: user.superAdmin ? '' : user.companyId, createdAt: now, updatedAt: now }));
    return okEnvelope({ id: saved.id });
  }

  @Put(':id')
  @RequiresAction('commandConfig:modify')
  async update(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: CommandConfigDto) {
    const config = await this.owned(user, id);
    await this.configs.update({ id: config.id }, { ...dto, params: dto.params ?? {}, remark: dto.remark ?? '', updatedAt: Date.now() } as QueryDeepPartialEntity<CommandConfig>);
    return okEnvelope(true);
  }

  @Delete(':id')
  @RequiresAction('commandConfig:delete')
  async remove(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    const config = await this.owned(user, id);
    await this.configs.delete({ id: config.id });
    return okEnvelope(true);
  }

  /** A directive the caller may change: its company's, or any for a super administrator (410 otherwise). */
  private async owned(user: AuthUser, id: number): Promise<CommandConfig> {
    const config = await this.configs.findOneBy({ id });
    if (!config || (!user.superAdmin && config.companyId !== user.companyId)) throw new AppError(ErrorCode.ALREADY_DELETED);
    return config;
  }
}
