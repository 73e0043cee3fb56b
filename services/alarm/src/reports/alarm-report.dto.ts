import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageQueryDto } from '@openfleet/service-kit';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

/** The overspeed and fatigue reports: a window of at most 7 days (300 beyond) and the usual filters. */
export class AlarmReportQueryDto extends PageQueryDto {
  @ApiProperty({ description: '"YYYY-MM-DD HH:mm:ss" (China time) or epoch ms' }) @IsString() @MaxLength(32) startTime!: string;
  @ApiProperty() @IsString() @MaxLength(32) endTime!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) vehicleId?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) companyId?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) fleetId?: string;
}

/** Handling statistics: a window of at most 31 days, grouped by type, company or day. */
export class HandlingStatsQueryDto {
  @ApiProperty() @IsString() @MaxLength(32) startTime!: string;
  @ApiProperty() @IsString() @MaxLength(32) endTime!: string;
  @ApiProperty({ enum: ['type', 'company', 'day'] }) @IsIn(['type', 'company', 'day']) groupBy!: 'type' | 'company' | 'day';
  /** The console's cache buster. */
}
