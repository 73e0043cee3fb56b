import { Body, Controller, HttpCode, Delete, Get, Param, ParseIntPipe, Post, Put, Query, Req, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { localeOfRequest, sendSheet } from '@openfleet/service-kit';
import type { Request, Response } from 'express';
import { BindTerminalDto, CreateVehicleDto, LogoutTerminalQuery, UpdateVehicleDto, VehicleQueryDto } from './dto/vehicle.dto';
import { VehicleExcelService } from './vehicle-excel.service';
import { VehicleTreeService } from './vehicle-tree.service';
import { VEHICLE_TYPES } from './vehicle-types';
import { VehicleService } from './vehicle.service';
import { OperationLogInterceptor } from '../operation-log/operation-log.interceptor';

@ApiTags('vehicles')
@ApiBearerAuth()
@Controller('basic')
@UseInterceptors(OperationLogInterceptor)
export class VehicleController {
  constructor(
    private readonly vehicles: VehicleService,
    private readonly trees: VehicleTreeService,
    private readonly excel: VehicleExcelService,
  ) {}

  @Post('vehicle/import')
  @HttpCode(200)
  @RequiresAction('carList:import')
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: 5 * 1024 * 1024 } }))
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'xlsx (field "file"), <= 1000 rows, into the caller company; any bad row: nothing written, 5005 with [{row, reasons}]' })
  async import(@CurrentUser() user: AuthUser, @UploadedFile() file?: { buffer: Buffer }) {
    if (!file) throw new AppError(ErrorCode.IMPORT_FILE_EMPTY);
    return okEnvelope(await this.excel.import(user, file.buffer));
  }

  @Get('vehicle/export')
  @RequiresAction('carList:export')
  async export(@CurrentUser() user: AuthUser, @Req() request: Request, @Res() response: Response) {
    sendSheet(response, 'vehicles.xlsx', await this.excel.export(user, localeOfRequest(request)));
  }

  @Get('vehicle/template')
  async template(@Req() request: Request, @Res() response: Response) {
    sendSheet(response, 'vehicle-template.xlsx', await this.excel.template(localeOfRequest(request)));
  }

  @Get('tree/findVehicleTreeInfoList')
  @ApiOperation({ summary: 'company -> fleet -> vehicle tree of the caller scope, totals per node (online 0 until tracking feeds it)' })
  async vehicleTree(@CurrentUser() user: AuthUser, @Query() query: VehicleQueryDto) {
    return okEnvelope(await this.trees.tree(user, query.keyword));
  }

  @Get('terminal/logoutTerminal')
  @RequiresAction('carList:bind')
  @ApiOperation({ summary: 'Unbind the vehicle terminal and log it off (4230 when none is bound)' })
  async logoutTerminal(@CurrentUser() user: AuthUser, @Query() query: LogoutTerminalQuery) {
    await this.vehicles.logoutTerminal(user, query.vehicleId);
    return okEnvelope(true);
  }

  @Get('vehicle/types')
  vehicleTypes() {
    return okEnvelope(VEHICLE_TYPES);
  }

  @Get('vehicle')
  @RequiresAction('carList:search')
  async page(@CurrentUser() user: AuthUser, @Query() query: VehicleQueryDto) {
    return okEnvelope(await this.vehicles.page(user, query));
  }

  @Get('vehicle/:id')
  @RequiresAction('carList:search')
  async get(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return okEnvelope(await this.vehicles.getVisible(user, id));
  }

  @Post('vehicle')
  @HttpCode(200)
  @RequiresAction('carList:add')
  async create(@CurrentUser() user: AuthUser, @Body() dto: CreateVehicleDto) {
    return okEnvelope(await this.vehicles.create(user, dto));
  }

  @Put('vehicle/:id')
  @RequiresAction('carList:modify')
  async update(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateVehicleDto) {
    return okEnvelope(await this.vehicles.update(user, id, dto));
  }

  @Delete('vehicle/:id')
  @RequiresAction('carList:delete')
  async remove(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    await this.vehicles.remove(user, id);
    return okEnvelope(true);
  }

  @Post('vehicle/:id/bind')
  @HttpCode(200)
  @RequiresAction('carList:bind')
  async bind(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: BindTerminalDto) {
    await this.vehicles.bindTerminal(user, id, dto.terminalId);
    return okEnvelope(true);
  }
}
