import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { LatestPositionsQuery, ScopeOverviewQuery } from './dto/latest-position.dto';
import { LatestPositionService } from './latest-position.service';

/** Screens (menu codes) that call findLatestPositions. */
export const LATEST_POSITION_SCREENS = ['multiCar', 'singleCar', 'historyTrack', 'vehicleTrack', 'collisionRescue'];

@ApiTags('tracking')
@ApiBearerAuth()
@Controller('gps/position')
export class PositionController {
  constructor(private readonly latest: LatestPositionService) {}

  @Get('findLatestPositions')
  // Every screen that shows where vehicles are: multi-vehicle and single-vehicle monitoring, history; collision rescue's nearby vehicles (asked by the alarm service with the operator's token).
  @RequiresAnyAction(...LATEST_POSITION_SCREENS)
  @ApiOperation({
    summary: 'Latest position and status of listed vehicles, or of the whole scope when vehicleIds is empty',
    description: 'Per vehicle: vehicleStatus (0/1), locateStatus, displayStatus (spec §4 rule), alarmCount, gpsSpeed, direction + 16-sector name, map coordinates in mapType. 8002 for a vehicle out of scope.',
  })
  findLatestPositions(@CurrentUser() user: AuthUser, @Query() query: LatestPositionsQuery) {
    const ids = (query.vehicleIds ?? '').split(',').map((id) => id.trim()).filter(Boolean);
    return okEnvelope(ids.length ? this.latest.forVehicles(user, ids, query.mapType) : this.latest.forScope(user, query.mapType));
  }

  @Get('findScopeOverview')
  @RequiresAction('home')
  @ApiOperation({ summary: 'Counts of the caller scope: total, online, offline, onlineRate (%), per display status and per company (home screen, tree icons)' })
  findScopeOverview(@CurrentUser() user: AuthUser, @Query() query: ScopeOverviewQuery) {
    const positions = this.latest.forScope(user, query.mapType);
    return okEnvelope({ ...this.latest.overview(positions), ...(query.withVehicles ? { vehicles: positions } : {}) });
  }
}
