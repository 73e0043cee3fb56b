import { Body, Controller, Get, Put, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { AuthGuard, CurrentUser, RequiresAction, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { AlarmRulesService } from './alarm-rules.service';

export class AlarmRulesDto {
  @ApiPropertyOptional({ description: "Company (super administrators; '' the default)" }) @IsOptional() @IsString() @MaxLength(32) companyId?: string;
  @ApiPropertyOptional({ description: 'Overspeed above this (km/h, 0 off)' }) @IsInt() @Min(0) @Max(255) overspeedKmh!: number;
  @ApiPropertyOptional({ description: 'for this long (s)' }) @IsInt() @Min(0) @Max(3600) overspeedS!: number;
  @ApiPropertyOptional({ description: 'Fatigue: continuous driving (s, 0 off)' }) @IsInt() @Min(0) @Max(86_400) fatigueDriveS!: number;
  @ApiPropertyOptional({ description: 'Fatigue: the rest that resets it (s)' }) @IsInt() @Min(0) @Max(86_400) fatigueRestS!: number;
  @ApiPropertyOptional({ description: "Night window 'HH:mm' China time (equal: off)" }) @Matches(/^(|([01]\d|2[0-3]):[0-5]\d)$/) nightStart!: string;
  @ApiPropertyOptional() @Matches(/^(|([01]\d|2[0-3]):[0-5]\d)$/) nightEnd!: string;
  @ApiPropertyOptional({ description: 'Offline longer than this (s, 0 off)' }) @IsInt() @Min(0) @Max(30 * 86_400) offlineS!: number;
  @ApiPropertyOptional({ description: 'Stopped longer than this (s, 0 off)' }) @IsInt() @Min(0) @Max(30 * 86_400) stoppedS!: number;
}

@ApiTags('alarm')
@ApiBearerAuth()
@Controller('gps/alarm/rules')
@UseGuards(AuthGuard)
export class AlarmRulesController {
  constructor(private readonly rules: AlarmRulesService) {}

  @Get()
  @RequiresAnyAction('alarmConfigNew', 'alarmConfigNew:search')
  @ApiOperation({ summary: "Platform alarm rules of the caller's company (or the default)" })
  get(@CurrentUser() user: AuthUser, @Query('companyId') companyId?: string) {
    return okEnvelope(this.rules.get(user, companyId));
  }

  @Put()
  @RequiresAction('alarmConfigNew:modify')
  @ApiOperation({ summary: 'Set the platform alarm rules: they apply to the next positions, no restart' })
  async set(@CurrentUser() user: AuthUser, @Body() dto: AlarmRulesDto) {
    const { companyId, ...rules } = dto;
    await this.rules.set(user, companyId, rules);
    return okEnvelope(true);
  }
}
