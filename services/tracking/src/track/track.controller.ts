import { Controller, Get, Logger, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { AppError, ErrorCode, isAppError } from '@openfleet/errors';
import type { Request, Response } from 'express';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { DailyMileageService } from './daily-mileage.service';
import { DailyMileageQuery, HistoryTrackQuery, MileageReportQuery } from './dto/track-query.dto';

const gzipAsync = promisify(gzip);

@ApiTags('tracking')
@ApiBearerAuth()
@Controller('gps/vtrack')
export class TrackController {
  private readonly logger = new Logger(TrackController.name);

  constructor(private readonly mileage: DailyMileageService) {}

  @Get('findDailyMileage')
  // History playback, and the info panel's fuel tab on the multi- and single-vehicle screens.
  @RequiresAnyAction('historyTrack:search', 'multiCar', 'singleCar')
  @ApiProduces('application/octet-stream')
  @ApiOperation({
    summary: 'Track + daily mileage of one vehicle (spec §7)',
    description:
      'Body: gzip bytes (Content-Type application/octet-stream, no Content-Encoding) of the JSON envelope {flag, errorCode, msg, data}; ' +
      'data = {listAll: JSON string of track points, charts, mileageTotal (km), averageOil (L/100 km), averageSpeed (km/h), oilTotal (L)}. ' +
      'Errors are gzip envelopes too: 300 window over TRACKING_TRACK_WINDOW_DAYS, 400 bad time, 8002 vehicle unknown or out of scope. isCompress=0 answers plain JSON.',
  })
  async findDailyMileage(@CurrentUser() user: AuthUser, @Query() query: DailyMileageQuery, @Req() request: Request, @Res() response: Response): Promise<void> {
    const started = performance.now();
    let body: Buffer;
    try {
      // The envelope's bytes written straight from the stored rows (gzip unless isCompress=0),
      // or the finished body of the same request while its rows are unchanged (answer cache).
      body = await this.mileage.dailyMileageBody(user, query);
    } catch (error) {
      if (!isAppError(error)) this.logger.error(`findDailyMileage failed: ${(error as Error).stack}`);
      const appError = isAppError(error) ? error : new AppError(ErrorCode.SERVER_ERROR);
      const json = JSON.stringify(appError.toEnvelope(String(request.headers['accept-language'] ?? '').toLowerCase().startsWith('en') ? 'en_US' : 'zh_CN'));
      body = query.isCompress === 0 ? Buffer.from(json, 'utf8') : await gzipAsync(json, { level: 1 });
    }
    // Server time of the answer (scope check, cache lookup or query, encoding, gzip), for the benchmark and the browser's dev tools.
    response.setHeader('Server-Timing', `app;dur=${(performance.now() - started).toFixed(1)}`);
    // Not Content-Encoding for gzip: the console unzips the bytes itself (spec §7), the browser must not.
    response
      .status(200)
      .type(query.isCompress === 0 ? 'application/json' : 'application/octet-stream')
      .send(body);
  }

  @Get('findHistoryTrack')
  @RequiresAction('historyTrack:search')
  @ApiOperation({ summary: 'History track by footprint (points + stops) or by trip (trips with distance, duration, start/end; stops); key points or full' })
  async findHistoryTrack(@CurrentUser() user: AuthUser, @Query() query: HistoryTrackQuery) {
    return okEnvelope(await this.mileage.history(user, query));
  }

  @Get('findMileage')
  @RequiresAction('mileageStatistics:search')
  @ApiOperation({ summary: 'Daily mileage per vehicle and day (odometer when reported, else computed without jumps); window <= TRACKING_MILEAGE_WINDOW_DAYS (300)' })
  async findMileage(@CurrentUser() user: AuthUser, @Query() query: MileageReportQuery) {
    return okEnvelope(await this.mileage.mileageReport(user, query));
  }
}
