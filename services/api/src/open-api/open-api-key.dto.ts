import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '@openfleet/service-kit';
import { OPEN_API_LIMITS, OPEN_API_NAMES } from './open-apis';

/** Limits of a key; optional on add (defaults) and on modify (unchanged). */
class OpenApiKeyLimitsDto {
  @ApiPropertyOptional({ description: 'empty: every vehicle of the company' })
  @IsOptional() @IsArray() @ArrayMaxSize(OPEN_API_LIMITS.vehiclesPerKey) @Matches(/^\d{1,19}$/, { each: true }) vehicleIds?: string[];
  @ApiPropertyOptional({ description: 'IPs or IPv4 CIDR blocks; empty: any address' })
  @IsOptional() @IsArray() @ArrayMaxSize(50) @IsString({ each: true }) @MaxLength(43, { each: true }) ipAllowList?: string[];
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(1000) ratePerSecond?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100_000_000) ratePerDay?: number;
  @ApiPropertyOptional({ description: 'epoch ms; null: never' }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) expiresAt?: number | null;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() enabled?: boolean;
}

export class CreateOpenApiKeyDto extends OpenApiKeyLimitsDto {
  @ApiProperty() @IsString() @Matches(/^\d{1,19}$/) companyId!: string;
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(64) name!: string;
  @ApiProperty({ enum: OPEN_API_NAMES, isArray: true }) @IsArray() @ArrayMinSize(1) @IsIn(OPEN_API_NAMES, { each: true }) apis!: string[];
}

export class UpdateOpenApiKeyDto extends OpenApiKeyLimitsDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() @MaxLength(64) name?: string;
  @ApiPropertyOptional({ enum: OPEN_API_NAMES, isArray: true }) @IsOptional() @IsArray() @ArrayMinSize(1) @IsIn(OPEN_API_NAMES, { each: true }) apis?: string[];
}

export class OpenApiKeyQueryDto extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @Matches(/^\d{1,19}$/) companyId?: string;
}
