import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthGuard, CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { sendSheet, writeSheet, type SheetColumn } from '@openfleet/service-kit';
import type { Response } from 'express';
import { MileageReportQueryDto, OperationReportQueryDto, ReportQuery } from './dto/report-query.dto';
import { ReportService } from './report.service';

/** Rows of one export: a report this large is a download task's job, not a request's. */
export const REPORT_EXPORT_ROWS = 10_000;

const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

@ApiTags('reports')
@ApiBearerAuth()
@Controller('gps/report')
@UseGuards(AuthGuard)
export class ReportController {
  constructor(private readonly reports: ReportService) {}

  @Get('mileage')
  @RequiresAction('mileageStatistics:search')
  @ApiOperation({ summary: 'Mileage per vehicle by day (<= TRACKING_MILEAGE_WINDOW_DAYS) or month (<= 6), totals per period, company and fleet; beyond: 300' })
  async mileage(@CurrentUser() user: AuthUser, @Query() query: MileageReportQueryDto) {
    return okEnvelope(await this.reports.mileage(user, query));
  }

  @Get('mileage/export')
  @RequiresAction('mileageStatistics:export')
  @ApiOperation({ summary: 'The mileage report as an Excel sheet: one column per period (at most 10,000 vehicles)' })
  async mileageExport(@CurrentUser() user: AuthUser, @Query() query: MileageReportQueryDto, @Res() response: Response) {
    const report = await this.reports.mileage(user, { ...query, current: 1, size: REPORT_EXPORT_ROWS });
    const columns: SheetColumn[] = [
      { key: 'plateCode', header: '车牌号', width: 14 },
      ...report.summary.periods.map((period, i) => ({ key: `p${i}`, header: period, width: 12 })),
      { key: 'mileageTotal', header: '合计(km)', width: 12 },
    ];
    const rows = report.records.map((row) => ({ plateCode: row.plateCode, mileageTotal: row.mileageTotal, ...Object.fromEntries(row.mileages.map((value, i) => [`p${i}`, value])) }));
    sendSheet(response, 'mileage.xlsx', await writeSheet('mileage', columns, rows));
  }

  @Get('online')
  @RequiresAction('onlineStatistics:search')
  @ApiOperation({ summary: 'Online rate per day and vehicle from the online spells (never-online vehicles included), window <= TRACKING_MILEAGE_WINDOW_DAYS; beyond: 300' })
  async online(@CurrentUser() user: AuthUser, @Query() query: ReportQuery) {
    return okEnvelope(await this.reports.online(user, query));
  }

  @Get('online/export')
  @RequiresAction('onlineStatistics:export')
  @ApiOperation({ summary: 'The online report as an Excel sheet: online hours per day (at most 10,000 vehicles)' })
  async onlineExport(@CurrentUser() user: AuthUser, @Query() query: ReportQuery, @Res() response: Response) {
    const report = await this.reports.online(user, { ...query, current: 1, size: REPORT_EXPORT_ROWS });
    const columns: SheetColumn[] = [
      { key: 'plateCode', header: '车牌号', width: 14 },
      { key: 'onlineDays', header: '在线天数', width: 10 },
      { key: 'onlineHours', header: '在线时长(h)', width: 12 },
      ...report.summary.days.map((day, i) => ({ key: `d${i}`, header: day, width: 12 })),
    ];
    const rows = report.records.map((row) => ({
      plateCode: row.plateCode,
      onlineDays: row.onlineDays,
      onlineHours: hours(row.onlineTotalS),
      ...Object.fromEntries(row.onlineS.map((seconds, i) => [`d${i}`, hours(seconds)])),
    }));
    sendSheet(response, 'online.xlsx', await writeSheet('online', columns, rows));
  }

  @Get('operation')
  @RequiresAction('vehicleOperation:search')
  @ApiOperation({ summary: 'Vehicle operation: driving, idle and parked time, trips, stops, mileage, fuel, speeds, overspeed; per vehicle or per vehicle and day' })
  async operation(@CurrentUser() user: AuthUser, @Query() query: OperationReportQueryDto) {
    return okEnvelope(await this.reports.operation(user, query));
  }

  @Get('operation/export')
  @RequiresAction('vehicleOperation:export')
  @ApiOperation({ summary: 'The vehicle operation report as an Excel sheet (at most 10,000 rows)' })
  async operationExport(@CurrentUser() user: AuthUser, @Query() query: OperationReportQueryDto, @Res() response: Response) {
    const report = await this.reports.operation(user, { ...query, current: 1, size: REPORT_EXPORT_ROWS });
    const columns: SheetColumn[] = [
      { key: 'plateCode', header: '车牌号', width: 14 },
      ...(query.groupBy === 'day' ? [{ key: 'day', header: '日期', width: 12 }] : []),
      { key: 'mileageKm', header: '里程(km)', width: 10 },
      { key: 'drivingH', header: '行驶时长(h)', width: 12 },
      { key: 'idleH', header: '怠速时长(h)', width: 12 },
      { key: 'parkedH', header: '停车时长(h)', width: 12 },
      { key: 'tripCount', header: '行程数', width: 8 },
      { key: 'stopCount', header: '停车次数', width: 8 },
      { key: 'maxSpeedKmh', header: '最高速度(km/h)', width: 14 },
      { key: 'averageSpeedKmh', header: '平均速度(km/h)', width: 14 },
      { key: 'fuelL', header: '油耗(L)', width: 10 },
      { key: 'overspeedCount', header: '超速次数', width: 10 },
      { key: 'overspeedS', header: '超速时长(s)', width: 12 },
    ];
    const rows = report.records.map((row) => ({ ...row, drivingH: hours(row.drivingS), idleH: hours(row.idleS), parkedH: hours(row.parkedS) }));
    sendSheet(response, 'operation.xlsx', await writeSheet('operation', columns, rows));
  }
}
