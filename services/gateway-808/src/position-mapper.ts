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
  // Other extras go to extrasJson. Nearly every report has only numeric ones (signal, satellites):
  // their JSON is written straight into a string, the same text JSON.stringify gives for the object
  // built below, which is kept for everything else (strings, objects, an id twice, a bad time).
  let json = '';
  let keys: string[] | undefined;
  let plain = true;
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
    } else if (plain) {
      const key = extraKey(extra);
      const value = extra.value;
      if (typeof value === 'number' && Number.isFinite(value) && !keys?.includes(key)) {
        json += `${json ? ',' : '{'}"${key}":${value}`;
        (keys ??= []).push(key);
      } else plain = false;
    }
  }
  if (location.time === null && location.timeBcd) plain = false;
  const extrasJson = plain ? (json ? json + '}' : '') : otherExtrasJson(location);
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
    extrasJson,
  };
}

/** The key of an extra in extrasJson (kinds are plain identifiers: no JSON escaping needed). */
function extraKey(extra: LocationBody['extras'][number]): string {
  return extra.kind === 'raw' ? `raw0x${extra.id.toString(16).padStart(2, '0')}` : extra.kind;
}

/** extrasJson of a report with extras that are not all plain numbers. */
function otherExtrasJson(location: LocationBody): string {
  let extras: Record<string, unknown> | undefined;
  for (const extra of location.extras) {
    if (extra.kind === 'mileageKm' || extra.kind === 'fuelL' || extra.kind === 'recordedSpeedKmh') continue;
    extras ??= {};
    extras[extraKey(extra)] = extra.value;
  }
  if (location.time === null && location.timeBcd) {
    extras ??= {};
    extras.invalidTimeBcd = location.timeBcd;
  }
  return extras ? JSON.stringify(extras) : '';
}
