import { Inject, Injectable, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { LatestPosition, RescueNearbyVehicle } from '@openfleet/contracts';
import { distanceMeters } from '@openfleet/geo';
import { SELF_REQUEST_HEADER, SELF_REQUEST_TOKEN } from '@openfleet/service-kit';
import type { AddressInfo } from 'node:net';
import { ALARM_CONFIG, type AlarmConfig } from '../alarm-config';

/** How many vehicles the detail lists, and how far away they may be. */
export const NEARBY_COUNT = 5;
export const NEARBY_RADIUS_M = 50_000;
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * The vehicles nearest an accident, from tracking's latest positions through its API
 * (`GET /gps/position/findLatestPositions`), asked with the operator's own token: tracking answers
 * only the vehicles the operator may see, so the list never names another company's vehicle. The
 * alarm service reads no tracking table. `ALARM_TRACKING_URL` names tracking in cluster mode; empty
 * (standalone), this process's own listener answers it.
 */
@Injectable()
export class NearbyVehicles {
  private readonly logger = new Logger(NearbyVehicles.name);

  constructor(
    @Inject(ALARM_CONFIG) private readonly config: AlarmConfig,
    private readonly http: HttpAdapterHost,
  ) {}

  /** Nearest first, without the accident's own vehicle; null when tracking could not answer. */
  async near(authorization: string, at: { latitude: number; longitude: number }, except: string): Promise<RescueNearbyVehicle[] | null> {
    const positions = await this.latestPositions(authorization);
    return positions && nearest(positions, at, except);
  }

  private async latestPositions(authorization: string): Promise<LatestPosition[] | null> {
    try {
      const url = new URL('/gps/position/findLatestPositions', this.baseUrl());
      const response = await fetch(url, { headers: { authorization, [SELF_REQUEST_HEADER]: SELF_REQUEST_TOKEN }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      const body = (await response.json().catch(() => undefined)) as { flag?: boolean; errorCode?: number; data?: LatestPosition[] } | undefined;
      if (!response.ok || !body?.flag || !Array.isArray(body.data)) throw new Error(`HTTP ${response.status}, errorCode ${body?.errorCode ?? '-'}`);
      return body.data;
    } catch (error) {
      this.logger.warn(`latest positions from tracking: ${(error as Error).message}`);
      return null;
    }
  }

  private baseUrl(): string {
    if (this.config.ALARM_TRACKING_URL) return this.config.ALARM_TRACKING_URL;
    const address = this.http.httpAdapter.getHttpServer().address() as AddressInfo | null;
    if (!address?.port) throw new Error('no listener to ask');
    const host = address.family === 'IPv6' ? '[::1]' : '127.0.0.1';
    return `http://${host}:${address.port}`;
  }
}

/** The `count` positioned vehicles within `radiusM` of the point, nearest first. Pure. */
export function nearest(positions: readonly LatestPosition[], at: { latitude: number; longitude: number }, except: string, count = NEARBY_COUNT, radiusM = NEARBY_RADIUS_M): RescueNearbyVehicle[] {
  return positions
    .filter((p) => p.vehicleId !== except && p.latitude !== null && p.longitude !== null && (p.latitude !== 0 || p.longitude !== 0))
    .map((p) => ({
      vehicleId: p.vehicleId,
      plateCode: p.plateCode,
      distanceM: Math.round(distanceMeters(at.longitude, at.latitude, p.longitude!, p.latitude!)),
      vehicleStatus: p.vehicleStatus,
      gpsTime: p.gpsTime,
      latitude: p.latitude!,
      longitude: p.longitude!,
    }))
    .filter((v) => v.distanceM <= radiusM)
    .sort((a, b) => a.distanceM - b.distanceM)
    .slice(0, count);
}
