import { Body, Controller, HttpCode, Delete, Get, Param, ParseIntPipe, Post, Put, Query, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { DriverService } from './driver.service';
import { CreateDriverDto, DriverQueryDto, UpdateDriverDto } from './dto/driver.dto';
import { OperationLogInterceptor } from '../operation-log/operation-log.interceptor';

@ApiTags('drivers')
@ApiBearerAuth()
@Controller('basic/driver')
@UseInterceptors(OperationLogInterceptor)
export class DriverController {
  constructor(private readonly drivers: DriverService) {}

  /** Spec §7 list for pickers: every visible driver (optionally of one company). */
  @Get('findDriverList')
  async findDriverList(@CurrentUser() user: AuthUser, @Query() query: DriverQueryDto) {
    return okEnvelope(await this.drivers.listVisible(user, query.companyId));
  }

  @Get()
  @RequiresAction('driverManage:search')
  async page(@CurrentUser() user: AuthUser, @Query() query: DriverQueryDto) {
    return okEnvelope(await this.drivers.page(user, query));
  }

  @Post()
  @HttpCode(200)
  @RequiresAction('driverManage:add')
  async create(@CurrentUser() user: AuthUser, @Body() dto: CreateDriverDto) {
    return okEnvelope(await this.drivers.create(user, dto));
  }

  @Put(':id')
  @RequiresAction('driverManage:modify')
  async update(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateDriverDto) {
    return okEnvelope(await this.drivers.update(user, id, dto));
  }

  @Delete(':id')
  @RequiresAction('driverManage:delete')
  async remove(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    await this.drivers.remove(user, id);
    return okEnvelope(true);
  }
}
