import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CERTIFICATION_STANDARDS, CERTIFICATION_STATUSES, type CertificationStandard, type CertificationStatus } from '@openfleet/contracts';
import { IsPlatformDate, PageQueryDto } from '@openfleet/service-kit';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength, ValidateNested } from 'class-validator';

const ITEM_ID = /^0x[0-9a-fA-F]{1,2}$/;

/** What a test may change of the defaults (docs/industry.md). */
export class CertificationSettingsDto {
  @ApiPropertyOptional({ description: '808 additional items every position must carry, "0x01" ...' }) @IsOptional() @IsArray() @ArrayMaxSize(32) @Matches(ITEM_ID, { each: true }) requiredExtras?: string[];
  @ApiPropertyOptional({ description: 'Largest gap between positions, 1-3,600 s' }) @IsOptional() @IsInt() @Min(1) @Max(3600) maxReportIntervalS?: number;
  @ApiPropertyOptional({ description: 'Frames a frame-based check needs to pass, 1-1,000' }) @IsOptional() @IsInt() @Min(1) @Max(1000) minFrames?: number;
  @ApiPropertyOptional({ description: 'Largest frame time to arrival difference, 1-86,400 s' }) @IsOptional() @IsInt() @Min(1) @Max(86_400) maxClockSkewS?: number;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() requireRegistration?: boolean;
  @ApiPropertyOptional({ description: '32960 units every real-time report must carry, "0x01"-"0x09"' }) @IsOptional() @IsArray() @ArrayMinSize(1) @ArrayMaxSize(9) @Matches(/^0x0?[1-9]$/, { each: true }) requiredUnits?: string[];
  @ApiPropertyOptional() @IsOptional() @IsBoolean() requireReissue?: boolean;
}

export class CertificationTestDto {
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(32) vehicleId!: string;
  @ApiProperty({ enum: CERTIFICATION_STANDARDS }) @IsIn(CERTIFICATION_STANDARDS) standard!: CertificationStandard;
  @ApiProperty({ description: '60-86,400 s' }) @IsInt() @Min(60) @Max(86_400) durationS!: number;
  @ApiPropertyOptional({ description: "808: the terminal's phone (the vehicle's by default)" }) @IsOptional() @IsString() @Matches(/^\d{11,20}$/) terminalPhone?: string;
  @ApiPropertyOptional({ description: "32960: the VIN (the vehicle's by default)" }) @IsOptional() @IsString() @Matches(/^[A-HJ-NPR-Z0-9]{17}$/) vin?: string;
  @ApiPropertyOptional({ type: CertificationSettingsDto }) @IsOptional() @ValidateNested() @Type(() => CertificationSettingsDto) settings?: CertificationSettingsDto;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) remark?: string;
}

/** Filters of the test log, the certificates and their exports. */
export class CertificationQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Vehicle ids, comma-separated' }) @IsOptional() @IsString() @MaxLength(2000) vehicleIds?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) companyId?: string;
  @ApiPropertyOptional({ enum: CERTIFICATION_STANDARDS }) @IsOptional() @IsIn(CERTIFICATION_STANDARDS) standard?: CertificationStandard;
  @ApiPropertyOptional({ enum: CERTIFICATION_STATUSES }) @IsOptional() @IsIn(CERTIFICATION_STATUSES) status?: CertificationStatus;
  @ApiPropertyOptional({ description: 'Started from (China time)' }) @IsOptional() @IsString() @IsPlatformDate() startTime?: string;
  @ApiPropertyOptional({ description: 'Started until (China time)' }) @IsOptional() @IsString() @IsPlatformDate() endTime?: string;
}
