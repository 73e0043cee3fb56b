import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { Patterns } from '../../common/validation';

export class CreateFuelTankDto {
  @ApiProperty({ description: 'unique per company (4050)' }) @IsString() @MaxLength(32) @Matches(Patterns.chineseEnglishDigits) name!: string;
  @ApiProperty({ description: 'litres' }) @Type(() => Number) @IsInt() @Min(1) @Max(100000) capacity!: number;
  @ApiProperty({ description: 'mm' }) @Type(() => Number) @IsInt() @Min(1) @Max(10000) height!: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) remark?: string;
  @ApiPropertyOptional({ description: 'default: the caller company' }) @IsOptional() @Type(() => Number) @IsInt() companyId?: number;
}

export class UpdateFuelTankDto extends PartialType(CreateFuelTankDto) {}

export class CalibrationPointDto {
  @ApiProperty({ description: 'sensor level' }) @Type(() => Number) @IsInt() @Min(0) @Max(65535) level!: number;
  @ApiProperty({ description: 'oil quantity, litres, two decimals' }) @Type(() => Number) @IsNumber({ maxDecimalPlaces: 2 }) @Min(0) quantity!: number;
  @ApiProperty({ description: 'height, mm' }) @Type(() => Number) @IsInt() @Min(0) height!: number;
}

export class CalibrationDto {
  @ApiProperty({ type: [CalibrationPointDto], maxItems: 1000 })
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => CalibrationPointDto)
  points!: CalibrationPointDto[];
}
