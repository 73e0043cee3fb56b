import { Body, Controller, Get, Headers, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { RemoteControlDto, RemoteLogQueryDto } from './remote-control.dto';
import { RemoteControlService } from './remote-control.service';
import { RemoteOperationLogService } from './remote-operation-log.service';

@ApiTags('instruction')
@ApiBearerAuth()
@Controller('gps/remoteControl')
export class RemoteControlController {
  constructor(
    private readonly remote: RemoteControlService,
    private readonly log: RemoteOperationLogService,
  ) {}

  @Post('send')
  @HttpCode(200)
  @RequiresAction('remoteControl:send')
  @ApiOperation({
    summary: 'Remote control through 0x8500 (2019): 7205 offline, 3049 moving, 3040 a request already open, 7109 not a 2019 terminal',
    description: "Then the vehicle's newest condition from tracking (status word, 0x25, CAN): 3039, 3041-3048, 3050-3055 (docs/instructions.md); 503 when tracking cannot answer. `data.check` names the failed check.",
  })
  async send(@CurrentUser() user: AuthUser, @Body() body: RemoteControlDto, @Headers('authorization') authorization = '') {
    return okEnvelope(await this.remote.send(user, body.vehicleId, body.operation, authorization));
  }

  @Get('log')
  @RequiresAction('remoteOperationLog:search')
  @ApiOperation({ summary: 'remoteOperationLog: who did what to which vehicle, newest first' })
  async page(@CurrentUser() user: AuthUser, @Query() query: RemoteLogQueryDto) {
    return okEnvelope(await this.log.page(user, query));
  }
}
