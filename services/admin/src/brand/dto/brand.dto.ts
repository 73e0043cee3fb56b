import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../common/paging.dto';
import { Patterns } from '../../common/validation';

export class CreateBrandDto {
  @ApiProperty({ description: 'unique (4044)' }) @IsString() @MaxLength(32) @Matches(Patterns.productName) name!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) remark?: string;
}

export class UpdateBrandDto extends PartialType(CreateBrandDto) {}

export class CreateVehicleModelDto {
  @ApiProperty() @Type(() => Number) @IsInt() brandId!: number;
  @ApiProperty({ description: 'unique per brand (4047)' }) @IsString() @MaxLength(32) @Matches(Patterns.productName) name!: string;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() engineModelId?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() carFactoryId?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) remark?: string;
}

export class UpdateVehicleModelDto extends PartialType(CreateVehicleModelDto) {}

export class VehicleModelQueryDto extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() brandId?: number;
}
