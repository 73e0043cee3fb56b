import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Put, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { sendSheet } from '@openfleet/service-kit';
import type { Response } from 'express';
import { calibrationTemplate } from './calibration-import';
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

  @Post(':id/calibration/import')
  @HttpCode(200)
  @RequiresAction('fuelTank:calibrate')
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: 2 * 1024 * 1024 } }))
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'Replaces the table from xlsx (field "file": level, height mm, quantity L; <= 1000 rows); row errors 5005 [{row, reasons}], a point above the tank 3002; nothing written on error' })
  async importCalibration(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @UploadedFile() file?: { buffer: Buffer }) {
    if (!file) throw new AppError(ErrorCode.IMPORT_FILE_EMPTY);
    return okEnvelope(await this.tanks.importCalibration(user, id, file.buffer));
  }

  @Get(':id/calibration/template')
  @RequiresAction('fuelTank:calibrate')
  async calibrationTemplate(@Res() response: Response) {
    sendSheet(response, 'calibration.xlsx', await calibrationTemplate());
  }
}
