import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { PageQueryDto, sendSheet, writeSheet } from '@openfleet/service-kit';
import type { Response } from 'express';
import { PowerManageBatchDto, PowerManageQueryDto } from './power-manage.dto';
import { PowerManageService } from './power-manage.service';

const MAX_EXPORT_ROWS = 100_000;
const SHEET = [
  { key: 'plateCode', header: '车牌号', width: 14 },
  { key: 'capable', header: '支持断油断电' },
  { key: 'authPhone', header: '授权手机' },
  { key: 'passwordSet', header: '限制密码' },
  { key: 'locked', header: '当前状态' },
];

/**
 * /index/powerManage: the list of vehicles and their limit settings. Editing one vehicle's settings
 * is `PUT /gps/vehicleLimit/:vehicleId` (the lock wizard's own configuration call).
 */
@ApiTags('instruction')
@ApiBearerAuth()
@Controller('gps/powerManage')
export class PowerManageController {
  constructor(private readonly power: PowerManageService) {}

  @Get()
  @RequiresAction('powerManage:search')
  @ApiOperation({ summary: 'Vehicles in scope with their limit settings: keyword (plate), companyId, fleetId, capable 0|1, locked 0|1' })
  async page(@CurrentUser() user: AuthUser, @Query() query: PowerManageQueryDto) {
    return okEnvelope(await this.power.page(user, query));
  }

  @Get('export')
  @RequiresAction('powerManage:export')
  async export(@CurrentUser() user: AuthUser, @Query() query: PowerManageQueryDto, @Res() response: Response) {
    const page = await this.power.page(user, Object.assign(query, { current: 1, size: MAX_EXPORT_ROWS }));
    const rows = page.records.map((row) => ({ ...row, capable: row.capable ? '是' : '否', passwordSet: row.passwordSet ? '已设置' : '未设置', locked: row.locked ? '已锁车' : '正常' }));
    sendSheet(response, 'power-manage.xlsx', await writeSheet('断油断电权限', SHEET, rows));
  }

  @Post('batch')
  @HttpCode(200)
  @RequiresAction('powerManage:modify')
  @ApiOperation({ summary: 'Grant or withdraw the capability of several vehicles; one out of scope: 8002, none changed' })
  async batch(@CurrentUser() user: AuthUser, @Body() dto: PowerManageBatchDto) {
    return okEnvelope(await this.power.batch(user, dto));
  }

  @Get(':vehicleId/history')
  @RequiresAction('powerManage:search')
  @ApiOperation({ summary: "The vehicle's lock history (wizard steps, locks, unlocks, configuration), newest first" })
  async history(@CurrentUser() user: AuthUser, @Param('vehicleId') vehicleId: string, @Query() query: PageQueryDto) {
    return okEnvelope(await this.power.history(user, vehicleId, query));
  }

  @Delete(':vehicleId')
  @RequiresAction('powerManage:delete')
  @ApiOperation({ summary: "Clears the vehicle's settings (capability, phone, password)" })
  async clear(@CurrentUser() user: AuthUser, @Param('vehicleId') vehicleId: string) {
    await this.power.clear(user, vehicleId);
    return okEnvelope(true);
  }
}
