import { canonicalTerminalPhone, type Position } from '@openfleet/contracts';
import { wgs84ToGcj02 } from '@openfleet/geo';

/** Why a stored point is not trusted (bit flags in track_point.quality; 0 = good). */
export const PointQuality = {
  GOOD: 0,
  /** Status bit 1 says "not positioned", or the position is 0,0. */
  NO_FIX: 1,
  /** Implied speed from the previous good fix is impossible. */
  JUMP: 2,
  /** A reading carried one of the spec's "invalid" sentinels (215.0, 65.53, 5553.5); that field is stored as NULL. */
  SENTINEL: 4,
} as const;

/** One row of track_point, units as stored. */
export interface TrackPointRow {
  terminalPhone: string;
  gpsTime: number;
  sequence: number;
  vehicleId: string;
  receivedAt: number;
  latitudeE6: number;
  longitudeE6: number;
  mapLatitudeE6: number;
  mapLongitudeE6: number;
  altitudeM: number | null;
  speedDkmh: number | null;
  recordedSpeedDkmh: number | null;
  direction: number;
  alarmFlags: number;
  statusFlags: number;
  mileageHm: number | null;
  fuelDl: number | null;
  accState: number;
  liftingState: number | null;
  loadCondition: number | null;
  openCapState: number | null;
  blindArea: number;
  quality: number;
  extras: string | null;
}

/** JT/T 808 status bits used here. */
const STATUS_ACC_ON = 1 << 0;
const STATUS_POSITIONED = 1 << 1;

// The spec shows these readings as "invalid": devices send them for a missing sensor.
// (Written out: this runs five times for every stored position.)
const isSentinel = (value: number) => Math.abs(value - 215.0) < 1e-9 || Math.abs(value - 65.53) < 1e-9 || Math.abs(value - 5553.5) < 1e-9;

function optionalSmallInt(extras: Record<string, unknown> | undefined, key: string): number | null {
  const value = extras?.[key];
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 256 ? value : null;
}

// Only the body-state extras are read from the JSON; most reports have none, so skip the parse.
function parseExtras(json: string): Record<string, unknown> | undefined {
  if (!json || (!json.includes('liftingState') && !json.includes('openCapState'))) return undefined;
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return { unparsed: json };
  }
}

/** Maps a bus position to its row, with sentinel readings nulled and the fix-level quality flags set. */
export function toTrackPointRow(position: Position, vehicleId: string): TrackPointRow {
  // No closure per reading: this runs for every stored position.
  let sentinel = false;
  let altitudeM: number | null = position.altitudeM;
  if (isSentinel(altitudeM)) {
    altitudeM = null;
    sentinel = true;
  }
  let speedDkmh: number | null = position.speedDkmh;
  if (isSentinel(speedDkmh / 10)) {
    speedDkmh = null;
    sentinel = true;
  }
  let recordedSpeedDkmh: number | null = position.hasRecordedSpeed ? position.recordedSpeedDkmh : null;
  if (recordedSpeedDkmh !== null && isSentinel(recordedSpeedDkmh / 10)) {
    recordedSpeedDkmh = null;
    sentinel = true;
  }
  let fuelDl: number | null = position.hasFuel ? position.fuelDl : null;
  if (fuelDl !== null && isSentinel(fuelDl / 10)) {
    fuelDl = null;
    sentinel = true;
  }
  let mileageHm: number | null = position.hasMileage ? position.mileageHm : null;
  if (mileageHm !== null && isSentinel(mileageHm / 10)) {
    mileageHm = null;
    sentinel = true;
  }
  let quality: number = sentinel ? PointQuality.SENTINEL : PointQuality.GOOD;
  const noFix = (position.statusFlags & STATUS_POSITIONED) === 0 || (position.latitudeE6 === 0 && position.longitudeE6 === 0);
  if (noFix) quality |= PointQuality.NO_FIX;
  // GCJ-02, the default map (wgs84ToGcj02: gcoord's formula bit for bit, without its per-call checks).
  const [mapLng, mapLat] = noFix ? [position.longitudeE6 / 1e6, position.latitudeE6 / 1e6] : wgs84ToGcj02(position.longitudeE6 / 1e6, position.latitudeE6 / 1e6);
  const extras = parseExtras(position.extrasJson);
  // Status bits 8-9 (2013+): 00 empty, 01 half, 10 reserved, 11 full -> 0 empty, 1 half, 2 full.
  const loadBits = (position.statusFlags >>> 8) & 0b11;
  return {
    // One key per terminal whatever header form it sent (12-digit 2013, 20-digit 2019, as entered).
    terminalPhone: canonicalTerminalPhone(position.terminalPhone),
    gpsTime: position.gpsTimeS,
    sequence: position.sequence,
    vehicleId,
    receivedAt: position.receivedAtMs,
    latitudeE6: position.latitudeE6,
    longitudeE6: position.longitudeE6,
    mapLatitudeE6: Math.round(mapLat * 1e6),
    mapLongitudeE6: Math.round(mapLng * 1e6),
    altitudeM,
    speedDkmh,
    recordedSpeedDkmh,
    direction: position.directionDeg,
    alarmFlags: position.alarmFlags >>> 0,
    statusFlags: position.statusFlags >>> 0,
    mileageHm,
    fuelDl,
    accState: position.statusFlags & STATUS_ACC_ON ? 1 : 0,
    liftingState: optionalSmallInt(extras, 'liftingState'),
    loadCondition: loadBits === 0b10 ? null : loadBits === 0b11 ? 2 : loadBits,
    openCapState: optionalSmallInt(extras, 'openCapState'),
    blindArea: position.blindArea ? 1 : 0,
    quality,
    extras: position.extrasJson || null,
  };
}
