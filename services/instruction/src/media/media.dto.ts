import { ApiPropertyOptional } from '@nestjs/swagger';
import { PageQueryDto } from '@openfleet/service-kit';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export class MediaPageQueryDto extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) vehicleId?: string;
  @ApiPropertyOptional({ description: '0 image, 1 audio, 2 video' }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(2) mediaType?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) startTime?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) endTime?: string;
}
