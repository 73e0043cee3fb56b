import { chinaDate, type Position } from '@openfleet/contracts';
import { distanceMeters } from '@openfleet/geo';

/** Faster than this between two reports is a GPS jump or a reset odometer, not driving. */
const MAX_SPEED_KMH = 250;

interface LastReport {
  gpsTimeS: number;
  longitude: number;
  latitude: number;
  odometerKm: number | null;
}

/**
 * Km per vehicle and China day from the positions as they arrive: the odometer's rise when both
 * reports carry one (0x0200 extra 0x01, the real odometer), else the straight distance between the
 * fixes; a step faster than 250 km/h counts nothing. Reports older than the last one (blind-area
 * reissues) are skipped, so redelivered positions add nothing. Km go to the day of the later report.
 */
export class DayMileageAccumulator {
  private readonly last = new Map<string, LastReport>();
  private pending = new Map<string, number>();

  offer(vehicleId: string, position: Position): void {
    const report: LastReport = {
      gpsTimeS: position.gpsTimeS,
      longitude: position.longitudeE6 / 1e6,
      latitude: position.latitudeE6 / 1e6,
      odometerKm: position.hasMileage ? position.mileageHm / 10 : null,
    };
    const previous = this.last.get(vehicleId);
    if (previous && report.gpsTimeS <= previous.gpsTimeS) return;
    this.last.set(vehicleId, report);
    if (!previous) return;
    const km = stepKm(previous, report);
    if (km <= 0) return;
    const key = `${vehicleId}|${chinaDate(report.gpsTimeS * 1000)}`;
    this.pending.set(key, (this.pending.get(key) ?? 0) + km);
  }

  /** The km gathered since the last drain, per vehicle and day, and an empty buffer. */
  drain(): { vehicleId: string; day: string; km: number }[] {
    if (!this.pending.size) return [];
    const rows = [...this.pending].map(([key, km]) => {
      const [vehicleId, day] = key.split('|');
      return { vehicleId, day, km: Math.round(km * 1000) / 1000 };
    });
    this.pending = new Map();
    return rows;
  }

  /** Puts rows back after a failed write, so the next flush carries them. */
  restore(rows: readonly { vehicleId: string; day: string; km: number }[]): void {
    for (const row of rows) {
      const key = `${row.vehicleId}|${row.day}`;
      this.pending.set(key, (this.pending.get(key) ?? 0) + row.km);
    }
  }
}

function stepKm(from: LastReport, to: LastReport): number {
  const hours = (to.gpsTimeS - from.gpsTimeS) / 3600;
  const km = from.odometerKm !== null && to.odometerKm !== null ? to.odometerKm - from.odometerKm : distanceMeters(from.longitude, from.latitude, to.longitude, to.latitude) / 1000;
  return km > 0 && km <= MAX_SPEED_KMH * hours ? km : 0;
}
