import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

export class OpenPositionsQuery {
  @ApiPropertyOptional({ description: 'comma-separated vehicle ids (at most 100); empty: every vehicle the key may read' })
  @IsOptional() @IsString() @MaxLength(4000) vehicleIds?: string;
  @ApiPropertyOptional({ description: '1 BD-09, 3 GCJ-02 (default), 4 WGS-84' }) @IsOptional() @Type(() => Number) @IsInt() @IsIn([1, 3, 4, 5]) mapType = 3;
}

export class OpenWindowQuery {
  @ApiProperty({ description: 'epoch ms or "YYYY-MM-DD HH:mm:ss" (China time)' }) @IsString() @MaxLength(32) startTime!: string;
  @ApiProperty({ description: 'at most 24 h after startTime' }) @IsString() @MaxLength(32) endTime!: string;
}

export class OpenTrackQuery extends OpenWindowQuery {
  @ApiProperty() @IsString() @Matches(/^\d{1,19}$/) vehicleId!: string;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @IsIn([1, 3, 4, 5]) mapType = 3;
}

export class OpenAlarmsQuery extends OpenWindowQuery {
  @ApiPropertyOptional({ description: 'required when the key is limited to listed vehicles' }) @IsOptional() @IsString() @Matches(/^\d{1,19}$/) vehicleId?: string;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100_000) current = 1;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) size = 20;
}
