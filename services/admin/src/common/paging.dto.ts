import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/** Common list query: 1-based page, page size up to 1000, free-text keyword; `_t` is the console's cache buster. */
export class PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) current = 1;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(1000) size = 20;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(64) keyword?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() _t?: string;
}

export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}
