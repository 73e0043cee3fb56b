import type { Logger } from '@nestjs/common';
import type { EventBus } from '@openfleet/bus';
import { RawFrameCapture as LinkRawFrameCapture } from '@openfleet/service-kit';
import type { GatewayMetrics } from './gateway-metrics';

/** The service kit's raw-frame capture (shared with the 32960, HJ 1239 and 809 links), its drops counted in the gateway's metric. */
export class RawFrameCapture extends LinkRawFrameCapture {
  constructor(bus: EventBus, gatewayId: string, limit: number, metrics: GatewayMetrics, logger: Logger, enabled: boolean) {
    super({ bus, gatewayId, limit, enabled, logger, onDropped: (count) => metrics.rawDropped.inc(count) });
  }
}
