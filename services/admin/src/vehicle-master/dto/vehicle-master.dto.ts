import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsIdCard, Patterns } from '../../common/validation';

export class CreateVehicleMasterDto {
  @ApiProperty() @IsString() @MaxLength(32) @Matches(Patterns.chineseOrEnglish) name!: string;
  @ApiProperty({ description: 'mobile, unique per company (4016)' }) @Matches(Patterns.mobile) phone!: string;
  @ApiPropertyOptional({ description: '18-character resident ID card with its check character, unique per company (4051)' }) @IsOptional() @IsIdCard() idCard?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(128) address?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) remark?: string;
  @ApiPropertyOptional({ description: 'default: the caller company' }) @IsOptional() @Type(() => Number) @IsInt() companyId?: number;
}

export class UpdateVehicleMasterDto extends PartialType(CreateVehicleMasterDto) {}
