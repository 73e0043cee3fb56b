import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { sendSheet, writeSheet } from '@openfleet/service-kit';
import type { Response } from 'express';
import { ReportQuery } from '../report/dto/report-query.dto';
import { REPORT_EXPORT_ROWS } from '../report/report.controller';
import { CanFramesQuery, CanSeriesQuery, CanSignalDto } from './dto/records-query.dto';
import { TerminalRecordsService } from './terminal-records.service';

const DRIVER_EVENTS: Record<string, string> = { 'card:1': '插卡', 'card:2': '拔卡', 'card:0': '身份上报', 'recorder:1': '登录', 'recorder:2': '退出' };
const POWER_EVENTS: Record<number, string> = { 1: '通电', 2: '断电' };

@ApiTags('reports')
@ApiBearerAuth()
@Controller('gps')
export class TerminalRecordsController {
  constructor(private readonly records: TerminalRecordsService) {}

  @Get('report/driver-records')
  @RequiresAction('driverIdentity:search')
  @ApiOperation({ summary: 'Driver ID collection: IC card insertions and removals (0x0702) and tachograph logins and logouts (19056 12H), newest first; window <= TRACKING_MILEAGE_WINDOW_DAYS' })
  async driverRecords(@CurrentUser() user: AuthUser, @Query() query: ReportQuery) {
    return okEnvelope(await this.records.driverRecords(user, query));
  }

  @Get('report/driver-records/export')
  @RequiresAction('driverIdentity:export')
  @ApiOperation({ summary: 'Driver ID collection as an Excel sheet (at most 10,000 rows)' })
  async driverRecordsExport(@CurrentUser() user: AuthUser, @Query() query: ReportQuery, @Res() response: Response) {
    const { records } = await this.records.driverRecords(user, { ...query, current: 1, size: REPORT_EXPORT_ROWS });
    const sheet = await writeSheet('driver-records', [
      { key: 'plateCode', header: '车牌号', width: 12 },
      { key: 'time', header: '时间', width: 20 },
      { key: 'eventName', header: '事件', width: 10 },
      { key: 'name', header: '驾驶员', width: 12 },
      { key: 'licence', header: '从业资格证/驾驶证号', width: 22 },
      { key: 'issuer', header: '发证机构', width: 24 },
      { key: 'expiry', header: '证件有效期', width: 12 },
      { key: 'idCard', header: '身份证号', width: 20 },
    ], records.map((row) => ({ ...row, eventName: DRIVER_EVENTS[`${row.source}:${row.event}`] ?? String(row.event) })));
    sendSheet(response, 'driver-records.xlsx', sheet);
  }

  @Get('report/power-records')
  @RequiresAction('externalPower:search')
  @ApiOperation({ summary: 'External power collection: the tachograph power records (19056 13H: 1 powered, 2 cut), newest first' })
  async powerRecords(@CurrentUser() user: AuthUser, @Query() query: ReportQuery) {
    return okEnvelope(await this.records.powerRecords(user, query));
  }

  @Get('report/power-records/export')
  @RequiresAction('externalPower:export')
  @ApiOperation({ summary: 'External power collection as an Excel sheet (at most 10,000 rows)' })
  async powerRecordsExport(@CurrentUser() user: AuthUser, @Query() query: ReportQuery, @Res() response: Response) {
    const { records } = await this.records.powerRecords(user, { ...query, current: 1, size: REPORT_EXPORT_ROWS });
    const sheet = await writeSheet('power-records', [
      { key: 'plateCode', header: '车牌号', width: 12 },
      { key: 'time', header: '时间', width: 20 },
      { key: 'eventName', header: '事件', width: 10 },
    ], records.map((row) => ({ ...row, eventName: POWER_EVENTS[row.event] ?? String(row.event) })));
    sendSheet(response, 'power-records.xlsx', sheet);
  }

  @Get('can/frames')
  @RequiresAction('canData:search')
  @ApiOperation({ summary: "One vehicle's CAN frames (0x0705) with the signal table's signals decoded, newest first; window <= 1 day (300)" })
  async frames(@CurrentUser() user: AuthUser, @Query() query: CanFramesQuery) {
    return okEnvelope(await this.records.frames(user, query));
  }

  @Get('can/series')
  @RequiresAnyAction('canData:search', 'historyTrack:search')
  @ApiOperation({ summary: 'Curves of up to 8 CAN signals of one vehicle over at most TRACKING_TRACK_WINDOW_DAYS (the canData chart, history playback): [[ms, value], ...] per signal' })
  async series(@CurrentUser() user: AuthUser, @Query() query: CanSeriesQuery) {
    return okEnvelope(await this.records.series(user, query));
  }

  @Get('can/signals')
  @RequiresAnyAction('canData:search', 'historyTrack:search')
  @ApiOperation({ summary: 'The CAN signal table (DBC-like: bus id, start bit, length, byte order, sign, factor, offset, unit)' })
  async signals() {
    return okEnvelope(await this.records.signals());
  }

  @Post('can/signals')
  @HttpCode(200)
  @RequiresAction('canData:add')
  @ApiOperation({ summary: 'Adds a signal to the CAN signal table' })
  async addSignal(@Body() body: CanSignalDto) {
    return okEnvelope(await this.records.saveSignal(body));
  }

  @Put('can/signals/:id')
  @RequiresAction('canData:modify')
  @ApiOperation({ summary: 'Changes a signal of the CAN signal table' })
  async modifySignal(@Param('id', ParseIntPipe) id: number, @Body() body: CanSignalDto) {
    return okEnvelope(await this.records.saveSignal(body, id));
  }

  @Delete('can/signals/:id')
  @RequiresAction('canData:delete')
  @ApiOperation({ summary: 'Removes a signal from the CAN signal table' })
  async deleteSignal(@Param('id', ParseIntPipe) id: number) {
    await this.records.deleteSignal(id);
    return okEnvelope(null);
  }
}
