import { Injectable } from '@nestjs/common';
import { inScope, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { DisplayStatus, positionSourceKeys, type LatestPosition, type ScopeOverview, type VehicleRegistryEntry } from '@openfleet/contracts';
import { compassName, placeName, toMapCoordinates } from '@openfleet/geo';
import { formatCst } from '../common/time-window';
import { TrackQueryService } from '../track/track-query.service';
import { LiveStateService } from './live-state.service';
import { alarmCountOf, displayStatusOf, locateStatusOf, type VehicleLiveState } from './vehicle-live-state';

@Injectable()
export class LatestPositionService {
  constructor(
    private readonly live: LiveStateService,
    private readonly registry: VehicleRegistry,
    private readonly tracks: TrackQueryService,
  ) {}

  /** Latest positions of the listed vehicles (8002 for any the caller cannot see). */
  forVehicles(user: AuthUser, vehicleIds: readonly string[], mapType: number): LatestPosition[] {
    return vehicleIds.map((vehicleId) => {
      // resolve() names the vehicle's position source: its 808 terminal or a VIN link.
      const vehicle = this.tracks.resolve(user, vehicleId);
      const entry = this.registry.byVehicleId(vehicleId);
      const state = vehicle.terminalPhone ? this.live.get(vehicle.terminalPhone) : undefined;
      return this.describe(entry, state, mapType, true);
    });
  }

  /**
   * Every vehicle of the caller scope, once each: the registry's vehicles (with or without a position
   * yet), each by its position source (its 808 terminal or a VIN link, `LiveStateService.sourceOf`),
   * plus, for super administrators, terminals reporting without a bound vehicle (open registration).
   */
  forScope(user: AuthUser, mapType: number): LatestPosition[] {
    const result: LatestPosition[] = [];
    const seenTerminals = new Set<string>();
    for (const entry of this.registry.all()) {
      if (!inScope(user, entry)) continue;
      const state = this.live.sourceOf(entry);
      // Every source of the vehicle is this row: none of them is listed again below.
      for (const key of positionSourceKeys(entry)) seenTerminals.add(key);
      result.push(this.describe(entry, state, mapType));
    }
    if (user.superAdmin) {
      for (const state of this.live.all()) {
        if (seenTerminals.has(state.terminalPhone)) continue;
        const vehicleId = this.live.vehicleIdOf(state);
        const entry = vehicleId ? this.registry.byVehicleId(vehicleId) : undefined;
        result.push(this.describe(entry, state, mapType));
      }
    }
    return result;
  }

  /** Counts behind the tree icons and the home screen: online rate, status and company distribution. */
  overview(positions: readonly LatestPosition[]): ScopeOverview {
    const byStatus = Object.fromEntries(Object.values(DisplayStatus).map((status) => [status, 0])) as Record<string, number>;
    const byCompany: Record<string, { total: number; online: number }> = {};
    let online = 0;
    for (const position of positions) {
      byStatus[position.displayStatus]++;
      online += position.vehicleStatus;
      const company = (byCompany[position.companyId || 'unassigned'] ??= { total: 0, online: 0 });
      company.total++;
      company.online += position.vehicleStatus;
    }
    const total = positions.length;
    return { total, online, offline: total - online, onlineRate: total ? Math.round((online / total) * 10_000) / 100 : 0, byStatus, byCompany };
  }

  // The place name (about 2 µs a vehicle) only for listed vehicles, the info panel's question: the
  // whole-scope answer (up to 100,000 vehicles, the tree and the map) does not need it.
  private describe(entry: VehicleRegistryEntry | undefined, state: VehicleLiveState | undefined, mapType: number, withPlace = false): LatestPosition {
    const online = this.live.online(state);
    const plate = entry?.plateCode || state?.reportedPlate || '';
    const fix = state?.lastFix;
    const map = fix ? toMapCoordinates(fix.longitudeE6 / 1e6, fix.latitudeE6 / 1e6, mapType) : undefined;
    const day = state?.day;
    return {
      vehicleId: entry?.vehicleId ?? (state ? this.live.vehicleIdOf(state) || state.terminalPhone : ''),
      terminalPhone: state?.terminalPhone ?? entry?.terminalPhone ?? '',
      plateCode: plate,
      plateColor: entry?.plateColor ?? null,
      companyId: entry?.companyId ?? '',
      fleetId: entry?.fleetPath.at(-1) ?? '',
      vehicleStatus: online ? 1 : 0,
      locateStatus: locateStatusOf(state),
      displayStatus: displayStatusOf(state, plate, online),
      alarmCount: alarmCountOf(state),
      alarmFlags: state?.latest?.alarmFlags ?? 0,
      gpsTime: state?.latest ? formatCst(state.latest.gpsTime) : null,
      gpsSpeed: (fix?.speedDkmh ?? 0) / 10,
      direction: fix?.direction ?? 0,
      directionName: compassName(fix?.direction ?? 0),
      latitude: fix ? fix.latitudeE6 / 1e6 : null,
      longitude: fix ? fix.longitudeE6 / 1e6 : null,
      mapLatitude: map ? Math.round(map[1] * 1e6) / 1e6 : null,
      mapLongitude: map ? Math.round(map[0] * 1e6) / 1e6 : null,
      ...(withPlace ? { place: fix ? placeName(fix.longitudeE6 / 1e6, fix.latitudeE6 / 1e6) : '' } : {}),
      high: state?.latest?.altitudeM ?? null,
      accState: state?.latest?.accState ?? 0,
      mileage: state?.latest?.mileageHm != null ? state.latest.mileageHm / 10 : null,
      oilMass: state?.latest?.fuelDl != null ? state.latest.fuelDl / 10 : null,
      todayMileage: day ? Math.round(dayKm(day) * 10) / 10 : 0,
    };
  }
}

function dayKm(day: NonNullable<VehicleLiveState['day']>): number {
  if (day.odometerStartHm !== null && day.odometerEndHm !== null && day.odometerEndHm >= day.odometerStartHm) return (day.odometerEndHm - day.odometerStartHm) / 10;
  return day.computedM / 1000;
}
