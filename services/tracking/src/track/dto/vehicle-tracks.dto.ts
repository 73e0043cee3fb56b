import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

const toFlag = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : ['1', 'true', true, 1].includes(value as string) ? 1 : 0);

/** Several vehicles over one window of at most 24 h (the vehicleTrack screen). */
export class VehicleTracksQuery {
  @ApiProperty({ description: 'comma-separated vehicle ids, at most 10' }) @IsString() @IsNotEmpty() @MaxLength(400) vehicleIds!: string;
  @ApiProperty({ example: '2026-11-22 00:00:00' }) @IsString() @IsNotEmpty() startTime!: string;
  @ApiProperty({ example: '2026-11-22 23:59:59' }) @IsString() @IsNotEmpty() endTime!: string;
  @ApiPropertyOptional({ description: '1 every point, 0 key points (default)' }) @IsOptional() @Transform(toFlag) @IsIn([0, 1]) isAllLocations = 0;
  @ApiPropertyOptional({ description: 'console cache buster' }) @IsOptional() @IsString() _t?: string;
}
