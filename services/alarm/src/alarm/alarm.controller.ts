import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { sendSheet } from '@openfleet/service-kit';
import { AlarmPageQueryDto, HandleAlarmsDto } from './alarm.dto';
import { AlarmExportService } from './alarm-export.service';
import { withPlace } from './alarm-place';
import { AlarmService } from './alarm.service';
import type { Response } from 'express';

const VIEW = ['alarmHandle:search', 'alarmHandle:modify', 'alarmMonitor'];

@ApiTags('alarm')
@ApiBearerAuth()
@Controller('gps/alarm')
export class AlarmController {
  constructor(
    private readonly alarms: AlarmService,
    private readonly exporter: AlarmExportService,
  ) {}

  @Get('page')
  @RequiresAnyAction(...VIEW)
  @ApiOperation({ summary: 'Alarms of the caller scope in a window of at most 7 days (300 beyond): type, level, handling status, vehicle, company, fleet, plate keyword' })
  async page(@CurrentUser() user: AuthUser, @Query() query: AlarmPageQueryDto) {
    const page = await this.alarms.page(user, query);
    return okEnvelope({ ...page, records: page.records.map(withPlace) });
  }

  @Get('export')
  @RequiresAction('alarmHandle:export')
  @ApiOperation({ summary: 'The alarm list with the same filters as an Excel sheet (at most 20,000 rows, newest first)' })
  async export(@CurrentUser() user: AuthUser, @Query() query: AlarmPageQueryDto, @Res() response: Response) {
    const sheet = await this.exporter.export(user, query);
    sendSheet(response, 'alarms.xlsx', sheet);
  }

  @Get('count')
  @RequiresAnyAction(...VIEW, 'home')
  @ApiOperation({ summary: 'Unhandled alarms of the scope in the last hours (4, 8, 12 or 24): {count, time}' })
  async count(@CurrentUser() user: AuthUser, @Query('hours') hours?: string) {
    const h = [4, 8, 12, 24].includes(Number(hours)) ? Number(hours) : 24;
    return okEnvelope(await this.alarms.count(user, h));
  }

  @Get('stats')
  @RequiresAnyAction(...VIEW, 'home')
  @ApiOperation({ summary: 'Alarms of the scope in the last hours (4, 8, 12 or 24) by type and level, and the unhandled count (home panel)' })
  async stats(@CurrentUser() user: AuthUser, @Query('hours') hours?: string) {
    return okEnvelope(await this.alarms.stats(user, [4, 8, 12, 24].includes(Number(hours)) ? Number(hours) : 24));
  }

  @Get(':id')
  @RequiresAnyAction(...VIEW)
  async get(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return okEnvelope(withPlace(await this.alarms.get(user, id)));
  }

  @Post('handle')
  @HttpCode(200)
  @RequiresAction('alarmHandle:modify')
  @ApiOperation({ summary: 'Handle one alarm or many: status 1-3, preset result 17-22 (22 needs a remark), remark; each keeps the handler and time' })
  async handle(@CurrentUser() user: AuthUser, @Body() dto: HandleAlarmsDto) {
    return okEnvelope(await this.alarms.handle(user, dto));
  }
}
