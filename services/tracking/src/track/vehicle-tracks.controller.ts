import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { sendSheet, writeSheet } from '@openfleet/service-kit';
import type { Response } from 'express';
import { VehicleTracksQuery } from './dto/vehicle-tracks.dto';
import { vehicleTracksSheet } from './vehicle-tracks-sheet';
import { VehicleTracksService } from './vehicle-tracks.service';

@ApiTags('tracking')
@ApiBearerAuth()
@Controller('gps/vtrack')
export class VehicleTracksController {
  constructor(private readonly tracks: VehicleTracksService) {}

  @Get('findVehicleTracks')
  @RequiresAction('vehicleTrack:search')
  @ApiOperation({
    summary: 'Tracks of up to 10 vehicles over one window (<= 24 h), compared (vehicleTrack screen)',
    description: 'Per vehicle: plateCode, mileageKm, drivingS, maxSpeed, averageSpeed, stopCount, pointCount, startTime, endTime, points [{t epoch s, lng, lat (WGS-84), speed km/h, direction}]. 400 no or more than 10 vehicles, 300 window over 24 h, 8002 a vehicle unknown or out of scope.',
  })
  async findVehicleTracks(@CurrentUser() user: AuthUser, @Query() query: VehicleTracksQuery) {
    return okEnvelope(await this.tracks.compare(user, query));
  }

  @Get('vehicleTracks/export')
  @RequiresAction('vehicleTrack:export')
  @ApiOperation({ summary: 'The comparison summary (one row per vehicle) as an Excel sheet' })
  async exportVehicleTracks(@CurrentUser() user: AuthUser, @Query() query: VehicleTracksQuery, @Res() response: Response) {
    const sheet = vehicleTracksSheet(await this.tracks.compare(user, { ...query, isAllLocations: 0 }));
    sendSheet(response, 'vehicle-tracks.xlsx', await writeSheet(sheet.name, sheet.columns, sheet.rows));
  }
}
