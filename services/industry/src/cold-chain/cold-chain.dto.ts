import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { COLD_CHAIN_UNITS, COLD_CHAIN_VALUE_TYPES, type ColdChainQuantity, type ColdChainUnit, type ColdChainValueType } from '@openfleet/contracts';
import { PageQueryDto } from '@openfleet/service-kit';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';

const TIME = '"YYYY-MM-DD HH:mm:ss" (China time) or epoch ms';

/** The console's GETs all carry a `_t` cache buster: a DTO outside PageQueryDto must accept it. */
class CacheBustedQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) _t?: string;
}

export class ColdChainCurveQueryDto extends CacheBustedQueryDto {
  @ApiProperty() @IsString() @MaxLength(32) vehicleId!: string;
  @ApiProperty({ description: TIME }) @IsString() @MaxLength(32) startTime!: string;
  @ApiProperty({ description: `${TIME}; at most 7 days after startTime` }) @IsString() @MaxLength(32) endTime!: string;
}

/** The place filter the monitor, the report, the excursions and their exports share. */
export class ColdChainPlaceFilterDto extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) companyId?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) fleetId?: string;
  @ApiPropertyOptional({ description: 'one id or several, comma-separated' }) @IsOptional() @IsString() @MaxLength(2000) vehicleIds?: string;
  @ApiPropertyOptional({ description: 'part of a plate' }) @IsOptional() @IsString() @MaxLength(32) plateCode?: string;
}

export class ColdChainReportQueryDto extends ColdChainPlaceFilterDto {
  @ApiProperty({ description: TIME }) @IsString() @MaxLength(32) startTime!: string;
  @ApiProperty({ description: `${TIME}; at most 31 days after startTime` }) @IsString() @MaxLength(32) endTime!: string;
}

export class ColdChainFieldDto {
  @ApiProperty({ enum: ['temperature', 'humidity', 'door'] }) @IsIn(['temperature', 'humidity', 'door']) quantity!: ColdChainQuantity;
  @ApiProperty({ minimum: 1, maximum: 8 }) @IsInt() @Min(1) @Max(8) probe!: number;
  @ApiProperty({ enum: ['extra', 'status'] }) @IsIn(['extra', 'status']) source!: 'extra' | 'status';
  @ApiPropertyOptional({ description: 'additional item id 1-255 (source extra)' }) @IsOptional() @IsInt() @Min(1) @Max(255) extraId?: number;
  @ApiProperty() @IsInt() @Min(0) @Max(254) offset!: number;
  @ApiProperty({ enum: COLD_CHAIN_VALUE_TYPES }) @IsIn(COLD_CHAIN_VALUE_TYPES) type!: ColdChainValueType;
  @ApiPropertyOptional({ description: 'bit number (type bit)' }) @IsOptional() @IsInt() @Min(0) @Max(31) bit?: number;
  @ApiProperty() @IsNumber() @Min(-1000) @Max(1000) scale!: number;
  @ApiProperty() @IsNumber() @Min(-100_000) @Max(100_000) offsetValue!: number;
  @ApiProperty({ enum: COLD_CHAIN_UNITS }) @IsIn(COLD_CHAIN_UNITS) unit!: ColdChainUnit;
  @ApiPropertyOptional({ type: [Number] }) @IsOptional() @IsArray() @ArrayMaxSize(8) @IsInt({ each: true }) invalidRaw?: number[];
}

export class ColdChainProfileDto {
  @ApiProperty() @IsString() @Matches(/\S/) @MaxLength(64) name!: string;
  @ApiProperty() @IsString() @MaxLength(64) terminalModel!: string;
  @ApiProperty({ description: 'where the layout comes from' }) @IsString() @MaxLength(255) source!: string;
  @ApiProperty({ type: [ColdChainFieldDto] }) @IsArray() @ArrayMaxSize(32) @ValidateNested({ each: true }) @Type(() => ColdChainFieldDto) fields!: ColdChainFieldDto[];
}

export class ColdChainCreateProfileDto extends ColdChainProfileDto {
  @ApiProperty({ description: 'the company that owns it (one of the caller’s)' }) @IsString() @MaxLength(32) @Matches(/^[\w-]+$/) companyId!: string;
}

export class ColdChainRangeDto {
  @ApiProperty({ nullable: true }) @IsOptional() @IsNumber() @Min(-100) @Max(200) min!: number | null;
  @ApiProperty({ nullable: true }) @IsOptional() @IsNumber() @Min(-100) @Max(200) max!: number | null;
}

export class ColdChainTripRangeDto {
  @ApiProperty() @IsString() @MaxLength(64) label!: string;
  @ApiProperty({ description: 'epoch ms' }) @IsInt() @Min(0) from!: number;
  @ApiProperty({ description: 'epoch ms' }) @IsInt() @Min(0) to!: number;
  @ApiProperty() @ValidateNested() @Type(() => ColdChainRangeDto) temperature!: ColdChainRangeDto;
  @ApiProperty() @ValidateNested() @Type(() => ColdChainRangeDto) humidity!: ColdChainRangeDto;
}

export class ColdChainSettingsDto {
  @ApiProperty() @IsString() @MaxLength(32) vehicleId!: string;
  @ApiProperty() @IsString() @MaxLength(32) profileId!: string;
  @ApiProperty() @ValidateNested() @Type(() => ColdChainRangeDto) temperature!: ColdChainRangeDto;
  @ApiProperty() @ValidateNested() @Type(() => ColdChainRangeDto) humidity!: ColdChainRangeDto;
  @ApiProperty({ example: 300 }) @IsInt() @Min(0) @Max(86_400) minDurationS!: number;
  @ApiProperty({ nullable: true, example: 10 }) @IsOptional() @IsInt() @Min(0) @Max(86_400) doorMovingS!: number | null;
  @ApiProperty({ nullable: true, example: 600 }) @IsOptional() @IsInt() @Min(0) @Max(86_400) doorOpenMaxS!: number | null;
  @ApiProperty({ type: [ColdChainTripRangeDto] }) @IsArray() @ArrayMaxSize(50) @ValidateNested({ each: true }) @Type(() => ColdChainTripRangeDto) tripRanges!: ColdChainTripRangeDto[];
}

export class ColdChainVehicleQueryDto extends CacheBustedQueryDto {
  @ApiProperty() @IsString() @MaxLength(32) vehicleId!: string;
}
