import type { LatestPosition, LivePosition } from '../src/features/monitor/live-types';
import type { VehicleTreeNode } from '../src/features/monitor/vehicle-tree';

/** Deterministic pseudo-random numbers, so every run draws the same fleet. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const PROVINCES = '京沪粤苏浙鲁豫川鄂湘';

export const plateOf = (index: number) => `${PROVINCES[index % PROVINCES.length]}A${String(index).padStart(5, '0')}`;

/** 10 companies x 10 fleets x 100 vehicles (for 10,000). */
export function syntheticTree(count: number): VehicleTreeNode[] {
  const perFleet = 100;
  const fleets = Math.ceil(count / perFleet);
  const companies: VehicleTreeNode[] = [];
  for (let fleet = 0; fleet < fleets; fleet++) {
    const companyIndex = Math.floor(fleet / 10);
    let company = companies[companyIndex];
    if (!company) {
      company = { key: `c${companyIndex}`, id: companyIndex, name: `Company ${companyIndex}`, type: 'company', children: [] };
      companies.push(company);
    }
    const vehicles = Array.from({ length: Math.min(perFleet, count - fleet * perFleet) }, (_, v): VehicleTreeNode => {
      const index = fleet * perFleet + v;
      return { key: `v${index}`, id: index, name: plateOf(index), type: 'vehicle', plateCode: plateOf(index), vehicleType: 1 + (index % 25) };
    });
    company.children!.push({ key: `f${fleet}`, id: fleet, name: `Fleet ${fleet}`, type: 'fleet', children: vehicles });
  }
  return companies;
}

/** Latest positions spread over ~60 km around Beijing. */
export function syntheticLatest(count: number): LatestPosition[] {
  const next = random(7);
  return Array.from({ length: count }, (_, index) => ({
    vehicleId: String(index), terminalPhone: `1380000${String(index).padStart(4, '0')}`, plateCode: plateOf(index), plateColor: 1,
    companyId: String(Math.floor(index / 1000)), fleetId: String(Math.floor(index / 100)), vehicleStatus: 1, locateStatus: 1,
    displayStatus: 'online', alarmCount: 0, alarmFlags: 0, gpsTime: '2026-11-22 08:00:00', gpsSpeed: 40, direction: Math.floor(next() * 360),
    directionName: '', latitude: 39.6 + next() * 0.6, longitude: 116.0 + next() * 0.8, high: 50, accState: 1, mileage: 1000, oilMass: 50, todayMileage: 10,
  }));
}

/** Every vehicle moves a little: what one second of the live hub carries for 10,000 vehicles. */
export function syntheticTick(latest: readonly LatestPosition[], second: number): LivePosition[] {
  const next = random(second + 11);
  return latest.map((row) => ({
    vehicleId: row.vehicleId, terminalPhone: row.terminalPhone, plateCode: row.plateCode, gpsTimeS: 1795305600 + second, receivedAtMs: Date.now(),
    latitude: row.latitude! + (next() - 0.5) * 0.002 * second, longitude: row.longitude! + (next() - 0.5) * 0.002 * second, altitudeM: 50,
    speedKmh: next() < 0.15 ? 0 : Math.round(next() * 900) / 10, direction: Math.floor(next() * 360), alarmFlags: next() < 0.02 ? 1 : 0,
    statusFlags: 0b11, mileageKm: 1000,
  }));
}
