import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DEFAULT_FUEL_THRESHOLDS } from '@openfleet/contracts';
import { PageQueryDto } from '@openfleet/service-kit';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

const TIME = '"YYYY-MM-DD HH:mm:ss" (China time) or epoch ms';

export class FuelCurveQueryDto {
  @ApiProperty() @IsString() @MaxLength(32) vehicleId!: string;
  @ApiProperty({ description: TIME }) @IsString() @MaxLength(32) startTime!: string;
  @ApiProperty({ description: `${TIME}; at most 7 days after startTime` }) @IsString() @MaxLength(32) endTime!: string;
}

/** The filter the events list, the report and their exports share. */
export class FuelFilterDto extends PageQueryDto {
  @ApiProperty({ description: TIME }) @IsString() @MaxLength(32) startTime!: string;
  @ApiProperty({ description: `${TIME}; at most 31 days after startTime` }) @IsString() @MaxLength(32) endTime!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) companyId?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) fleetId?: string;
  @ApiPropertyOptional({ description: 'one id or several, comma-separated' }) @IsOptional() @IsString() @MaxLength(2000) vehicleIds?: string;
  @ApiPropertyOptional({ description: 'part of a plate' }) @IsOptional() @IsString() @MaxLength(32) plateCode?: string;
}

export class FuelEventsQueryDto extends FuelFilterDto {
  @ApiPropertyOptional({ enum: ['refuel', 'theft'] }) @IsOptional() @IsIn(['refuel', 'theft']) kind?: 'refuel' | 'theft';
}

export class FuelReportQueryDto extends FuelFilterDto {
  @ApiPropertyOptional({ enum: ['vehicle', 'day'], description: 'one row per vehicle (default) or per vehicle and day' }) @IsOptional() @IsIn(['vehicle', 'day']) groupBy?: 'vehicle' | 'day';
}

export class FuelTripsQueryDto extends FuelCurveQueryDto {}

export class FuelSettingsQueryDto {
  @ApiProperty() @IsString() @MaxLength(32) @Matches(/^[\w-]+$/) companyId!: string;
  @ApiPropertyOptional({ description: '0: any type' }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(9999) vehicleType = 0;
}

const D = DEFAULT_FUEL_THRESHOLDS;

export class FuelSettingsDto extends FuelSettingsQueryDto {
  @ApiProperty({ example: D.refuelMinL }) @Type(() => Number) @IsNumber() @Min(1) @Max(1000) refuelMinL!: number;
  @ApiProperty({ example: D.refuelMinPercent }) @Type(() => Number) @IsNumber() @Min(0.5) @Max(100) refuelMinPercent!: number;
  @ApiProperty({ example: D.theftMinL }) @Type(() => Number) @IsNumber() @Min(1) @Max(1000) theftMinL!: number;
  @ApiProperty({ example: D.theftMinPercent }) @Type(() => Number) @IsNumber() @Min(0.5) @Max(100) theftMinPercent!: number;
  @ApiProperty({ example: D.windowS }) @Type(() => Number) @IsInt() @Min(60) @Max(86_400) windowS!: number;
  @ApiProperty({ example: D.medianSamples, description: 'odd, 1-15 (1030 when even)' }) @Type(() => Number) @IsInt() @Min(1) @Max(15) medianSamples!: number;
  @ApiProperty({ example: D.settleS }) @Type(() => Number) @IsInt() @Min(0) @Max(3600) settleS!: number;
  @ApiProperty({ example: D.maxLitresPer100Km }) @Type(() => Number) @IsNumber() @Min(1) @Max(500) maxLitresPer100Km!: number;
  @ApiProperty({ example: D.idleLitresPerHour }) @Type(() => Number) @IsNumber() @Min(0) @Max(100) idleLitresPerHour!: number;
}
