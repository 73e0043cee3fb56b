import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsIdCard, Patterns } from '../../common/validation';

export class CreateCompanyDto {
  @ApiProperty({ description: 'Chinese or English letters only' }) @IsString() @MaxLength(64) @Matches(Patterns.chineseOrEnglish) name!: string;
  @ApiPropertyOptional({ description: 'parent company; default the caller company' }) @IsOptional() @Type(() => Number) @IsInt() parentId?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) code?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) shortName?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) orgCode?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) legalPerson?: string;
  @ApiPropertyOptional({ description: "legal person's resident ID card" }) @IsOptional() @IsIdCard() legalPersonIdCard?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(20) phone?: string;
  @ApiPropertyOptional({ description: 'landline, e.g. 010-12345678' }) @IsOptional() @Matches(Patterns.landline) fax?: string;
  @ApiPropertyOptional({ description: '6 digits' }) @IsOptional() @Matches(Patterns.postalCode) postalCode?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(128) address?: string;
  @ApiPropertyOptional({ description: 'comma separated 1-5' }) @IsOptional() @Matches(/^([1-5](,[1-5])*)?$/) businessTypes?: string;
  @ApiPropertyOptional({ description: '1 Baidu, 3 Gaode, 4 Google, 5 Tairui' }) @IsOptional() @Type(() => Number) @IsIn([1, 3, 4, 5]) mapType?: number;
}

export class UpdateCompanyDto extends PartialType(CreateCompanyDto) {}

/** The add form: the company and, optionally, its administrator account (created in the same transaction). */
export class CreateCompanyWithAdminDto extends CreateCompanyDto {
  @ApiPropertyOptional({ description: 'administrator account (letters, digits, _; 3-32); 4003 when taken' }) @IsOptional() @Matches(Patterns.account) adminAccount?: string;
  @ApiPropertyOptional({ description: 'administrator name (Chinese or English); default the account' }) @IsOptional() @IsString() @MaxLength(32) @Matches(Patterns.chineseOrEnglish) adminName?: string;
  @ApiPropertyOptional({ description: 'administrator password (first char a letter, >= 8); required with adminAccount (3200)' }) @IsOptional() @IsString() @MaxLength(64) adminPassword?: string;
}
