import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { sendSheet, writeSheet } from '@openfleet/service-kit';
import type { Response } from 'express';
import { REPORT_EXPORT_ROWS } from '../report/report.controller';
import { DrivingRecordQuery, SpeedCurveQuery } from './dto/driving-record-query.dto';
import { recorderSummary, recorderWordName } from './recorder-records';
import { RecorderRecordsService } from './recorder-records.service';

/** /monitor/drivingRecord: the GB/T 19056 data terminals answered to 0x8700 collections. */
@ApiTags('driving record')
@ApiBearerAuth()
@Controller('gps/drivingRecord')
export class RecorderRecordsController {
  constructor(private readonly records: RecorderRecordsService) {}

  @Get('records')
  @RequiresAction('drivingRecord:search')
  @ApiOperation({ summary: "One vehicle's blocks of one command word (00H-15H) with their GB/T 19056 fields, newest first; window <= 15 days (300); 8002 vehicle not visible" })
  async page(@CurrentUser() user: AuthUser, @Query() query: DrivingRecordQuery) {
    return okEnvelope(await this.records.page(user, query));
  }

  @Get('records/export')
  @RequiresAction('drivingRecord:export')
  @ApiOperation({ summary: 'The same blocks as an Excel sheet (at most 10,000 rows), one line of fields per block' })
  async export(@CurrentUser() user: AuthUser, @Query() query: DrivingRecordQuery, @Res() response: Response) {
    const { records } = await this.records.page(user, { ...query, current: 1, size: REPORT_EXPORT_ROWS });
    const sheet = await writeSheet('driving-record', [
      { key: 'plateCode', header: '车牌号', width: 12 },
      { key: 'word', header: '命令字', width: 18 },
      { key: 'time', header: '记录时间', width: 20 },
      { key: 'receivedTime', header: '接收时间', width: 20 },
      { key: 'summary', header: '内容', width: 80 },
    ], records.map((row) => ({ ...row, word: recorderWordName(row.command), summary: recorderSummary(row.command, row.data) })));
    sendSheet(response, 'driving-record.xlsx', sheet);
  }

  @Get('speedCurve')
  @RequiresAction('drivingRecord:search')
  @ApiOperation({ summary: "One vehicle's 08H speed records as per-second curves: speed [[ms, km/h]] and status [[ms, byte]], oldest first, at most 48 h of records" })
  async speedCurve(@CurrentUser() user: AuthUser, @Query() query: SpeedCurveQuery) {
    return okEnvelope(await this.records.speedCurve(user, query));
  }
}
