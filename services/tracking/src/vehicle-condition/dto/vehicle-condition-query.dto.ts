import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/** Filters of the vehicle condition list (all within the caller's scope); one page of vehicles by plate. */
export class VehicleConditionQuery {
  @ApiPropertyOptional({ description: 'the company and its subsidiaries' }) @IsOptional() @IsString() @MaxLength(32) companyId?: string;
  @ApiPropertyOptional({ description: 'the fleet and its sub-fleets' }) @IsOptional() @IsString() @MaxLength(32) fleetId?: string;
  @ApiPropertyOptional({ description: 'comma-separated vehicle ids' }) @IsOptional() @IsString() @MaxLength(20_000) vehicleIds?: string;
  @ApiPropertyOptional({ description: 'plate contains' }) @IsOptional() @IsString() @MaxLength(20) plateCode?: string;
  @ApiPropertyOptional({ enum: [0, 1], description: '1 online only, 0 offline only' }) @IsOptional() @Type(() => Number) @IsIn([0, 1]) vehicleStatus?: number;
  @ApiPropertyOptional({ default: 1 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) current = 1;
  @ApiPropertyOptional({ default: 20 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(1000) size = 20;
}
