import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { VehicleConditionService } from './vehicle-condition.service';

export class ControlStateQuery {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(32) vehicleId!: string;
}

/**
 * One vehicle's newest condition for the checks before a remote operation (the instruction service
 * asks with the operator's token): the callers of remote control and of the lock wizard may read
 * it without the vehicleCondition screen.
 */
@ApiTags('tracking')
@ApiBearerAuth()
@Controller('gps/vehicle-condition')
export class ControlStateController {
  constructor(private readonly conditions: VehicleConditionService) {}

  @Get('control-state')
  @RequiresAnyAction('remoteControl:send', 'controlInstruction:send', 'vehicleCondition:search')
  @ApiOperation({ summary: "One vehicle's newest status word, extended signals (0x25) and CAN values (8002 outside the scope), for the remote-control checks" })
  async one(@CurrentUser() user: AuthUser, @Query() query: ControlStateQuery) {
    const { records } = await this.conditions.list(user, { vehicleIds: query.vehicleId, current: 1, size: 1 });
    return okEnvelope(records[0] ?? null);
  }
}
