import { Body, Controller, Get, Param, ParseIntPipe, Put, Query, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { PageQueryDto } from '../common/paging.dto';
import { OperationLogInterceptor } from '../operation-log/operation-log.interceptor';
import { FleetGrantDto, GrantVehicleQueryDto } from './vg-power.dto';
import { VgPowerService } from './vg-power.service';

@ApiTags('users')
@ApiBearerAuth()
@Controller('basic/vgPower')
@UseInterceptors(OperationLogInterceptor)
export class VgPowerController {
  constructor(private readonly power: VgPowerService) {}

  @Get()
  @RequiresAction('vgPower:search')
  @ApiOperation({ summary: 'Users in the caller scope with their fleet grants (keyword: account or name)' })
  async page(@CurrentUser() caller: AuthUser, @Query() query: PageQueryDto) {
    return okEnvelope(await this.power.page(caller, query));
  }

  @Get(':userId/fleets')
  @RequiresAction('vgPower:search')
  @ApiOperation({ summary: "The fleets of the user's company the caller may grant, each marked granted" })
  async fleets(@CurrentUser() caller: AuthUser, @Param('userId', ParseIntPipe) userId: number) {
    return okEnvelope(await this.power.fleetsOf(caller, userId));
  }

  @Get(':userId/vehicles')
  @RequiresAction('vgPower:search')
  @ApiOperation({ summary: "Vehicles of the user's company the caller may grant, by plate (keyword), each marked granted; 50 at most" })
  async vehicles(@CurrentUser() caller: AuthUser, @Param('userId', ParseIntPipe) userId: number, @Query() query: GrantVehicleQueryDto) {
    return okEnvelope(await this.power.vehiclesOf(caller, userId, query.keyword?.trim()));
  }

  @Put(':userId')
  @RequiresAction('vgPower:modify')
  @ApiOperation({ summary: "Replaces the user's fleet and single-vehicle grants (both empty: whole company) and ends their sessions; 209 fleet or vehicle outside reach, 403 user not visible, 30186 over 1000 vehicles" })
  async grant(@CurrentUser() caller: AuthUser, @Param('userId', ParseIntPipe) userId: number, @Body() dto: FleetGrantDto) {
    return okEnvelope(await this.power.grant(caller, userId, dto.fleetIds, dto.vehicleIds));
  }
}
