import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsPlatformDay } from '@openfleet/service-kit';
import { PageQueryDto } from '../../common/paging.dto';
import { Patterns } from '../../common/validation';

export class CreateDriverDto {
  @ApiProperty() @IsString() @MaxLength(32) @Matches(Patterns.chineseOrEnglish) name!: string;
  @ApiProperty() @IsString() @Matches(/^[A-Za-z0-9]{6,32}$/) licenceNo!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) qualificationNo?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(64) certificationAuthority?: string;
  @ApiPropertyOptional({ example: '2030-01-31' }) @IsOptional() @IsPlatformDay() expiresOn?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(64) nativePlace?: string;
  @ApiPropertyOptional() @IsOptional() @Matches(Patterns.mobile) phone?: string;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() companyId?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() fleetId?: number;
}

export class UpdateDriverDto extends PartialType(CreateDriverDto) {}

export class DriverQueryDto extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() companyId?: number;
}
