import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { sendSheet, writeSheet } from '@openfleet/service-kit';
import type { Response } from 'express';
import { REPORT_EXPORT_ROWS } from '../report/report.controller';
import { CONDITION_COLUMNS, conditionSheetRow } from './condition-sheet';
import { VehicleConditionQuery } from './dto/vehicle-condition-query.dto';
import { VehicleConditionService } from './vehicle-condition.service';

@ApiTags('tracking')
@ApiBearerAuth()
@Controller('gps/vehicle-condition')
export class VehicleConditionController {
  constructor(private readonly conditions: VehicleConditionService) {}

  @Get()
  // The vehicleCondition screen, and the info panel of the monitoring screens.
  @RequiresAnyAction('vehicleCondition:search', 'multiCar', 'singleCar')
  @ApiOperation({
    summary: 'Vehicle condition: per vehicle of the scope, the newest status word, extended signals (0x25), IO (0x2A), analog (0x2B), signal strength (0x30), satellites (0x31) and CAN values',
    description: 'One page of vehicles by plate; 8002 for a filter naming a vehicle, company or fleet outside the scope. CAN values: every signal of the CAN signal table, decoded from the newest frame of its bus id.',
  })
  async list(@CurrentUser() user: AuthUser, @Query() query: VehicleConditionQuery) {
    return okEnvelope(await this.conditions.list(user, query));
  }

  @Get('export')
  @RequiresAction('vehicleCondition:export')
  @ApiOperation({ summary: 'The vehicle condition list as an Excel sheet (at most 10,000 vehicles)' })
  async export(@CurrentUser() user: AuthUser, @Query() query: VehicleConditionQuery, @Res() response: Response) {
    const { records } = await this.conditions.list(user, { ...query, current: 1, size: REPORT_EXPORT_ROWS });
    sendSheet(response, 'vehicle-condition.xlsx', await writeSheet('vehicle-condition', CONDITION_COLUMNS, records.map(conditionSheetRow)));
  }
}
