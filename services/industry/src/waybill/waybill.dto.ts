import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { WAYBILL_STATUSES, type WaybillStatus } from '@openfleet/contracts';
import { IsPlatformDate, PageQueryDto } from '@openfleet/service-kit';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength, ValidateNested } from 'class-validator';

const PHONE = /^[0-9+\-() ]{0,20}$/;

export class WaybillPlaceDto {
  @ApiProperty() @IsString() @MaxLength(64) name!: string;
  @ApiProperty({ description: 'WGS-84' }) @IsNumber() @Min(-180) @Max(180) longitude!: number;
  @ApiProperty() @IsNumber() @Min(-90) @Max(90) latitude!: number;
  @ApiProperty({ description: 'Metres that count as being there (20-50,000)' }) @IsInt() @Min(20) @Max(50_000) radiusM!: number;
}

export class WaybillDto {
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(64) shipper!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @Matches(PHONE) shipperPhone?: string;
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(64) consignee!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @Matches(PHONE) consigneePhone?: string;
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(128) goods!: string;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) @Max(1_000_000) weightKg?: number;
  @ApiProperty({ description: 'UN dangerous-goods class 1-9, 0 ordinary goods' }) @IsInt() @Min(0) @Max(9) dangerousClass!: number;
  @ApiProperty({ type: WaybillPlaceDto }) @ValidateNested() @Type(() => WaybillPlaceDto) origin!: WaybillPlaceDto;
  @ApiProperty({ type: WaybillPlaceDto }) @ValidateNested() @Type(() => WaybillPlaceDto) destination!: WaybillPlaceDto;
  @ApiPropertyOptional({ type: [WaybillPlaceDto] }) @IsOptional() @IsArray() @ArrayMaxSize(20) @ValidateNested({ each: true }) @Type(() => WaybillPlaceDto) via?: WaybillPlaceDto[];
  @ApiProperty({ description: '"YYYY-MM-DD HH:mm:ss" China time' }) @IsString() @IsPlatformDate() plannedDepartAt!: string;
  @ApiProperty({ description: 'After plannedDepartAt (400 otherwise)' }) @IsString() @IsPlatformDate() plannedArriveAt!: string;
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(32) vehicleId!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) driverId?: string;
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(32) driverName!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) remark?: string;
}

/** Filters of the waybill list and its export: vehicles, driver, plan window, state. */
export class WaybillQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Vehicle ids, comma-separated' }) @IsOptional() @IsString() @MaxLength(2000) vehicleIds?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) companyId?: string;
  @ApiPropertyOptional({ description: 'Driver name, part of it' }) @IsOptional() @IsString() @MaxLength(32) driverName?: string;
  @ApiPropertyOptional({ description: 'Planned departure from (China time)' }) @IsOptional() @IsString() @IsPlatformDate() startTime?: string;
  @ApiPropertyOptional({ description: 'Planned departure until (China time)' }) @IsOptional() @IsString() @IsPlatformDate() endTime?: string;
  @ApiPropertyOptional({ enum: WAYBILL_STATUSES }) @IsOptional() @IsIn(WAYBILL_STATUSES) status?: WaybillStatus;
  @ApiPropertyOptional({ description: '1 late only, 0 on time only' }) @IsOptional() @Type(() => Number) @IsIn([0, 1]) late?: number;
}

/** Filters of the 0x0701 uploads: vehicles, driver, time received. */
export class WaybillUploadQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Vehicle ids, comma-separated' }) @IsOptional() @IsString() @MaxLength(2000) vehicleIds?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) companyId?: string;
  @ApiPropertyOptional({ description: 'Driver name, part of it' }) @IsOptional() @IsString() @MaxLength(32) driverName?: string;
  @ApiPropertyOptional({ description: 'Received from (China time)' }) @IsOptional() @IsString() @IsPlatformDate() startTime?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @IsPlatformDate() endTime?: string;
}
