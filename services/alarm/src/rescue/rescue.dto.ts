import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageQueryDto } from '@openfleet/service-kit';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export class RescuePageQueryDto extends PageQueryDto {
  @ApiProperty({ description: '"YYYY-MM-DD HH:mm:ss" (China time) or epoch ms: when the alarm started; the window is at most 30 days (300)' }) @IsString() @MaxLength(32) startTime!: string;
  @ApiProperty() @IsString() @MaxLength(32) endTime!: string;
  @ApiPropertyOptional({ description: '0 pending, 1 contacted, 2 rescuing, 3 done, 4 false alarm' }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(4) status?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) type?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) vehicleId?: string;
}

export class RescueStatusDto {
  @ApiProperty({ description: 'The new status: 1 contacted, 2 rescuing, 3 done, 4 false alarm (the workflow decides which are allowed)' }) @IsIn([1, 2, 3, 4]) status!: number;
  @ApiPropertyOptional({ description: 'Required for 4 (false alarm)' }) @IsOptional() @IsString() @MaxLength(255) remark?: string;
}
