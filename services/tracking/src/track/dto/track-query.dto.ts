import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

const toFlag = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : ['1', 'true', true, 1].includes(value as string) ? 1 : 0);

/** Window + vehicle of a track query; times are "YYYY-MM-DD HH:mm:ss" (China Standard Time) or epoch ms. */
export class TrackWindowQuery {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(32) vehicleId!: string;
  @ApiProperty({ example: '2026-11-22 00:00:00' }) @IsString() @IsNotEmpty() startTime!: string;
  @ApiProperty({ example: '2026-11-22 23:59:59' }) @IsString() @IsNotEmpty() endTime!: string;
  @ApiPropertyOptional({ description: '1 Baidu BD-09, 3 Gaode GCJ-02 (default), 4 Google, 5 Tairui (GCJ-02)' })
  @IsOptional() @Type(() => Number) @IsInt() @IsIn([1, 3, 4, 5]) mapType = 3;
  @ApiPropertyOptional({ description: '1 full track, 0 key points (default)' }) @IsOptional() @Transform(toFlag) @IsIn([0, 1]) isAllLocations = 0;
  @ApiPropertyOptional({ description: 'console cache buster' }) @IsOptional() @IsString() _t?: string;
}

export class DailyMileageQuery extends TrackWindowQuery {
  @ApiPropertyOptional({ description: '1 (default): gzip body; 0: plain JSON envelope' }) @IsOptional() @Transform(toFlag) @IsIn([0, 1]) isCompress = 1;
}

export class HistoryTrackQuery extends TrackWindowQuery {
  @ApiPropertyOptional({ enum: ['footprint', 'trip'], description: 'footprint (default): one track; trip: split into trips and stops' })
  @IsOptional() @IsIn(['footprint', 'trip']) mode: 'footprint' | 'trip' = 'footprint';
}

export class MileageReportQuery {
  @ApiProperty({ description: 'comma-separated vehicle ids' }) @IsString() @IsNotEmpty() @MaxLength(20_000) vehicleIds!: string;
  @ApiProperty({ example: '2026-11-01' }) @IsString() @IsNotEmpty() startTime!: string;
  @ApiProperty({ example: '2026-11-22' }) @IsString() @IsNotEmpty() endTime!: string;
}
