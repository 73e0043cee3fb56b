import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { IsPlatformDay } from '@openfleet/service-kit';
import { PackState, RECORD_KINDS } from './battery.entities';

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** GB/T 34014-2017 battery coding: 24 characters of digits and capital letters. */
const PACK_CODE = /^[0-9A-Z]{24}$/;
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;

export class BatteryModelDto {
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(32) modelCode!: string;
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(64) name!: string;
  @ApiProperty({ description: '1 LFP, 2 NCM, 3 LMO, 4 LTO, 5 NCA, 9 other' }) @Type(() => Number) @IsIn([1, 2, 3, 4, 5, 9]) chemistry!: number;
  @ApiProperty() @Type(() => Number) @IsNumber() @Min(0.1) @Max(10_000) ratedCapacityAh!: number;
  @ApiProperty() @Type(() => Number) @IsNumber() @Min(1) @Max(2_000) ratedVoltageV!: number;
  @ApiProperty() @Type(() => Number) @IsNumber() @Min(0.1) @Max(10_000) ratedEnergyKwh!: number;
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) @Max(65_531) cellCount!: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(64) manufacturer?: string;
}

export class BatteryPackDto {
  @ApiProperty({ description: 'GB/T 34014 code, 24 digits and capitals' }) @IsString() @Matches(PACK_CODE, { message: 'packCode must be 24 digits or capital letters (GB/T 34014)' }) packCode!: string;
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(32) modelCode!: string;
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(64) producer!: string;
  @ApiProperty({ description: 'YYYY-MM-DD' }) @IsString() @Matches(DATE, { message: 'producedOn must be YYYY-MM-DD' }) @IsPlatformDay() producedOn!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) batch?: string;
  @ApiPropertyOptional({ description: 'VIN of the vehicle it is fitted to' }) @IsOptional() @IsString() @Matches(VIN, { message: 'vin must be 17 characters without I, O, Q' }) vin?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @Matches(DATE, { message: 'installedOn must be YYYY-MM-DD' }) @IsPlatformDay() installedOn?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) remark?: string;
}

export class BatteryModuleDto {
  @ApiProperty() @IsString() @Matches(PACK_CODE, { message: 'moduleCode must be 24 digits or capital letters (GB/T 34014)' }) moduleCode!: string;
  @ApiProperty() @IsString() @Matches(PACK_CODE, { message: 'packCode must be 24 digits or capital letters (GB/T 34014)' }) packCode!: string;
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) @Max(10_000) cellCount!: number;
  @ApiProperty() @IsString() @Matches(DATE, { message: 'producedOn must be YYYY-MM-DD' }) @IsPlatformDay() producedOn!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) remark?: string;
}

export class BatteryRecordDto {
  @ApiProperty({ enum: Object.keys(RECORD_KINDS) }) @IsIn(Object.keys(RECORD_KINDS)) kind!: keyof typeof RECORD_KINDS;
  @ApiProperty() @IsString() @Matches(PACK_CODE, { message: 'packCode must be 24 digits or capital letters (GB/T 34014)' }) packCode!: string;
  @ApiProperty({ description: 'YYYY-MM-DD' }) @IsString() @Matches(DATE, { message: 'happenedOn must be YYYY-MM-DD' }) @IsPlatformDay() happenedOn!: string;
  @ApiPropertyOptional({ description: 'warehouse, recycler or receiver' }) @IsOptional() @IsString() @MaxLength(64) party?: string;
  @ApiPropertyOptional({ description: '% of rated capacity' }) @IsOptional() @Type(() => Number) @IsNumber() @Min(0) @Max(100) residualCapacityPct?: number;
  @ApiPropertyOptional({ description: '1 echelon use, 2 recycling' }) @IsOptional() @Type(() => Number) @IsIn([0, 1, 2]) destination?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) reason?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) operator?: string;
}

export class BatteryListQuery {
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) current?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(1000) size?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(64) keyword?: string;
  @ApiPropertyOptional({ description: `pack state ${Object.values(PackState).join('/')}` }) @IsOptional() @Type(() => Number) @IsInt() state?: number;
}
