import type { AuthUser } from '@openfleet/auth';
import { canonicalTerminalPhone, type LivePosition, type LiveVideoAlarms, type Position, type VehicleRegistryEntry } from '@openfleet/contracts';
import { IsInt, Max, Min } from 'class-validator';

/** Settings of the coalesced position push (environment variable names). */
export class LivePushConfig {
  /**
   * One `positions` message per client per tick at most, carrying every changed vehicle it follows.
   * 100 ms keeps the frame-to-browser p99 under 250 ms (bench:tracking); a larger tick saves messages
   * at the cost of latency (an update waits up to one tick).
   */
  @IsInt()
  @Min(20)
  @Max(60_000)
  LIVE_PUSH_TICK_MS = 100;
}

/** What a socket follows: its whole scope (default) or a set of vehicle ids / terminal phones, always within its scope. */
export type LiveSubscription = { kind: 'scope' } | { kind: 'vehicles'; ids: ReadonlySet<string> };

/** A connected client as the push sees it: its scope as sets (built once per connection) and its subscription. */
export interface LiveClient {
  superAdmin: boolean;
  companies: ReadonlySet<string>;
  fleets: ReadonlySet<string>;
  /** Single vehicles granted besides the fleets (vgPower). */
  vehicles: ReadonlySet<string>;
  subscription: LiveSubscription;
}

export function liveClientOf(user: AuthUser): LiveClient {
  return { superAdmin: user.superAdmin, companies: new Set(user.scope.companies), fleets: new Set(user.scope.fleets), vehicles: new Set(user.scope.vehicles ?? []), subscription: { kind: 'scope' } };
}

/** True when the client may see the vehicle; a vehicle unknown to the registry goes to super administrators only. */
export function clientSees(client: LiveClient, vehicle: VehicleRegistryEntry | undefined): boolean {
  if (client.superAdmin) return true;
  if (!vehicle) return false;
  return vehicle.companyPath.some((id) => client.companies.has(String(id))) || vehicle.fleetPath.some((id) => client.fleets.has(String(id))) || client.vehicles.has(String(vehicle.vehicleId));
}

export function clientFollows(client: LiveClient, position: LivePosition): boolean {
  const subscription = client.subscription;
  return subscription.kind === 'scope' || subscription.ids.has(position.vehicleId) || subscription.ids.has(position.terminalPhone);
}

/**
 * The video alarm items (0x14-0x18) of a position's extras, or undefined when it has no 0x14 item.
 * Most positions have none: the text is searched before anything is parsed.
 */
export function liveVideoAlarmsOf(extrasJson: string): LiveVideoAlarms | undefined {
  if (!extrasJson.includes('"videoAlarms"')) return undefined;
  let extras: Record<string, unknown>;
  try {
    extras = JSON.parse(extrasJson) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const count = (value: unknown) => (typeof value === 'number' ? value : 0);
  const driving = extras.abnormalDriving as { behaviours?: unknown; fatigueLevel?: unknown } | undefined;
  return {
    flags: count(extras.videoAlarms),
    signalLossChannels: count(extras.videoSignalLossChannels),
    occlusionChannels: count(extras.videoOcclusionChannels),
    storageFaults: count(extras.storageFaults),
    abnormalDriving: driving && typeof driving === 'object' ? { behaviours: count(driving.behaviours), fatigueLevel: count(driving.fatigueLevel) } : null,
  };
}

/**
 * Keeps the newest position per vehicle until the next tick (older reports, e.g. blind-area uploads,
 * never replace a newer one), then hands the changed set out once.
 */
export class PositionCoalescer {
  private pending = new Map<string, { position: LivePosition; vehicle?: VehicleRegistryEntry }>();
  private readonly newestGpsTime = new Map<string, number>();

  offer(position: Position, vehicle: VehicleRegistryEntry | undefined): void {
    // Keyed and pushed by the canonical phone, the form the console knows from the registry and /gps.
    const key = canonicalTerminalPhone(position.terminalPhone);
    if ((this.newestGpsTime.get(key) ?? -1) > position.gpsTimeS) return;
    this.newestGpsTime.set(key, position.gpsTimeS);
    const videoAlarms = liveVideoAlarmsOf(position.extrasJson);
    this.pending.set(key, {
      vehicle,
      position: {
        vehicleId: position.vehicleId || vehicle?.vehicleId || '',
        terminalPhone: key,
        plateCode: vehicle?.plateCode ?? '',
        gpsTimeS: position.gpsTimeS,
        receivedAtMs: position.receivedAtMs,
        latitude: position.latitudeE6 / 1e6,
        longitude: position.longitudeE6 / 1e6,
        altitudeM: position.altitudeM,
        speedKmh: position.speedDkmh / 10,
        direction: position.directionDeg,
        alarmFlags: position.alarmFlags,
        statusFlags: position.statusFlags,
        mileageKm: position.hasMileage ? position.mileageHm / 10 : null,
        ...(videoAlarms ? { videoAlarms } : {}),
      },
    });
  }

  /** The changes since the last drain, and an empty buffer. */
  drain(): { position: LivePosition; vehicle?: VehicleRegistryEntry }[] {
    if (!this.pending.size) return [];
    const changes = [...this.pending.values()];
    this.pending = new Map();
    return changes;
  }
}
