import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../common/paging.dto';
import { Patterns } from '../../common/validation';
import { PLATE_COLORS } from '../vehicle-types';
import { DRIVE_TYPES, FUEL_TYPES, REGISTRATION_STATES, USE_STATES } from '../vehicle-states';

export class CreateVehicleDto {
  @ApiProperty({ example: '京A12345' }) @IsString() @Matches(/^[\u4e00-\u9fa5A-Z0-9]{2,16}$/) plateCode!: string;
  @ApiProperty({ enum: PLATE_COLORS }) @Type(() => Number) @IsIn([...PLATE_COLORS]) plateColor!: number;
  @ApiProperty({ minimum: 1, maximum: 25 }) @Type(() => Number) @IsInt() @Min(1) @Max(25) vehicleType!: number;
  @ApiPropertyOptional({ description: 'VIN, at least 17' }) @IsOptional() @Matches(Patterns.vin) @MaxLength(32) vin?: string;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() companyId?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() fleetId?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() driverId?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) engineNo?: string;
  @ApiPropertyOptional({ description: 'vehicle master (owner) id; fills ownerName/ownerPhone' }) @IsOptional() @Type(() => Number) @IsInt() masterId?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) ownerName?: string;
  @ApiPropertyOptional() @IsOptional() @Matches(Patterns.mobile) ownerPhone?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) brand?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) model?: string;
  @ApiPropertyOptional({ description: '1 gasoline, 2 diesel, 3 natural gas, 4 LPG, 5 pure electric, 6 hybrid, 7 hydrogen, 9 other' }) @IsOptional() @Type(() => Number) @IsIn([...FUEL_TYPES]) fuelType?: number;
  @ApiPropertyOptional({ description: '1 registered, 2 not registered, 3 temporary plate, 4 deregistered' }) @IsOptional() @Type(() => Number) @IsIn([...REGISTRATION_STATES]) registrationState?: number;
  @ApiPropertyOptional({ description: '1 in service, 2 idle, 3 under repair, 4 scrapped' }) @IsOptional() @Type(() => Number) @IsIn([...USE_STATES]) useState?: number;
  @ApiPropertyOptional({ description: '1 4×2, 2 4×4, 3 6×2, 4 6×4, 5 8×4, 9 other' }) @IsOptional() @Type(() => Number) @IsIn([...DRIVE_TYPES]) driveType?: number;
  @ApiPropertyOptional({ description: 'China emission stage 3-6' }) @IsOptional() @Type(() => Number) @IsIn([3, 4, 5, 6]) emissionStandard?: number;
  @ApiPropertyOptional({ description: 'N·m; required at stage 5' }) @IsOptional() @Type(() => Number) @IsNumber() @Min(0) @Max(100_000) maxReferenceTorque?: number;
  @ApiPropertyOptional({ description: 'L; required at stage 5' }) @IsOptional() @Type(() => Number) @IsNumber() @Min(0) @Max(10_000) fuelTankVolume?: number;
  @ApiPropertyOptional({ description: 'L; required at stage 5' }) @IsOptional() @Type(() => Number) @IsNumber() @Min(0) @Max(10_000) ureaTankVolume?: number;
  @ApiPropertyOptional({ description: '1: the remote emission terminal must be activated (then a security chip is required; at stage 6 also the environmental-bureau vehicle type)' }) @IsOptional() @Type(() => Number) @IsIn([0, 1]) activation?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) envVehicleType?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(64) securityChip?: string;
}

export class UpdateVehicleDto extends PartialType(CreateVehicleDto) {}

/** A vehicle import row: a vehicle, and optionally the terminal (by its SIM number) to bind it to as `POST /basic/vehicle/:id/bind` would. */
export class ImportVehicleDto extends CreateVehicleDto {
  // A cell typed as a number arrives as one.
  @ApiPropertyOptional({ description: 'terminal SIM number (11 digits) to bind the new vehicle to' })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'number' ? String(value) : value))
  @IsString()
  @Matches(Patterns.simNumber)
  terminalPhone?: string;
}

export class VehicleQueryDto extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() companyId?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() fleetId?: number;
}

export class BindTerminalDto {
  @ApiProperty() @Type(() => Number) @IsInt() terminalId!: number;
}

export class LogoutTerminalQuery {
  @ApiProperty() @Type(() => Number) @IsInt() vehicleId!: number;
}
