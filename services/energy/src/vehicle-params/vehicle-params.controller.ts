import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { ParameterQueryDto, ParameterSetDto, TerminalControlDto } from './vehicle-params.dto';
import { VehicleParamsService } from './vehicle-params.service';

// The launcher's energy alarm dialog sends these, as it sends every other instruction.
const SEND = 'controlInstruction:send';

/** GB/T 32960 platform-to-vehicle commands 0x80-0x82 over the vehicle's 32960 link. */
@ApiTags('energy')
@ApiBearerAuth()
@Controller('energy/vehicle-params')
export class VehicleParamsController {
  constructor(private readonly params: VehicleParamsService) {}

  @Post('query')
  @HttpCode(200)
  @RequiresAction(SEND)
  @ApiOperation({ summary: "0x80: the vehicle's table 34 parameters, as it answers them (7205 no link, 7117 no answer, 7103 answered error)" })
  async query(@CurrentUser() user: AuthUser, @Body() body: ParameterQueryDto) {
    return okEnvelope(await this.params.query(user, body));
  }

  @Post('set')
  @HttpCode(200)
  @RequiresAction(SEND)
  @ApiOperation({ summary: '0x81: sets table 34 parameters (7106 outside the table ranges); answered once the vehicle answers' })
  async set(@CurrentUser() user: AuthUser, @Body() body: ParameterSetDto) {
    return okEnvelope(await this.params.set(user, body));
  }

  @Post('control')
  @HttpCode(200)
  @RequiresAction(SEND)
  @ApiOperation({ summary: '0x82: terminal control (table 36), e.g. 6 alarm/warning with a level and text' })
  async control(@CurrentUser() user: AuthUser, @Body() body: TerminalControlDto) {
    return okEnvelope(await this.params.control(user, body));
  }
}
