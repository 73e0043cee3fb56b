import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, RequiresAnyAction, UserDirectory, type AuthUser } from '@openfleet/auth';
import { chinaDayStartOf, formatChinaTime, okEnvelope } from '@openfleet/contracts';
import { Type } from 'class-transformer';
import { queryWindow, sendSheet, writeSheet } from '@openfleet/service-kit';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import type { Response } from 'express';
import { DutyCheckAnswerDto, SupervisionAnswerDto } from '../platform/upper-platform.dto';
import { InboundService } from './inbound.service';

export class InboundQueryDto {
  @ApiPropertyOptional({ description: '0 waiting, 1 replied, 2 not replied' }) @IsOptional() @Type(() => Number) @IsIn([0, 1, 2]) status?: number;
}

/** The inspection log's filters: received between two days (China time, at most 30 days apart), the reply status, a page. */
export class InspectionLogQueryDto extends InboundQueryDto {
  @ApiProperty({ example: '2026-11-01' }) @IsString() @IsNotEmpty() @MaxLength(19) startTime!: string;
  @ApiProperty({ example: '2026-11-30' }) @IsString() @IsNotEmpty() @MaxLength(19) endTime!: string;
  @ApiPropertyOptional({ default: 1 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) current = 1;
  @ApiPropertyOptional({ default: 20 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(10_000) size = 20;
}

const INSPECTION_WINDOW_DAYS = 30;
const cst = (ms: number) => (ms ? formatChinaTime(ms) : '');

/** Duty checks (查岗) and alarm supervision (督办) from the superior platforms, and their answers. */
@ApiTags('forwarder-809')
@ApiBearerAuth()
@Controller('platform809')
export class InboundController {
  constructor(
    private readonly inbound: InboundService,
    private readonly users: UserDirectory,
  ) {}

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

  @Get('duty-checks/log')
  @RequiresAction('inspectionLog:search')
  @ApiOperation({ summary: 'The inspection log: duty checks of the caller’s platforms received in the window (days, at most 30: 300 beyond), with their answers; paged, newest first' })
  async checkLog(@CurrentUser() user: AuthUser, @Query() query: InspectionLogQueryDto) {
    return okEnvelope({ ...(await this.inbound.checkLog(user, { ...this.window(query), status: query.status, current: query.current, size: query.size })), current: query.current, size: query.size });
  }

  @Get('duty-checks/log/export')
  @RequiresAction('inspectionLog:export')
  @ApiOperation({ summary: 'The inspection log as an Excel sheet (at most 10,000 rows), 应答人 by name (未知用户 outside the caller\'s scope)' })
  async checkLogExport(@CurrentUser() user: AuthUser, @Query() query: InspectionLogQueryDto, @Res() response: Response) {
    const { records } = await this.inbound.checkLog(user, { ...this.window(query), status: query.status, current: 1, size: 10_000 });
    const statusName = ['待应答', '已应答', '未应答'];
    const operatorName = await this.users.namer(user);
    const sheet = await writeSheet('inspection-log', [
      { key: 'receivedAt', header: '查岗时间', width: 20 },
      { key: 'platformName', header: '上级平台', width: 16 },
      { key: 'question', header: '查岗内容', width: 40 },
      { key: 'deadlineAt', header: '应答期限', width: 20 },
      { key: 'status', header: '应答状态', width: 10 },
      { key: 'answer', header: '应答内容', width: 30 },
      { key: 'answeredBy', header: '应答人', width: 12 },
      { key: 'answeredAt', header: '应答时间', width: 20 },
    ], records.map((row) => ({ ...row, receivedAt: cst(row.receivedAt), deadlineAt: cst(row.deadlineAt), answeredAt: cst(row.answeredAt), status: statusName[row.status] ?? String(row.status), answeredBy: operatorName(row.answeredBy) })));
    sendSheet(response, 'inspection-log.xlsx', sheet);
  }

  private window(query: InspectionLogQueryDto): { startMs: number; endMs: number } {
    const { startS, endS } = queryWindow(query.startTime, query.endTime, INSPECTION_WINDOW_DAYS);
    // Whole days: from the first day's 00:00 to the end of the last day (China time).
    const dayStart = (s: number) => chinaDayStartOf(s * 1000) / 1000;
    return { startMs: dayStart(startS) * 1000, endMs: (dayStart(endS) + 86_400) * 1000 };
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
