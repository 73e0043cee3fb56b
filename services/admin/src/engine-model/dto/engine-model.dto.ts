import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

export class CreateEngineModelDto {
  @ApiProperty({ example: 'WP10.336E53', description: 'letters/digits/.-_, unique (4045)' }) @Matches(/^[A-Za-z0-9._-]{1,32}$/) model!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(64) manufacturer?: string;
  @ApiPropertyOptional({ example: '9.73', description: 'litres, at most two decimals' }) @IsOptional() @Matches(/^\d{1,3}(\.\d{1,2})?$/) displacement?: string;
  @ApiPropertyOptional({ description: 'kW' }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(5000) power?: number;
  @ApiPropertyOptional({ description: 'N·m' }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(20000) torque?: number;
  @ApiPropertyOptional({ minimum: 1, maximum: 6 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(6) emissionStandard?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() fuelType?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) remark?: string;
}

export class UpdateEngineModelDto extends PartialType(CreateEngineModelDto) {}
