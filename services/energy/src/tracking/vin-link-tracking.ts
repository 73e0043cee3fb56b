import { Inject, Injectable, Logger } from '@nestjs/common';
import { VehicleRegistry } from '@openfleet/auth';
import type { EventBus } from '@openfleet/bus';
import { Topics, vinLinkKey, type Position, type SessionState, type VinLink } from '@openfleet/contracts';
import { EVENT_BUS, RateLimitedLog } from '@openfleet/service-kit';
import { hostname } from 'node:os';

interface Round {
  records: { key: string; value: Position }[];
  published: Promise<void>;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Puts the vehicles of the VIN links (GB/T 32960, HJ 1239) on the map like any 808 terminal: their
 * positions go on tracking.position.v1 and their logins and link ends on gateway.session.v2, both
 * keyed by the link key (`EV:<VIN>`, `HJ:<VIN>`, see position-source.ts in libs/contracts), so the
 * tracking member that owns a link's positions also gets its session events. The positions
 * accepted in one event-loop turn go out in one publish.
 *
 * One vehicle, one source at a time: while the vehicle's own JT/T 808 terminal is online (as
 * tracking last published it), the link's positions are not sent, so the map, fences, platform
 * alarms and mileage see the 808 terminal only; tracking picks the source the same way
 * (`pickPositionSource`).
 */
@Injectable()
export class VinLinkTracking {
  private readonly logger = new Logger('VinLinkTracking');
  private readonly log = new RateLimitedLog(this.logger);
  private readonly gatewayId = `energy-${hostname()}-${process.pid}`;
  private round?: Round;

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly registry: VehicleRegistry,
  ) {}

  /** False while the vehicle's 808 terminal is online: that terminal is its position source then. */
  feedsPositions(vehicleId: string): boolean {
    const vehicle = this.registry.byVehicleId(vehicleId);
    return !(vehicle?.terminalPhone && this.registry.isOnline(vehicle.terminalPhone));
  }

  /**
   * A link logged in (online) or ended (offline). Not awaited by the link: a lost event is mended
   * by the next position (heard) or tracking's offline timeout.
   */
  session(link: VinLink, vin: string, vehicleId: string, state: SessionState, remoteAddress: string, reason?: string): void {
    const key = vinLinkKey(link, vin);
    const value = { terminalPhone: key, vehicleId, state, gatewayId: this.gatewayId, at: Date.now(), remoteAddress, ...(reason ? { reason } : {}) };
    this.bus.publish(Topics.terminalSession, { key, value }).catch((error: Error) => this.log.write('warn', `${key} ${state} not published: ${error.message}`));
  }

  /** Publishes positions with the others of this turn; the promise settles with that publish. */
  positions(positions: readonly Position[]): Promise<void> | undefined {
    if (!positions.length) return undefined;
    let round = this.round;
    if (!round) {
      let resolve!: () => void;
      let reject!: (error: Error) => void;
      const published = new Promise<void>((yes, no) => ((resolve = yes), (reject = no)));
      round = this.round = { records: [], published, resolve, reject };
      setImmediate(() => this.flush());
    }
    for (const position of positions) round.records.push({ key: position.terminalPhone, value: position });
    return round.published;
  }

  private flush(): void {
    const round = this.round!;
    this.round = undefined;
    this.bus.publish(Topics.position, round.records).then(round.resolve, round.reject);
  }
}
