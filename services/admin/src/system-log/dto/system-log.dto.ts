import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { IsPlatformDate } from '@openfleet/service-kit';
import { PageQueryDto } from '../../common/paging.dto';

export class SystemLogQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ['info', 'warn', 'error'] }) @IsOptional() @IsIn(['info', 'warn', 'error']) level?: string;
  @ApiPropertyOptional({ description: 'start, stop, migration, login-failed, account-locked, admin-created, company-registered, password-reset' })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  event?: string;
  @ApiPropertyOptional({ description: 'epoch ms, inclusive' }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) @IsPlatformDate() from?: number;
  @ApiPropertyOptional({ description: 'epoch ms, inclusive' }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) @IsPlatformDate() to?: number;
}
