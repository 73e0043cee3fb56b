import { Body, Controller, Get, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope, type FuelThresholds } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { sendSheet } from '@openfleet/service-kit';
import type { Response } from 'express';
import { FuelCurveQueryDto, FuelEventsQueryDto, FuelReportQueryDto, FuelSettingsDto, FuelSettingsQueryDto, FuelTripsQueryDto } from './fuel.dto';
import { FuelExportService } from './fuel-export.service';
import { FuelQueryService } from './fuel-query.service';
import { FuelSettingsService } from './fuel-settings.service';

/** The fuel curve is drawn in the multiCar info panel and history playback as well as on the fuel pages. */
const CURVE_VIEW = ['fuelReport:search', 'fuelEvents:search', 'multiCar', 'historyTrack'];

@ApiTags('fuel')
@ApiBearerAuth()
@Controller('vehicleService/fuel')
export class FuelController {
  constructor(
    private readonly query: FuelQueryService,
    private readonly exporter: FuelExportService,
    private readonly settings: FuelSettingsService,
  ) {}

  @Get('curve')
  @RequiresAnyAction(...CURVE_VIEW)
  @ApiOperation({ summary: "A vehicle's fuel level (median-filtered, litres) in a window of at most 7 days, with its refuel and loss markers" })
  async curve(@CurrentUser() user: AuthUser, @Query() dto: FuelCurveQueryDto) {
    return okEnvelope(await this.query.curve(user, dto.vehicleId, dto.startTime, dto.endTime));
  }

  @Get('events')
  @RequiresAction('fuelEvents:search')
  @ApiOperation({ summary: 'Refuels and suspected thefts or leaks (window ≤ 31 days), newest first' })
  async events(@CurrentUser() user: AuthUser, @Query() dto: FuelEventsQueryDto) {
    return okEnvelope(await this.query.eventPage(user, dto));
  }

  @Get('events/export')
  @RequiresAction('fuelEvents:export')
  async exportEvents(@CurrentUser() user: AuthUser, @Query() dto: FuelEventsQueryDto, @Res() response: Response) {
    sendSheet(response, 'fuel-events.xlsx', await this.exporter.events(user, dto));
  }

  @Get('report')
  @RequiresAction('fuelReport:search')
  @ApiOperation({ summary: 'Consumed, refuelled, suspected loss and L/100 km per vehicle (or vehicle and day), with each fleet’s totals; CAN counter compared where sent' })
  async report(@CurrentUser() user: AuthUser, @Query() dto: FuelReportQueryDto) {
    return okEnvelope(await this.query.report(user, dto));
  }

  @Get('report/export')
  @RequiresAction('fuelReport:export')
  async exportReport(@CurrentUser() user: AuthUser, @Query() dto: FuelReportQueryDto, @Res() response: Response) {
    sendSheet(response, 'fuel-report.xlsx', await this.exporter.report(user, dto));
  }

  @Get('trips')
  @RequiresAnyAction('fuelReport:search', 'historyTrack')
  @ApiOperation({ summary: "A vehicle's trips (ACC-on spells) with what each burnt" })
  async trips(@CurrentUser() user: AuthUser, @Query() dto: FuelTripsQueryDto) {
    return okEnvelope(await this.query.trips(user, dto.vehicleId, dto.startTime, dto.endTime));
  }

  @Get('settings')
  @RequiresAnyAction('fuelEvents:search', 'fuelEvents:modify')
  @ApiOperation({ summary: 'Detection thresholds of a company and vehicle type (0: any), or the defaults (stored: false)' })
  async getSettings(@CurrentUser() user: AuthUser, @Query() dto: FuelSettingsQueryDto) {
    this.checkCompany(user, dto.companyId);
    return okEnvelope(this.settings.view(dto.companyId, dto.vehicleType));
  }

  @Put('settings')
  @RequiresAction('fuelEvents:modify')
  @ApiOperation({ summary: 'Stores the thresholds of a company and vehicle type; 1030 when inconsistent (an even median window)' })
  async putSettings(@CurrentUser() user: AuthUser, @Body() dto: FuelSettingsDto) {
    this.checkCompany(user, dto.companyId);
    const { companyId, vehicleType, ...thresholds } = dto;
    return okEnvelope(await this.settings.save(companyId, vehicleType, thresholds as FuelThresholds));
  }

  /** Settings belong to a company: the caller's company roots only (fleet-scoped users see none). */
  private checkCompany(user: AuthUser, companyId: string): void {
    if (user.superAdmin || user.scope.companies.includes(companyId)) return;
    throw new AppError(ErrorCode.VEHICLE_NOT_FOUND, { data: { field: 'companyId' } });
  }
}
