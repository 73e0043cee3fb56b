import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsNumber, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export class CanFramesQuery {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(32) vehicleId!: string;
  @ApiProperty({ example: '2026-11-20 08:00:00' }) @IsString() @IsNotEmpty() @MaxLength(19) startTime!: string;
  @ApiProperty({ example: '2026-11-20 09:00:00', description: 'at most 1 day after startTime (300 beyond)' }) @IsString() @IsNotEmpty() @MaxLength(19) endTime!: string;
  @ApiPropertyOptional({ description: 'only frames of this bus id (29-bit)' }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(0x1fffffff) busId?: number;
  @ApiPropertyOptional({ default: 1 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) current = 1;
  @ApiPropertyOptional({ default: 50 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(1000) size = 50;
}

export class CanSeriesQuery {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(32) vehicleId!: string;
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(19) startTime!: string;
  @ApiProperty({ description: 'at most TRACKING_TRACK_WINDOW_DAYS after startTime, as history playback (300 beyond)' }) @IsString() @IsNotEmpty() @MaxLength(19) endTime!: string;
  @ApiProperty({ description: 'comma-separated signal ids, at most 8' }) @IsString() @IsNotEmpty() @MaxLength(200) signalIds!: string;
}

/** A row of the CAN signal table (DBC-like). */
export class CanSignalDto {
  @ApiProperty({ example: 'engine speed' }) @IsString() @IsNotEmpty() @MaxLength(64) name!: string;
  @ApiProperty({ example: 0x0cf00400, description: 'the 29-bit (or 11-bit) bus id the signal is carried in' }) @Type(() => Number) @IsInt() @Min(0) @Max(0x1fffffff) busId!: number;
  @ApiProperty({ example: 24, description: 'Intel: the lowest bit; Motorola: the highest, DBC numbering' }) @Type(() => Number) @IsInt() @Min(0) @Max(63) startBit!: number;
  @ApiProperty({ example: 16 }) @Type(() => Number) @IsInt() @Min(1) @Max(64) bitLength!: number;
  @ApiProperty({ enum: ['intel', 'motorola'] }) @IsIn(['intel', 'motorola']) byteOrder!: 'intel' | 'motorola';
  @ApiPropertyOptional({ default: false }) @IsOptional() @IsBoolean() signed = false;
  @ApiProperty({ example: 0.125 }) @Type(() => Number) @IsNumber({ allowNaN: false, allowInfinity: false }) factor!: number;
  @ApiProperty({ example: 0 }) @Type(() => Number) @IsNumber({ allowNaN: false, allowInfinity: false }) offset!: number;
  @ApiPropertyOptional({ example: 'rpm' }) @IsOptional() @IsString() @MaxLength(16) unit = '';
}
