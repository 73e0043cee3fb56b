import { Controller, Get, Headers, Query, Req, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public, TokenService, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { parseTimeParam } from '@openfleet/service-kit';
import { listOf } from './open-api-gate.service';
import { OpenAlarmsQuery, OpenPositionsQuery, OpenTrackQuery, type OpenWindowQuery } from './open-api.dto';
import { OpenApi, OpenApiGuard, type AdmittedRequest } from './open-api.guard';
import type { OpenApiKey } from './open-api-key.entity';
import { OPEN_API_LIMITS, OPEN_APIS, type OpenApiName } from './open-apis';
import { OwnRoutesClient } from './own-routes.client';

const SERVICE_TOKEN_TTL_S = 60;

/**
 * The open API for third-party systems (docs/open-api.md): signed with an app key, answered in the
 * house envelope. Each call asks the owning service through the api's own routes with a short-lived
 * service token scoped to the key's company and carrying only that call's action codes.
 */
@ApiTags('open-api')
@ApiHeader({ name: 'X-App-Id', required: true })
@ApiHeader({ name: 'X-Timestamp', required: true, description: 'epoch ms, within ±5 min' })
@ApiHeader({ name: 'X-Nonce', required: true, description: '8-64 of A-Z a-z 0-9 _ -, single use' })
@ApiHeader({ name: 'X-Signature', required: true, description: 'hex HMAC-SHA256, docs/open-api.md' })
@Public()
@UseGuards(OpenApiGuard)
@Controller('openApi/v1')
export class OpenApiController {
  constructor(
    private readonly tokens: TokenService,
    private readonly registry: VehicleRegistry,
    private readonly owners: OwnRoutesClient,
  ) {}

  @Get('positions')
  @OpenApi('positions')
  @ApiOperation({ summary: 'Latest position and status of the listed vehicles (at most 100), or of every vehicle the key may read' })
  async positions(@Req() request: AdmittedRequest, @Query() query: OpenPositionsQuery, @Headers('accept-language') locale?: string) {
    const key = request.openApiKey!;
    const ids = [...new Set(listOf(query.vehicleIds ?? ''))];
    if (ids.length > OPEN_API_LIMITS.vehiclesPerRequest) throw new AppError(ErrorCode.API_TOO_MANY_VEHICLES, { data: { max: OPEN_API_LIMITS.vehiclesPerRequest } });
    ids.forEach((id) => this.checkVehicle(key, id));
    const vehicleIds = ids.length ? ids.join(',') : listOf(key.vehicleIds).join(',');
    return this.ask(key, 'positions', '/gps/position/findLatestPositions', { vehicleIds, mapType: query.mapType }, locale);
  }

  @Get('track')
  @OpenApi('track')
  @ApiOperation({ summary: "One vehicle's full track in a window of at most 24 h" })
  async track(@Req() request: AdmittedRequest, @Query() query: OpenTrackQuery, @Headers('accept-language') locale?: string) {
    const key = request.openApiKey!;
    const window = windowOf(query);
    this.checkVehicle(key, query.vehicleId);
    return this.ask(key, 'track', '/gps/vtrack/findHistoryTrack', { vehicleId: query.vehicleId, ...window, isAllLocations: 1, mapType: query.mapType }, locale);
  }

  @Get('alarms')
  @OpenApi('alarms')
  @ApiOperation({ summary: 'Alarms in a window of at most 24 h, newest first, paged (size at most 100)' })
  async alarms(@Req() request: AdmittedRequest, @Query() query: OpenAlarmsQuery, @Headers('accept-language') locale?: string) {
    const key = request.openApiKey!;
    const window = windowOf(query);
    if (query.vehicleId) this.checkVehicle(key, query.vehicleId);
    // The alarm list filters by one vehicle or by scope: a key limited to listed vehicles names one.
    else if (listOf(key.vehicleIds).length) throw new AppError(ErrorCode.BAD_PARAMETER, { detail: 'vehicleId: required for a key limited to listed vehicles', data: { field: 'vehicleId' } });
    return this.ask(key, 'alarms', '/gps/alarm/page', { ...window, vehicleId: query.vehicleId, current: query.current, size: query.size }, locale);
  }

  /** 30184 unless the vehicle is the key's company's (or a subsidiary's) and, for a limited key, listed; unknown ids answer the same. */
  private checkVehicle(key: OpenApiKey, vehicleId: string): void {
    const vehicle = this.registry.byVehicleId(vehicleId);
    const limited = listOf(key.vehicleIds);
    const granted = vehicle && !vehicle.deleted && vehicle.companyPath.map(String).includes(key.companyId) && (!limited.length || limited.includes(vehicleId));
    if (!granted) throw new AppError(ErrorCode.API_VEHICLE_NOT_GRANTED, { data: { vehicleId } });
  }

  private async ask(key: OpenApiKey, api: OpenApiName, path: string, query: Record<string, string | number | undefined>, locale = 'zh-CN') {
    const service: AuthUser = {
      id: `openapi:${key.appId}`, companyId: key.companyId, userType: 0, roleIds: [], superAdmin: false,
      scope: { companies: [key.companyId], fleets: [] }, actions: [...OPEN_APIS[api].actions],
    };
    const answer = await this.owners.get<unknown>(path, query, `Bearer ${await this.tokens.sign(service, SERVICE_TOKEN_TTL_S)}`, locale);
    if (!answer.flag) throw new AppError(answer.errorCode, { detail: answer.msg, data: answer.data ?? undefined });
    return okEnvelope(answer.data);
  }
}

/** The window as epoch ms for the owning service: 400 for unreadable or reversed times, 300 beyond 24 h. */
function windowOf(query: OpenWindowQuery): { startTime: number; endTime: number } {
  const startTime = parseTimeParam(query.startTime, 'startTime') * 1000;
  const endTime = parseTimeParam(query.endTime, 'endTime') * 1000;
  if (endTime < startTime) throw new AppError(ErrorCode.BAD_PARAMETER, { detail: 'endTime: before startTime', data: { field: 'endTime' } });
  if (endTime - startTime > OPEN_API_LIMITS.windowMs) throw new AppError(ErrorCode.QUERY_WINDOW_EXCEEDED, { data: { maxHours: 24 } });
  return { startTime, endTime };
}
