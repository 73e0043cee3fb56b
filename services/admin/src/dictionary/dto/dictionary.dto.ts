import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../common/paging.dto';
import { Patterns } from '../../common/validation';

export class CreateDictionaryTypeDto {
  @ApiProperty({ example: 'fuelType', description: 'letters, digits and _, unique (4046)' }) @Matches(/^[A-Za-z][A-Za-z0-9_]{0,31}$/) code!: string;
  @ApiProperty() @IsString() @MaxLength(32) @Matches(Patterns.chineseEnglishDigits) name!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) remark?: string;
}

export class UpdateDictionaryTypeDto extends PartialType(CreateDictionaryTypeDto) {}

export class CreateDictionaryItemDto {
  @ApiProperty() @Type(() => Number) @IsInt() typeId!: number;
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(64) label!: string;
  @ApiProperty({ description: 'unique inside its dictionary (4046)' }) @IsString() @IsNotEmpty() @MaxLength(64) value!: string;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(9999) sort?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) remark?: string;
}

export class UpdateDictionaryItemDto extends PartialType(CreateDictionaryItemDto) {}

export class DictionaryItemQueryDto extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() typeId?: number;
}

export class DictionaryLookupDto {
  @ApiProperty({ example: 'fuelType' }) @IsString() @MaxLength(32) code!: string;
}
