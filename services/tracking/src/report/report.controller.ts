import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { sendSheet, writeSheet } from '@openfleet/service-kit';
import type { Response } from 'express';
import { MileageReportQueryDto, OnlineTrendQueryDto, OperationReportQueryDto, ReportQuery } from './dto/report-query.dto';
import { BehaviourReportService } from './behaviour-report.service';
import { behaviourSheet, mileageSheet, onlineSheet, operationSheet, ratingSheet, type ReportSheet } from './report-sheets';
import { ReportService } from './report.service';

/** Rows of one export: a report this large is a download task's job, not a request's. */
export const REPORT_EXPORT_ROWS = 10_000;

async function send(response: Response, fileName: string, sheet: ReportSheet): Promise<void> {
  sendSheet(response, fileName, await writeSheet(sheet.name, sheet.columns, sheet.rows));
}

@ApiTags('reports')
@ApiBearerAuth()
@Controller('gps/report')
export class ReportController {
  constructor(
    private readonly reports: ReportService,
    private readonly behaviours: BehaviourReportService,
  ) {}

  @Get('driving-behavior')
  @RequiresAction('drivingBehavior:search')
  @ApiOperation({ summary: 'Driving behaviour per vehicle: harsh acceleration, braking and turning, overspeed, fatigue, night driving, score 0-100 and grade A-D (docs/reports.md), worst first; window <= TRACKING_MILEAGE_WINDOW_DAYS' })
  async drivingBehavior(@CurrentUser() user: AuthUser, @Query() query: ReportQuery) {
    return okEnvelope(await this.behaviours.behaviour(user, query));
  }

  @Get('driving-behavior/export')
  @RequiresAction('drivingBehavior:export')
  @ApiOperation({ summary: 'Driving behaviour as an Excel sheet (at most 10,000 vehicles)' })
  async drivingBehaviorExport(@CurrentUser() user: AuthUser, @Query() query: ReportQuery, @Res() response: Response) {
    await send(response, 'driving-behavior.xlsx', behaviourSheet(await this.behaviours.behaviour(user, { ...query, current: 1, size: REPORT_EXPORT_ROWS })));
  }

  @Get('overspeed-drivers')
  @RequiresAction('overSpeed:search')
  @ApiOperation({ summary: 'Overspeed top 10 by driver (the IC card in the vehicle each day): by count of overspeed alarms and by their total seconds' })
  async overspeedDrivers(@CurrentUser() user: AuthUser, @Query() query: ReportQuery) {
    return okEnvelope(await this.behaviours.overspeedDrivers(user, query));
  }

  @Get('driver-rating')
  @RequiresAction('driverRating:search')
  @ApiOperation({ summary: 'Driver rating per driver (by the IC card in the vehicle each day): the behaviour figures, score and grade, worst first' })
  async driverRating(@CurrentUser() user: AuthUser, @Query() query: ReportQuery) {
    return okEnvelope(await this.behaviours.rating(user, query));
  }

  @Get('driver-rating/export')
  @RequiresAction('driverRating:export')
  @ApiOperation({ summary: 'Driver rating as an Excel sheet (at most 10,000 drivers)' })
  async driverRatingExport(@CurrentUser() user: AuthUser, @Query() query: ReportQuery, @Res() response: Response) {
    await send(response, 'driver-rating.xlsx', ratingSheet(await this.behaviours.rating(user, { ...query, current: 1, size: REPORT_EXPORT_ROWS })));
  }

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
    await send(response, 'mileage.xlsx', mileageSheet(report));
  }

  @Get('online')
  @RequiresAction('onlineStatistics:search')
  @ApiOperation({ summary: 'Online rate per day and vehicle from the online spells (never-online vehicles included), window <= TRACKING_MILEAGE_WINDOW_DAYS; beyond: 300' })
  async online(@CurrentUser() user: AuthUser, @Query() query: ReportQuery) {
    return okEnvelope(await this.reports.online(user, query));
  }

  @Get('online/trend')
  @RequiresAction('onlineStatistics:search')
  @ApiOperation({ summary: 'Vehicles online in each 1, 5, 10 or 20 minute slot of the day of startTime, from the online spells' })
  async onlineTrend(@CurrentUser() user: AuthUser, @Query() query: OnlineTrendQueryDto) {
    return okEnvelope(await this.reports.onlineTrend(user, query));
  }

  @Get('online/export')
  @RequiresAction('onlineStatistics:export')
  @ApiOperation({ summary: 'The online report as an Excel sheet: online hours per day (at most 10,000 vehicles)' })
  async onlineExport(@CurrentUser() user: AuthUser, @Query() query: ReportQuery, @Res() response: Response) {
    const report = await this.reports.online(user, { ...query, current: 1, size: REPORT_EXPORT_ROWS });
    await send(response, 'online.xlsx', onlineSheet(report));
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
    await send(response, 'operation.xlsx', operationSheet(report, query.groupBy === 'day'));
  }
}
