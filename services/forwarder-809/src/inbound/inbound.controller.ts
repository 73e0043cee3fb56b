import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { AuthGuard, CurrentUser, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { Type } from 'class-transformer';
import { IsIn, IsOptional, IsString } from 'class-validator';
import { DutyCheckAnswerDto, SupervisionAnswerDto } from '../platform/upper-platform.dto';
import { InboundService } from './inbound.service';

export class InboundQueryDto {
  @ApiPropertyOptional({ description: '0 waiting, 1 replied, 2 not replied' }) @IsOptional() @Type(() => Number) @IsIn([0, 1, 2]) status?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() _t?: string;
}

/** Duty checks (查岗) and alarm supervision (督办) from the superior platforms, and their answers. */
@ApiTags('forwarder-809')
@ApiBearerAuth()
@Controller('platform809')
@UseGuards(AuthGuard)
export class InboundController {
  constructor(private readonly inbound: InboundService) {}

  @Get('duty-checks')
  @RequiresAnyAction('superiorPlatformM', 'platform', 'home')
  @ApiOperation({ summary: 'Duty checks of the caller’s platforms, newest first (the console polls status=0 for its popup)' })
  async checks(@CurrentUser() user: AuthUser, @Query() query: InboundQueryDto) {
    return okEnvelope(await this.inbound.listChecks(user, query.status));
  }

  @Post('duty-checks/:id/answer')
  @HttpCode(200)
  @RequiresAnyAction('superiorPlatformM', 'platform', 'home')
  @ApiOperation({ summary: 'Answers a waiting duty check with 0x1301 (400 once answered or past its deadline, 3116 without a link)' })
  async answer(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: DutyCheckAnswerDto) {
    return okEnvelope(await this.inbound.answerCheck(user, id, dto));
  }

  @Get('supervisions')
  @RequiresAnyAction('superiorPlatformM', 'platform', 'alarmHandle')
  async supervisions(@CurrentUser() user: AuthUser, @Query() query: InboundQueryDto) {
    return okEnvelope(await this.inbound.listSupervisions(user, query.status));
  }

  @Post('supervisions/:id/answer')
  @HttpCode(200)
  @RequiresAnyAction('superiorPlatformM', 'platform', 'alarmHandle:modify')
  @ApiOperation({ summary: 'Answers a waiting supervision with 0x1401' })
  async answerSupervision(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: SupervisionAnswerDto) {
    return okEnvelope(await this.inbound.answerSupervision(user, id, dto.result));
  }
}
