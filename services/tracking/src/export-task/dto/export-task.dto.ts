import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export const EXPORT_KIND_NAMES = ['mileage', 'online', 'operation', 'track'] as const;
export type ExportKind = (typeof EXPORT_KIND_NAMES)[number];

export class CreateExportTaskDto {
  @ApiProperty({ enum: EXPORT_KIND_NAMES, description: 'mileage, online, operation: the reports of /gps/report; track: the track points of up to 100 vehicles' })
  @IsIn(EXPORT_KIND_NAMES)
  kind!: ExportKind;

  @ApiProperty({ description: "the report's (or the track's) query parameters, as its own API takes them" })
  @IsObject()
  params!: Record<string, unknown>;
}

export class ExportTaskListQuery {
  @ApiPropertyOptional({ description: '0 incomplete, 1 complete, 2 failed, 3 cancelled, 4 paused' }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(4) taskStatus?: number;
  @ApiPropertyOptional({ description: '0 executing, 1 not downloaded, 2 downloaded, 3 file generation failed, 4 no data' }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(4) downloadStatus?: number;
  @ApiPropertyOptional({ default: 1 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) current = 1;
  @ApiPropertyOptional({ default: 20 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) size = 20;
}

/** The track points of listed vehicles over a window (the big export: one row per point). */
export class TrackExportQuery {
  @ApiProperty({ description: 'comma-separated vehicle ids, at most 100' }) @IsString() @IsNotEmpty() @MaxLength(4000) vehicleIds!: string;
  @ApiProperty({ example: '2026-11-20 00:00:00' }) @IsString() @IsNotEmpty() @MaxLength(19) startTime!: string;
  @ApiProperty({ example: '2026-11-20 23:59:59' }) @IsString() @IsNotEmpty() @MaxLength(19) endTime!: string;
}
