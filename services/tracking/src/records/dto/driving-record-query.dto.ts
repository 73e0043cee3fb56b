import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DRIVING_RECORD_WORDS } from '@openfleet/contracts';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/** One vehicle's blocks of one command word in a window of at most 15 days (300 beyond). */
export class DrivingRecordQuery {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(32) vehicleId!: string;
  @ApiProperty({ description: 'the GB/T 19056 command word, 0-21 (00H-15H)', example: 8 }) @Type(() => Number) @IsInt() @IsIn([...DRIVING_RECORD_WORDS]) command!: number;
  @ApiProperty({ example: '2026-11-20 00:00:00' }) @IsString() @IsNotEmpty() @MaxLength(19) startTime!: string;
  @ApiProperty({ example: '2026-11-20 23:59:59', description: 'at most 15 days after startTime (300 beyond)' }) @IsString() @IsNotEmpty() @MaxLength(19) endTime!: string;
  @ApiPropertyOptional({ default: 1 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) current = 1;
  @ApiPropertyOptional({ default: 50 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(1000) size = 50;
}

/** One vehicle's 08H speed records as a per-second curve, window at most 15 days. */
export class SpeedCurveQuery {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(32) vehicleId!: string;
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(19) startTime!: string;
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(19) endTime!: string;
}
