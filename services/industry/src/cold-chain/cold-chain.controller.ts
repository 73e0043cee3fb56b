import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope, type ColdChainSettingsInput } from '@openfleet/contracts';
import { sendSheet } from '@openfleet/service-kit';
import type { Response } from 'express';
import { ColdChainConfigService } from './cold-chain-config.service';
import { ColdChainExportService } from './cold-chain-export.service';
import { ColdChainQueryService } from './cold-chain-query.service';
import { ColdChainCreateProfileDto, ColdChainCurveQueryDto, ColdChainPlaceFilterDto, ColdChainProfileDto, ColdChainReportQueryDto, ColdChainSettingsDto, ColdChainVehicleQueryDto } from './cold-chain.dto';

/** The curve is drawn in history playback as well as on the cold-chain pages. */
const CURVE_VIEW = ['coldChainMonitor:search', 'coldChainReport:search', 'historyTrack'];
/** Who reads profiles and settings: whoever edits them, and the monitor's viewers (the settings tab shows them). */
const CONFIG_VIEW = ['coldChainMonitor:search', 'coldChainMonitor:modify'];
/** Profiles live on the spec's protocolM page; the monitor's settings tab edited them first, so its grant still counts. */
const PROFILE_VIEW = [...CONFIG_VIEW, 'protocolM:search'];
const profileChange = (code: 'add' | 'modify' | 'delete') => ['coldChainMonitor:modify', `protocolM:${code}`];

@ApiTags('cold-chain')
@ApiBearerAuth()
@Controller('industry/coldChain')
export class ColdChainController {
  constructor(
    private readonly query: ColdChainQueryService,
    private readonly exporter: ColdChainExportService,
    private readonly config: ColdChainConfigService,
  ) {}

  @Get('live')
  @RequiresAction('coldChainMonitor:search')
  @ApiOperation({ summary: 'Cold-chain vehicles with their last probe values, doors and open excursions' })
  async live(@CurrentUser() user: AuthUser, @Query() filter: ColdChainPlaceFilterDto) {
    return okEnvelope(await this.query.live(user, filter));
  }

  @Get('live/export')
  @RequiresAction('coldChainMonitor:export')
  async exportLive(@CurrentUser() user: AuthUser, @Query() filter: ColdChainPlaceFilterDto, @Res() response: Response) {
    sendSheet(response, 'cold-chain-monitor.xlsx', await this.exporter.live(user, filter));
  }

  @Get('curve')
  @RequiresAnyAction(...CURVE_VIEW)
  @ApiOperation({ summary: "A vehicle's probe values over at most 7 days, its excursions and settings" })
  async curve(@CurrentUser() user: AuthUser, @Query() dto: ColdChainCurveQueryDto) {
    return okEnvelope(await this.query.curve(user, dto.vehicleId, dto.startTime, dto.endTime));
  }

  @Get('report')
  @RequiresAction('coldChainReport:search')
  @ApiOperation({ summary: 'Trips (ACC-on spells) with time in range, extremes, excursions and door time (window ≤ 31 days)' })
  async report(@CurrentUser() user: AuthUser, @Query() filter: ColdChainReportQueryDto) {
    return okEnvelope(await this.query.report(user, filter));
  }

  @Get('report/export')
  @RequiresAction('coldChainReport:export')
  async exportReport(@CurrentUser() user: AuthUser, @Query() filter: ColdChainReportQueryDto, @Res() response: Response) {
    sendSheet(response, 'cold-chain-report.xlsx', await this.exporter.report(user, filter));
  }

  @Get('excursions')
  @RequiresAnyAction('coldChainReport:search', 'coldChainMonitor:search')
  @ApiOperation({ summary: 'Excursions and door alarms started in the window, newest first' })
  async excursions(@CurrentUser() user: AuthUser, @Query() filter: ColdChainReportQueryDto) {
    return okEnvelope(await this.query.excursions(user, filter));
  }

  @Get('excursions/export')
  @RequiresAction('coldChainReport:export')
  async exportExcursions(@CurrentUser() user: AuthUser, @Query() filter: ColdChainReportQueryDto, @Res() response: Response) {
    sendSheet(response, 'cold-chain-excursions.xlsx', await this.exporter.excursions(user, filter));
  }

  @Get('profiles')
  @RequiresAnyAction(...PROFILE_VIEW)
  @ApiOperation({ summary: 'Probe layouts per terminal model: the built-in ones and the caller’s companies’' })
  listProfiles(@CurrentUser() user: AuthUser) {
    return okEnvelope(this.config.listProfiles(user));
  }

  @Post('profiles')
  @HttpCode(200)
  @RequiresAnyAction(...profileChange('add'))
  async createProfile(@CurrentUser() user: AuthUser, @Body() dto: ColdChainCreateProfileDto) {
    const { companyId, ...input } = dto;
    return okEnvelope(await this.config.createProfile(user, input, companyId));
  }

  @Put('profiles/:profileId')
  @RequiresAnyAction(...profileChange('modify'))
  @ApiOperation({ summary: 'Changes a company profile; built-in ones answer 400' })
  async updateProfile(@CurrentUser() user: AuthUser, @Param('profileId') profileId: string, @Body() dto: ColdChainProfileDto) {
    return okEnvelope(await this.config.updateProfile(user, profileId, dto));
  }

  @Delete('profiles/:profileId')
  @RequiresAnyAction(...profileChange('delete'))
  @ApiOperation({ summary: 'Deletes a company profile no vehicle uses (409 while one does)' })
  async deleteProfile(@CurrentUser() user: AuthUser, @Param('profileId') profileId: string) {
    await this.config.deleteProfile(user, profileId);
    return okEnvelope(null);
  }

  @Get('settings')
  @RequiresAnyAction(...CONFIG_VIEW)
  @ApiOperation({ summary: "A vehicle's cold-chain settings; null when it is not in the cold chain" })
  settings(@CurrentUser() user: AuthUser, @Query() dto: ColdChainVehicleQueryDto) {
    this.config.assertVehicle(user, dto.vehicleId);
    return okEnvelope(this.config.settingsOf(dto.vehicleId));
  }

  @Put('settings')
  @RequiresAction('coldChainMonitor:modify')
  @ApiOperation({ summary: 'Puts a vehicle in the cold chain, or changes its profile, ranges and door rules' })
  async putSettings(@CurrentUser() user: AuthUser, @Body() dto: ColdChainSettingsDto) {
    return okEnvelope(await this.config.saveSettings(user, dto as ColdChainSettingsInput));
  }

  @Delete('settings/:vehicleId')
  @RequiresAction('coldChainMonitor:modify')
  async deleteSettings(@CurrentUser() user: AuthUser, @Param('vehicleId') vehicleId: string) {
    await this.config.deleteSettings(user, vehicleId);
    return okEnvelope(null);
  }
}
