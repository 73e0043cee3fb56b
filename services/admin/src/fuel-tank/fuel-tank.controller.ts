import { Body, Controller, Get, Param, ParseIntPipe, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { CatalogueController } from '../common/catalogue.controller';
import { PageQueryDto } from '../common/paging.dto';
import { CalibrationDto, CreateFuelTankDto, UpdateFuelTankDto } from './dto/fuel-tank.dto';
import { FuelTankService } from './fuel-tank.service';

@ApiTags('fuel tanks')
@Controller('basic/fuel-tank')
export class FuelTankController extends CatalogueController({ screen: 'fuelTank', create: CreateFuelTankDto, update: UpdateFuelTankDto, query: PageQueryDto }) {
  constructor(private readonly tanks: FuelTankService) {
    super(tanks);
  }

  @Get(':id/calibration')
  @RequiresAction('fuelTank:search')
  @ApiOperation({ summary: 'The calibration table, by level: [{id, tankId, level, quantity, height}]' })
  async calibration(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return okEnvelope(await this.tanks.calibration(user, id));
  }

  @Put(':id/calibration')
  @RequiresAction('fuelTank:calibrate')
  @ApiOperation({ summary: 'Replaces the calibration table (3002 above the tank capacity or height)' })
  async calibrate(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: CalibrationDto) {
    return okEnvelope(await this.tanks.calibrate(user, id, dto.points));
  }
}
