import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { Patterns } from '../../common/validation';

export class CreateCompanyDto {
  @ApiProperty({ description: 'Chinese or English letters only' }) @IsString() @MaxLength(64) @Matches(Patterns.chineseOrEnglish) name!: string;
  @ApiPropertyOptional({ description: 'parent company; default the caller company' }) @IsOptional() @Type(() => Number) @IsInt() parentId?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) code?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) shortName?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) orgCode?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) legalPerson?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(20) phone?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(128) address?: string;
  @ApiPropertyOptional({ description: 'comma separated 1-5' }) @IsOptional() @Matches(/^([1-5](,[1-5])*)?$/) businessTypes?: string;
  @ApiPropertyOptional({ description: '1 Baidu, 3 Gaode, 4 Google, 5 Tairui' }) @IsOptional() @Type(() => Number) @IsIn([1, 3, 4, 5]) mapType?: number;
}

export class UpdateCompanyDto extends PartialType(CreateCompanyDto) {}
