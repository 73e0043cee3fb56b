import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { IsPlatformDate } from '@openfleet/service-kit';
import { PageQueryDto } from '../../common/paging.dto';

export class OperationLogQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'the account, exactly' }) @IsOptional() @IsString() @MaxLength(32) account?: string;
  @ApiPropertyOptional({ description: 'epoch ms, inclusive' }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) @IsPlatformDate() from?: number;
  @ApiPropertyOptional({ description: 'epoch ms, inclusive' }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) @IsPlatformDate() to?: number;
}
