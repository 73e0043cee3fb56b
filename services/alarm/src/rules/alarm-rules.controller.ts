import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { AlarmRulesService } from './alarm-rules.service';
import { AlarmTypeConfigService } from './alarm-type-config.service';

export class AlarmRulesDto {
  @ApiPropertyOptional({ description: "Company (super administrators; '' the default)" }) @IsOptional() @IsString() @MaxLength(32) companyId?: string;
  @ApiPropertyOptional({ description: 'Vehicle type code these rules are for (0: every type without rules of its own)' }) @IsOptional() @IsInt() @Min(0) @Max(9999) vehicleType?: number;
  @ApiPropertyOptional({ description: 'Overspeed above this (km/h, 0 off)' }) @IsInt() @Min(0) @Max(255) overspeedKmh!: number;
  @ApiPropertyOptional({ description: 'for this long (s)' }) @IsInt() @Min(0) @Max(3600) overspeedS!: number;
  @ApiPropertyOptional({ description: 'Fatigue: continuous driving (s, 0 off)' }) @IsInt() @Min(0) @Max(86_400) fatigueDriveS!: number;
  @ApiPropertyOptional({ description: 'Fatigue: the rest that resets it (s)' }) @IsInt() @Min(0) @Max(86_400) fatigueRestS!: number;
  @ApiPropertyOptional({ description: "Night window 'HH:mm' China time (equal: off)" }) @Matches(/^(|([01]\d|2[0-3]):[0-5]\d)$/) nightStart!: string;
  @ApiPropertyOptional() @Matches(/^(|([01]\d|2[0-3]):[0-5]\d)$/) nightEnd!: string;
  @ApiPropertyOptional({ description: 'Offline longer than this (s, 0 off)' }) @IsInt() @Min(0) @Max(30 * 86_400) offlineS!: number;
  @ApiPropertyOptional({ description: 'Stopped longer than this (s, 0 off)' }) @IsInt() @Min(0) @Max(30 * 86_400) stoppedS!: number;
}

export class AlarmTypeConfigItemDto {
  @ApiPropertyOptional() @IsString() @MaxLength(32) type!: string;
  @ApiPropertyOptional({ description: '0 emergency, 1 intermediate, 2 ordinary, 3 tip' }) @IsInt() @Min(0) @Max(3) level!: number;
  @ApiPropertyOptional({ description: 'Pushed live to the console (toast)' }) @IsBoolean() push!: boolean;
  @ApiPropertyOptional({ description: 'Sounds in the console' }) @IsBoolean() sound!: boolean;
  @ApiPropertyOptional({ description: 'Needs handling (else stored as "not processed" by the system)' }) @IsBoolean() needsHandling!: boolean;
}

export class AlarmTypeConfigDto {
  @ApiPropertyOptional({ description: "Company (super administrators; '' the default)" }) @IsOptional() @IsString() @MaxLength(32) companyId?: string;
  @ApiPropertyOptional({ type: [AlarmTypeConfigItemDto] }) @IsArray() @ArrayMinSize(1) @ArrayMaxSize(200) @ValidateNested({ each: true }) @Type(() => AlarmTypeConfigItemDto) items!: AlarmTypeConfigItemDto[];
}

@ApiTags('alarm')
@ApiBearerAuth()
@Controller('gps/alarm/type-config')
export class AlarmTypeConfigController {
  constructor(private readonly configs: AlarmTypeConfigService) {}

  @Get()
  @RequiresAnyAction('alarmConfigNew', 'alarmConfigNew:search')
  @ApiOperation({ summary: "Level, push, sound and handling of every alarm type for the caller's company" })
  get(@CurrentUser() user: AuthUser, @Query('companyId') companyId?: string) {
    return okEnvelope(this.configs.list(user, companyId));
  }

  @Put()
  @RequiresAction('alarmConfigNew:modify')
  @ApiOperation({ summary: 'Set level, push, sound and handling for alarm types: applies to alarms that start from now on' })
  async set(@CurrentUser() user: AuthUser, @Body() dto: AlarmTypeConfigDto) {
    await this.configs.set(user, dto.companyId, dto.items);
    return okEnvelope(true);
  }
}

@ApiTags('alarm')
@ApiBearerAuth()
@Controller('gps/alarm/rules')
export class AlarmRulesController {
  constructor(private readonly rules: AlarmRulesService) {}

  @Get()
  @RequiresAnyAction('alarmConfigNew', 'alarmConfigNew:search')
  @ApiOperation({ summary: "Platform alarm rules of the caller's company (or the default)" })
  get(@CurrentUser() user: AuthUser, @Query('companyId') companyId?: string, @Query('vehicleType') vehicleType?: string) {
    return okEnvelope(this.rules.get(user, companyId, Math.max(0, Math.min(9999, Math.trunc(Number(vehicleType) || 0)))));
  }

  @Put()
  @RequiresAction('alarmConfigNew:modify')
  @ApiOperation({ summary: 'Set the platform alarm rules: they apply to the next positions, no restart' })
  async set(@CurrentUser() user: AuthUser, @Body() dto: AlarmRulesDto) {
    const { companyId, vehicleType, ...rules } = dto;
    await this.rules.set(user, companyId, vehicleType ?? 0, rules);
    return okEnvelope(true);
  }
}
