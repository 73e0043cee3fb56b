import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAnyAction, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { okEnvelope, Patterns } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { Transform } from 'class-transformer';
import { IsString, Matches, MaxLength } from 'class-validator';
import { EnergyService } from './energy.service';

export class VinQueryDto {
  @ApiProperty({ description: 'the VIN (frame number), at least 17 characters, any case' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @IsString()
  @MaxLength(32)
  @Matches(Patterns.vin)
  vin!: string;
}

/** newEnergy / energy screens (issue 28): find a vehicle's energy data by its VIN. */
@ApiTags('energy')
@ApiBearerAuth()
@Controller('energy')
export class EnergyVinController {
  constructor(
    private readonly registry: VehicleRegistry,
    private readonly energy: EnergyService,
  ) {}

  @Get('vehicle-by-vin')
  @RequiresAnyAction('newEnergy', 'newEnergy:search')
  @ApiOperation({ summary: 'The vehicle with this VIN in the caller scope ({vehicleId, plateCode, plateColor, vin}) and its latest GB/T 32960 report (null before any); 8002 for an unknown VIN or one of another company' })
  async byVin(@CurrentUser() user: AuthUser, @Query() query: VinQueryDto) {
    const found = this.registry.byVin(query.vin);
    // Another company's VIN answers exactly like one nobody has.
    const vehicle = found ? this.registry.visibleTo(user, found.vehicleId) : undefined;
    if (!vehicle) throw new AppError(ErrorCode.VEHICLE_NOT_FOUND, { data: query.vin });
    const latest = await this.energy.latest(user, vehicle.vehicleId);
    return okEnvelope({ vehicleId: vehicle.vehicleId, plateCode: vehicle.plateCode, plateColor: vehicle.plateColor, vin: vehicle.vin, latest });
  }
}
