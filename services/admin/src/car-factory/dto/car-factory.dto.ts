import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { Patterns } from '../../common/validation';

export class CreateCarFactoryDto {
  @ApiProperty({ description: 'unique (4049)' }) @IsString() @MaxLength(64) @Matches(Patterns.chineseEnglishDigits) name!: string;
  @ApiPropertyOptional({ description: 'letters/digits, unique (4049)' }) @IsOptional() @Matches(/^[A-Za-z0-9]{1,32}$/) code?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(128) address?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) contact?: string;
  @ApiPropertyOptional() @IsOptional() @Matches(Patterns.mobile) mobile?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) remark?: string;
}

export class UpdateCarFactoryDto extends PartialType(CreateCarFactoryDto) {}
