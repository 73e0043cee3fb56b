import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { TerminalParametersService } from './terminal-parameters.service';

@ApiTags('instruction')
@ApiBearerAuth()
@Controller('gps/terminalParams')
export class TerminalParametersController {
  constructor(private readonly parameters: TerminalParametersService) {}

  @Get(':vehicleId')
  @RequiresAnyAction('terminalProM:search', 'terminalProM:modify')
  @ApiOperation({ summary: "A vehicle's terminal parameters as last queried (every standard id, null when never reported) and its attributes (0x0107)" })
  async forVehicle(@CurrentUser() user: AuthUser, @Param('vehicleId') vehicleId: string) {
    return okEnvelope(await this.parameters.forVehicle(user, vehicleId));
  }
}
