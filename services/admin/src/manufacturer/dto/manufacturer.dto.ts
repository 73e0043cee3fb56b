import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../common/paging.dto';
import { Patterns } from '../../common/validation';

export class CreateManufacturerDto {
  @ApiProperty() @IsString() @MaxLength(64) @Matches(Patterns.chineseEnglishDigits) name!: string;
  @ApiProperty({ example: '70111', description: '5 letters/digits, not starting with 0' }) @Matches(Patterns.manufacturerNumber) number!: string;
  @ApiProperty({ example: 'HT2019', description: 'letters/digits, at most 15' }) @Matches(Patterns.manufacturerCode) code!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) province?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) city?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) contact?: string;
  @ApiPropertyOptional() @IsOptional() @Matches(Patterns.mobile) mobile?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) remark?: string;
}

export class UpdateManufacturerDto extends PartialType(CreateManufacturerDto) {}

export class CreateDeviceModelDto {
  @ApiProperty() @Type(() => Number) @IsInt() manufacturerId!: number;
  // "Device model not empty" (spec §5): blanks count as empty.
  @ApiProperty() @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value)) @IsString() @IsNotEmpty() @MaxLength(32) model!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) remark?: string;
}

export class UpdateDeviceModelDto extends PartialType(CreateDeviceModelDto) {}

export class DeviceModelQueryDto extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() manufacturerId?: number;
}
