import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BUS_DIRECTIONS, BUS_LINE_LIMITS, type BusDirection } from '@openfleet/contracts';
import { PageQueryDto } from '@openfleet/service-kit';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min, MinLength, ValidateNested } from 'class-validator';

const { maxStops, minRadiusM, maxRadiusM, maxCodeLength, maxNameLength } = BUS_LINE_LIMITS;

export class BusStopDto {
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(maxCodeLength) stopId!: string;
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(maxNameLength) name!: string;
  @ApiProperty({ description: 'WGS-84' }) @IsNumber() @Min(-180) @Max(180) longitude!: number;
  @ApiProperty({ description: 'WGS-84' }) @IsNumber() @Min(-90) @Max(90) latitude!: number;
  @ApiProperty() @IsNumber() @Min(minRadiusM) @Max(maxRadiusM) radiusM!: number;
}

export class BusLineVehicleDto {
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(32) vehicleId!: string;
  @ApiProperty({ enum: BUS_DIRECTIONS }) @IsIn(BUS_DIRECTIONS) direction!: BusDirection;
}

export class BusLineDto {
  @ApiProperty({ description: 'the line id of spec §3, unique within the company' }) @IsString() @MinLength(1) @MaxLength(maxCodeLength) code!: string;
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(maxNameLength) name!: string;
  @ApiPropertyOptional({ description: "the caller's company when absent" }) @IsOptional() @IsString() @MaxLength(32) companyId?: string;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(30) @Max(7200) scheduledHeadwayS?: number | null;
  @ApiProperty({ type: [BusStopDto] }) @IsArray() @ArrayMaxSize(maxStops) @ValidateNested({ each: true }) @Type(() => BusStopDto) up!: BusStopDto[];
  @ApiProperty({ type: [BusStopDto] }) @IsArray() @ArrayMaxSize(maxStops) @ValidateNested({ each: true }) @Type(() => BusStopDto) down!: BusStopDto[];
  @ApiProperty({ type: [BusLineVehicleDto] }) @IsArray() @ArrayMaxSize(500) @ValidateNested({ each: true }) @Type(() => BusLineVehicleDto) vehicles!: BusLineVehicleDto[];
}

export class BusLineQueryDto extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) companyId?: string;
}

export class BusStopEventQueryDto extends PageQueryDto {
  @ApiProperty({ description: '"YYYY-MM-DD HH:mm:ss" (China time) or epoch ms' }) @IsString() @MaxLength(32) startTime!: string;
  @ApiProperty({ description: 'at most 7 days after startTime' }) @IsString() @MaxLength(32) endTime!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) vehicleId?: string;
  @ApiPropertyOptional({ enum: BUS_DIRECTIONS }) @IsOptional() @IsIn(BUS_DIRECTIONS) direction?: BusDirection;
}
