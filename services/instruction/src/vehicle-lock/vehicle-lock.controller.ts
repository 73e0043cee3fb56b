import { Body, Controller, Get, Headers, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { LockConfirmDto, LockStartDto, LockVerifyDto, VehicleLimitConfigDto } from './vehicle-lock.dto';
import { VehicleLockService } from './vehicle-lock.service';

const LOCK = 'controlInstruction:send';

@ApiTags('instruction')
@ApiBearerAuth()
@Controller('gps/vehicleLimit')
export class VehicleLockController {
  constructor(private readonly lock: VehicleLockService) {}

  @Get(':vehicleId')
  @RequiresAnyAction(LOCK, 'powerManage:modify')
  @ApiOperation({ summary: "A vehicle's limit capability: capable, masked authorisation phone, password set, locked" })
  async config(@CurrentUser() user: AuthUser, @Param('vehicleId') vehicleId: string) {
    return okEnvelope(await this.lock.config(user, vehicleId));
  }

  @Put(':vehicleId')
  @RequiresAction('powerManage:modify')
  @ApiOperation({ summary: 'Grant or withdraw the limit capability, set the authorisation phone and the limit password' })
  async configure(@CurrentUser() user: AuthUser, @Param('vehicleId') vehicleId: string, @Body() body: VehicleLimitConfigDto) {
    await this.lock.configure(user, vehicleId, body);
    return okEnvelope(true);
  }

  @Post('start')
  @HttpCode(200)
  @RequiresAction(LOCK)
  @ApiOperation({ summary: 'Wizard step 1: the reason; sends the SMS code (424 vehicle cannot be limited, 3203 the phone\'s minute/hour/day limit, 3204 send failed)' })
  async start(@CurrentUser() user: AuthUser, @Body() body: LockStartDto) {
    return okEnvelope(await this.lock.start(user, body));
  }

  @Post('verify')
  @HttpCode(200)
  @RequiresAction(LOCK)
  @ApiOperation({ summary: 'Wizard step 2: the SMS code (3201 empty, 3034 wrong)' })
  async verify(@CurrentUser() user: AuthUser, @Body() body: LockVerifyDto) {
    await this.lock.verifyCode(user, body.wizardId, body.code);
    return okEnvelope(true);
  }

  @Post('confirm')
  @HttpCode(200)
  @RequiresAction(LOCK)
  @ApiOperation({ summary: 'Wizard step 3: the limit password (3031 wrong), the door checks (3050 door open, 3051 trunk open, 3042 during a remote start); sends 0x8500 and answers the order' })
  async confirm(@CurrentUser() user: AuthUser, @Body() body: LockConfirmDto, @Headers('authorization') authorization = '') {
    return okEnvelope(await this.lock.confirm(user, body.wizardId, body.password, authorization));
  }
}
