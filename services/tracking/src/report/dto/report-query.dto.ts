import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/** What every report filters by: the window, and optionally a company, a fleet or listed vehicles (all within the user's scope). */
export class ReportQuery {
  @ApiProperty({ example: '2026-11-01', description: 'first day (YYYY-MM-DD; YYYY-MM for monthly mileage)' }) @IsString() @IsNotEmpty() @MaxLength(19) startTime!: string;
  @ApiProperty({ example: '2026-11-22', description: 'last day, inclusive' }) @IsString() @IsNotEmpty() @MaxLength(19) endTime!: string;
  @ApiPropertyOptional({ description: 'the company and its subsidiaries' }) @IsOptional() @IsString() @MaxLength(32) companyId?: string;
  @ApiPropertyOptional({ description: 'the fleet and its sub-fleets' }) @IsOptional() @IsString() @MaxLength(32) fleetId?: string;
  @ApiPropertyOptional({ description: 'comma-separated vehicle ids' }) @IsOptional() @IsString() @MaxLength(20_000) vehicleIds?: string;
  @ApiPropertyOptional({ description: 'plate contains' }) @IsOptional() @IsString() @MaxLength(20) plateCode?: string;
  @ApiPropertyOptional({ default: 1 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) current = 1;
  @ApiPropertyOptional({ default: 20 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(1000) size = 20;
}

export class MileageReportQueryDto extends ReportQuery {
  @ApiPropertyOptional({ enum: ['day', 'month'], default: 'day', description: 'day: at most TRACKING_MILEAGE_WINDOW_DAYS days; month: at most 6 months' })
  @IsOptional()
  @IsIn(['day', 'month'])
  period: 'day' | 'month' = 'day';
}

export class OperationReportQueryDto extends ReportQuery {
  @ApiPropertyOptional({ enum: ['vehicle', 'day'], default: 'vehicle', description: 'vehicle: one row per vehicle over the window; day: one row per vehicle and day' })
  @IsOptional()
  @IsIn(['vehicle', 'day'])
  groupBy: 'vehicle' | 'day' = 'vehicle';
}

export class OnlineTrendQueryDto extends ReportQuery {
  @ApiPropertyOptional({ enum: [1, 5, 10, 20], default: 5, description: 'minutes per slot (spec §9)' })
  @IsOptional()
  @Type(() => Number)
  @IsIn([1, 5, 10, 20])
  intervalMin = 5;
}
