import { Inject, Injectable, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { VehicleConditionView } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { SELF_REQUEST_HEADER, SELF_REQUEST_TOKEN } from '@openfleet/service-kit';
import type { AddressInfo } from 'node:net';
import { REMOTE_CONTROL_CONFIG, type RemoteControlConfig } from './remote-control-config';

const REQUEST_TIMEOUT_MS = 5_000;

/**
 * A vehicle's newest condition (0x0200 status word, 0x25 extended signals, CAN values) from
 * tracking's API (`GET /gps/vehicle-condition/control-state`), asked with the operator's own token
 * so tracking applies the operator's scope; the instruction service reads no tracking table.
 * `INSTRUCTION_TRACKING_URL` names tracking in cluster mode; empty, this process's own listener.
 */
@Injectable()
export class VehicleConditionClient {
  private readonly logger = new Logger(VehicleConditionClient.name);

  constructor(
    @Inject(REMOTE_CONTROL_CONFIG) private readonly config: RemoteControlConfig,
    private readonly http: HttpAdapterHost,
  ) {}

  /** The condition; 503 when tracking cannot answer (nothing is sent blind). */
  async conditionOf(authorization: string, vehicleId: string): Promise<VehicleConditionView | null> {
    try {
      const url = new URL('/gps/vehicle-condition/control-state', this.baseUrl());
      url.searchParams.set('vehicleId', vehicleId);
      const response = await fetch(url, { headers: { authorization, [SELF_REQUEST_HEADER]: SELF_REQUEST_TOKEN }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      const body = (await response.json().catch(() => undefined)) as { flag?: boolean; errorCode?: number; data?: VehicleConditionView | null } | undefined;
      if (!response.ok || !body?.flag) throw new Error(`HTTP ${response.status}, errorCode ${body?.errorCode ?? '-'}`);
      return body.data ?? null;
    } catch (error) {
      this.logger.warn(`vehicle condition of ${vehicleId} from tracking: ${(error as Error).message}`);
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, { data: { vehicleId, check: 'condition' }, cause: error });
    }
  }

  private baseUrl(): string {
    if (this.config.INSTRUCTION_TRACKING_URL) return this.config.INSTRUCTION_TRACKING_URL;
    const address = this.http.httpAdapter.getHttpServer().address() as AddressInfo | null;
    if (!address?.port) throw new Error('no listener to ask');
    const host = address.family === 'IPv6' ? '[::1]' : '127.0.0.1';
    return `http://${host}:${address.port}`;
  }
}
