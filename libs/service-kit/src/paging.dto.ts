import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/** Highest page number accepted: `current=1e20` made SQLite fail with an integer overflow (500). */
export const MAX_PAGE = 1_000_000;

/** Common list query: 1-based page up to 1,000,000 (beyond it the offset overflows the database's integer), page size up to 1000, free-text keyword; `_t` is the console's cache buster. */
export class PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_PAGE) current = 1;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(1000) size = 20;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(64) keyword?: string;
}

export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}
