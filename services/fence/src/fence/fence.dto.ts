import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { OVER_RPM_DURATION_MAX_S, RPM_LIMIT_MAX, type FenceGeometry, type MuckRules } from '@openfleet/contracts';
import { IsClockOrPlatformDate, PageQueryDto } from '@openfleet/service-kit';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsObject, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export class FenceDto {
  @ApiProperty() @IsString() @MaxLength(64) name!: string;
  @ApiProperty({ description: '1 circle, 2 rectangle, 3 polygon, 4 route, 5 point, 6 muck area' }) @IsIn([1, 2, 3, 4, 5, 6]) type!: number;
  @ApiProperty({ description: 'WGS-84 geometry: {type: circle|rectangle|polygon|route|point, ...}' }) @IsObject() geometry!: FenceGeometry;
  @ApiProperty({ description: 'Attribute bits (spec §9): 1 by time, 2 speed limit, 4/8 entry alarm to driver/platform, 16/32 exit ...' }) @IsInt() @Min(1) @Max(0xffff) attributes!: number;
  @ApiPropertyOptional({ description: "'HH:mm:ss' daily or 'YYYY-MM-DD HH:mm:ss'" }) @IsOptional() @IsString() @MaxLength(19) @IsClockOrPlatformDate() startTime?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(19) @IsClockOrPlatformDate() endTime?: string;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) @Max(255) maxSpeedKmh?: number;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) @Max(255) overspeedDurationS?: number;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) @Max(255) nightMaxSpeedKmh?: number;
  @ApiPropertyOptional({ description: 'Platform rule: stay-too-long after this many seconds inside' }) @IsOptional() @IsInt() @Min(0) @Max(30 * 86_400) maxStayS?: number;
  @ApiPropertyOptional({ description: 'Platform rule: engine speed limit in rpm (0: none); only positions that carry engine speed (HJ 1239, GB/T 32960) are checked' }) @IsOptional() @IsInt() @Min(0) @Max(RPM_LIMIT_MAX) rpmLimit?: number;
  @ApiPropertyOptional({ description: 'Seconds over the rpm limit before the over-rpm event (0: at once)' }) @IsOptional() @IsInt() @Min(0) @Max(OVER_RPM_DURATION_MAX_S) overRpmDurationS?: number;
  @ApiPropertyOptional() @IsOptional() @IsObject() muck?: MuckRules;
  @ApiPropertyOptional({ description: 'Owning company (default the caller\'s)' }) @IsOptional() @IsString() @MaxLength(32) companyId?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) remark?: string;
}

export class FencePageQueryDto extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(6) type?: number;
}

export class BindDto {
  @ApiPropertyOptional({ type: [String] }) @IsOptional() @IsArray() @ArrayMaxSize(20_000) @IsString({ each: true }) @MaxLength(32, { each: true }) vehicleIds?: string[];
  @ApiPropertyOptional({ type: [String] }) @IsOptional() @IsArray() @ArrayMaxSize(1000) @IsString({ each: true }) @MaxLength(32, { each: true }) fleetIds?: string[];
}

export class IssueDto {
  @ApiPropertyOptional({ type: [String], description: 'Vehicles to issue to (default every bound vehicle)' }) @IsOptional() @IsArray() @ArrayMaxSize(20_000) @IsString({ each: true }) @MaxLength(32, { each: true }) vehicleIds?: string[];
}

export class QueryTerminalDto {
  @ApiProperty() @IsString() @MaxLength(32) vehicleId!: string;
  @ApiProperty({ description: '1 circle, 2 rectangle, 3 polygon, 4 route' }) @IsIn([1, 2, 3, 4]) type!: number;
}

export class FenceEventsQueryDto {
  @ApiProperty() @IsString() @MaxLength(32) vehicleId!: string;
  @ApiProperty({ description: '"YYYY-MM-DD HH:mm:ss" (China time) or epoch ms' }) @IsString() @MaxLength(32) startTime!: string;
  @ApiProperty() @IsString() @MaxLength(32) endTime!: string;
}
