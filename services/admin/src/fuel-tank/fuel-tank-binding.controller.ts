import { Body, Controller, Get, Param, ParseIntPipe, Put } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt } from 'class-validator';
import { FuelTankBindingService } from './fuel-tank-binding.service';

export class VehicleTanksDto {
  // Three are accepted here so the service answers the catalogued 1031 rather than a bare 400.
  @ApiProperty({ type: [Number], description: 'at most two (1031); slot 1 = the first (sensor on AD0), slot 2 = the second (AD1)' })
  @IsArray()
  @ArrayMaxSize(3)
  @Type(() => Number)
  @IsInt({ each: true })
  tankIds!: number[];
}

@ApiTags('fuel tanks')
@Controller('basic/vehicle-fuel-tank')
export class FuelTankBindingController {
  constructor(private readonly bindings: FuelTankBindingService) {}

  @Get(':vehicleId')
  @RequiresAnyAction('carList:search', 'fuelTank:search')
  @ApiOperation({ summary: "The vehicle's fuel tanks by slot: [{slot, tankId, name, capacity, height}]" })
  async get(@CurrentUser() user: AuthUser, @Param('vehicleId', ParseIntPipe) vehicleId: number) {
    return okEnvelope(await this.bindings.tanksOf(user, vehicleId));
  }

  @Put(':vehicleId')
  @RequiresAnyAction('carList:modify', 'fuelTank:modify')
  @ApiOperation({ summary: 'Fits tanks to a vehicle (at most two: 1031; each calibrated: 1032); the fuel ledger reads its sensors through their tables' })
  async put(@CurrentUser() user: AuthUser, @Param('vehicleId', ParseIntPipe) vehicleId: number, @Body() dto: VehicleTanksDto) {
    return okEnvelope(await this.bindings.bind(user, vehicleId, dto.tankIds));
  }
}
