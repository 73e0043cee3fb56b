import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { IsString, MaxLength } from 'class-validator';
import { EnergyService } from './energy.service';

export class VehicleQueryDto {
  @ApiProperty() @IsString() @MaxLength(32) vehicleId!: string;
}

export class StatesQueryDto {
  @ApiProperty({ description: 'Vehicle ids, comma-separated (at most 500)' }) @IsString() @MaxLength(20_000) vehicleIds!: string;
}

export class HistoryQueryDto extends VehicleQueryDto {
  @ApiProperty({ description: '"YYYY-MM-DD HH:mm:ss" (China time) or epoch ms; at most 7 days' }) @IsString() @MaxLength(32) startTime!: string;
  @ApiProperty() @IsString() @MaxLength(32) endTime!: string;
}

/** newEnergy: a vehicle's battery data from GB/T 32960. */
@ApiTags('energy')
@ApiBearerAuth()
@Controller('energy')
export class EnergyController {
  constructor(private readonly energy: EnergyService) {}

  @Get('latest')
  // Also the monitoring info panel's drive motor tab (unit 0x02).
  @RequiresAnyAction('newEnergy', 'newEnergy:search', 'multiCar', 'singleCar')
  @ApiOperation({ summary: 'The latest real-time report: SOC, voltage, current, charging state, every unit (cells, probes, alarms)' })
  async latest(@CurrentUser() user: AuthUser, @Query() query: VehicleQueryDto) {
    return okEnvelope(await this.energy.latest(user, query.vehicleId));
  }

  @Get('states')
  @RequiresAnyAction('newEnergy', 'newEnergy:search', 'multiCar', 'singleCar')
  @ApiOperation({ summary: 'SOC, charging state and open battery alarms of the given vehicles (the map and the info panel)' })
  async states(@CurrentUser() user: AuthUser, @Query() query: StatesQueryDto) {
    return okEnvelope(await this.energy.batteryStates(user, query.vehicleIds.split(',').filter(Boolean)));
  }

  @Get('history')
  @RequiresAnyAction('newEnergy', 'newEnergy:search')
  @ApiOperation({ summary: 'Chart series soc, speed, maxVoltages, minVoltas, maxTemps, minTemps with their cell and probe numbers' })
  async history(@CurrentUser() user: AuthUser, @Query() query: HistoryQueryDto) {
    return okEnvelope(await this.energy.history(user, query.vehicleId, query.startTime, query.endTime));
  }
}
