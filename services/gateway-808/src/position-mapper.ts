import type { Position } from '@openfleet/contracts';
import type { LocationBody } from '@openfleet/jt808';

export interface PositionContext {
  terminalPhone: string;
  vehicleId: string;
  serial: number;
  receivedAtMs: number;
  blindArea: boolean;
  sequence: number;
}

/** Maps one decoded 0x0200 (or 0x0704 item) to the bus Position record, units as on the wire. */
export function toPosition(location: LocationBody, ctx: PositionContext): Position {
  let mileageHm = 0;
  let hasMileage = false;
  let fuelDl = 0;
  let hasFuel = false;
  let recordedSpeedDkmh = 0;
  let hasRecordedSpeed = false;
  let extras: Record<string, unknown> | undefined;
  for (const extra of location.extras) {
    if (extra.kind === 'mileageKm') {
      mileageHm = Math.round(extra.value * 10);
      hasMileage = true;
    } else if (extra.kind === 'fuelL') {
      fuelDl = Math.round(extra.value * 10);
      hasFuel = true;
    } else if (extra.kind === 'recordedSpeedKmh') {
      recordedSpeedDkmh = Math.round(extra.value * 10);
      hasRecordedSpeed = true;
    } else {
      extras ??= {};
      const key = extra.kind === 'raw' ? `raw0x${extra.id.toString(16).padStart(2, '0')}` : extra.kind;
      extras[key] = extra.value;
    }
  }
  if (location.time === null && location.timeBcd) {
    extras ??= {};
    extras.invalidTimeBcd = location.timeBcd;
  }
  const fixTimeMs = location.time?.getTime();
  return {
    terminalPhone: ctx.terminalPhone,
    vehicleId: ctx.vehicleId,
    // A fix without a usable time is stamped with the arrival time (kept in extras as invalidTimeBcd).
    gpsTimeS: Math.floor((fixTimeMs !== undefined && fixTimeMs > 0 ? fixTimeMs : ctx.receivedAtMs) / 1000),
    receivedAtMs: ctx.receivedAtMs,
    latitudeE6: Math.max(-90_000_000, Math.min(90_000_000, Math.round(location.latitude * 1e6))),
    longitudeE6: Math.max(-180_000_000, Math.min(180_000_000, Math.round(location.longitude * 1e6))),
    altitudeM: location.altitude,
    speedDkmh: Math.round(location.speed * 10),
    // Out-of-range headings from faulty devices would make the record invalid for consumers.
    directionDeg: location.direction % 360,
    alarmFlags: location.alarm,
    statusFlags: location.status,
    mileageHm,
    hasMileage,
    fuelDl,
    hasFuel,
    recordedSpeedDkmh,
    hasRecordedSpeed,
    blindArea: ctx.blindArea,
    serial: ctx.serial,
    sequence: ctx.sequence,
    extrasJson: extras ? JSON.stringify(extras) : '',
  };
}
