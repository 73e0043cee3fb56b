import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { formatChinaTime, okEnvelope } from '@openfleet/contracts';
import { sendSheet, writeSheet } from '@openfleet/service-kit';
import type { Response } from 'express';
import { AlarmReportQueryDto, HandlingStatsQueryDto } from './alarm-report.dto';
import { AlarmReportService, type ReportKind } from './alarm-report.service';

const EXPORT_ROWS = 20_000;
const cst = (ms: number) => (ms ? formatChinaTime(ms) : '');

@ApiTags('alarm')
@ApiBearerAuth()
@Controller('gps/alarm/report')
export class AlarmReportController {
  constructor(private readonly reports: AlarmReportService) {}

  @Get('handling')
  @RequiresAnyAction('alarmHandle', 'alarmHandle:search')
  @ApiOperation({ summary: 'Alarms of at most 31 days by type, company or day, with how many were handled (1), not processed (2), left for later (3) or are unhandled (0)' })
  async handling(@CurrentUser() user: AuthUser, @Query() query: HandlingStatsQueryDto) {
    return okEnvelope(await this.reports.handlingStats(user, query));
  }

  @Get('overspeed')
  @RequiresAction('overSpeed:search')
  @ApiOperation({ summary: 'Overspeed alarms (terminal, platform rule, fence) with duration, maximum speed and limit (at most 7 days)' })
  async overspeed(@CurrentUser() user: AuthUser, @Query() query: AlarmReportQueryDto) {
    return okEnvelope(await this.reports.list(user, 'overspeed', query));
  }

  @Get('overspeed/top')
  @RequiresAction('overSpeed:search')
  @ApiOperation({ summary: 'The ten vehicles with the most overspeed alarms, and the ten with the longest total duration' })
  async overspeedTop(@CurrentUser() user: AuthUser, @Query() query: AlarmReportQueryDto) {
    return okEnvelope(await this.reports.top(user, 'overspeed', query));
  }

  @Get('overspeed/export')
  @RequiresAction('overSpeed:export')
  @ApiOperation({ summary: 'The overspeed report as an Excel sheet (at most 20,000 rows)' })
  async overspeedExport(@CurrentUser() user: AuthUser, @Query() query: AlarmReportQueryDto, @Res() response: Response) {
    await this.sendSheet(user, 'overspeed', query, response);
  }

  @Get('fatigue')
  @RequiresAction('fatigueDriving:search')
  @ApiOperation({ summary: 'Fatigue alarms (terminal, platform rule, DSM) with their duration (at most 7 days)' })
  async fatigue(@CurrentUser() user: AuthUser, @Query() query: AlarmReportQueryDto) {
    return okEnvelope(await this.reports.list(user, 'fatigue', query));
  }

  @Get('fatigue/top')
  @RequiresAction('fatigueDriving:search')
  @ApiOperation({ summary: 'The ten vehicles with the most fatigue alarms, and the ten with the longest total duration' })
  async fatigueTop(@CurrentUser() user: AuthUser, @Query() query: AlarmReportQueryDto) {
    return okEnvelope(await this.reports.top(user, 'fatigue', query));
  }

  @Get('fatigue/export')
  @RequiresAction('fatigueDriving:export')
  @ApiOperation({ summary: 'The fatigue report as an Excel sheet (at most 20,000 rows)' })
  async fatigueExport(@CurrentUser() user: AuthUser, @Query() query: AlarmReportQueryDto, @Res() response: Response) {
    await this.sendSheet(user, 'fatigue', query, response);
  }

  private async sendSheet(user: AuthUser, kind: ReportKind, query: AlarmReportQueryDto, response: Response): Promise<void> {
    const rows = await this.reports.all(user, kind, query, EXPORT_ROWS);
    const sheet = await writeSheet(
      kind === 'overspeed' ? '超速报表' : '疲劳驾驶报表',
      [
        { key: 'plateCode', header: '车牌号', width: 14 },
        { key: 'type', header: '报警类型', width: 20 },
        { key: 'startedAt', header: '开始时间', width: 20 },
        { key: 'endedAt', header: '结束时间', width: 20 },
        { key: 'durationS', header: '持续时长(秒)', width: 12 },
        { key: 'maxSpeedKmh', header: '最高速度(km/h)', width: 14 },
        { key: 'limitKmh', header: '限速(km/h)', width: 12 },
        { key: 'position', header: '位置', width: 24 },
      ],
      rows.map((row) => ({ ...row, startedAt: cst(row.startedAt), endedAt: row.endedAt ? cst(row.endedAt) : '进行中', limitKmh: row.limitKmh ?? '', position: `${row.latitude.toFixed(6)}, ${row.longitude.toFixed(6)}` })),
    );
    sendSheet(response, `${kind}.xlsx`, sheet);
  }
}
