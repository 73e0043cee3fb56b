import { parseChinaTime, vinLinkKey, VinLink, type Position } from '@openfleet/contracts';
import type { DieselStream, Reading, RealtimeUnit } from '@openfleet/gb32960';

// JT/T 808 status bits a VIN link's position is given, so tracking reads it like a terminal's:
// bit 0 ACC, bit 1 positioned, bit 2 south, bit 3 west.
const ACC_ON = 1 << 0;
const POSITIONED = 1 << 1;
const SOUTH = 1 << 2;
const WEST = 1 << 3;

/** What a VIN link report says about where the vehicle is (GB/T 32960 and HJ 1239 alike). */
interface LinkFix {
  /** Bit 0 fix invalid, bit 1 south, bit 2 west (both standards). */
  status: number;
  longitude: Reading;
  latitude: Reading;
  speedKmh: Reading;
  odometerKm: Reading;
  accOn: boolean;
  /** HJ 1239 engine rpm, GB/T 32960 crankshaft rpm (engine unit 0x04); 'invalid' when not sent. */
  engineRpm: Reading;
}

/** The report around the fix: who sent it, when, and whether it is a reissue (blind area). */
export interface LinkReport {
  vin: string;
  vehicleId: string;
  collectedAtMs: number;
  receivedAtMs: number;
  reissued: boolean;
}

const number = (value: Reading): number | undefined => (typeof value === 'number' ? value : undefined);

function toPosition(link: VinLink, report: LinkReport, fix: LinkFix): Position {
  const lng = number(fix.longitude);
  const lat = number(fix.latitude);
  const located = (fix.status & 1) === 0 && lng !== undefined && lat !== undefined;
  const south = (fix.status & 2) !== 0;
  const west = (fix.status & 4) !== 0;
  const speed = number(fix.speedKmh);
  const odometer = number(fix.odometerKm);
  const rpm = number(fix.engineRpm);
  return {
    terminalPhone: vinLinkKey(link, report.vin),
    vehicleId: report.vehicleId,
    gpsTimeS: Math.floor(report.collectedAtMs / 1000),
    receivedAtMs: report.receivedAtMs,
    // Both standards send unsigned degrees and say the hemisphere in the status bits.
    latitudeE6: located ? Math.min(90_000_000, Math.round(lat * 1e6)) * (south ? -1 : 1) : 0,
    longitudeE6: located ? Math.min(180_000_000, Math.round(lng * 1e6)) * (west ? -1 : 1) : 0,
    altitudeM: 0,
    speedDkmh: speed !== undefined ? Math.round(speed * 10) : 0,
    // Neither standard sends a heading.
    directionDeg: 0,
    alarmFlags: 0,
    statusFlags: (fix.accOn ? ACC_ON : 0) | (located ? POSITIONED : 0) | (south ? SOUTH : 0) | (west ? WEST : 0),
    mileageHm: odometer !== undefined ? Math.round(odometer * 10) : 0,
    hasMileage: odometer !== undefined,
    fuelDl: 0,
    hasFuel: false,
    recordedSpeedDkmh: 0,
    hasRecordedSpeed: false,
    blindArea: report.reissued,
    serial: 0,
    sequence: 0,
    extrasJson: '',
    // HJ 1239 counts in 1/8 rpm; the fence's rpm limit is whole rpm.
    ...(rpm !== undefined ? { engineRpm: Math.round(rpm) } : {}),
  };
}

/**
 * The position of a GB/T 32960 real-time report: unit 0x05 (status, longitude, latitude), with
 * the speed, odometer and "started" state of the whole-vehicle unit 0x01 and the crankshaft speed
 * of the engine unit 0x04 when they are there. None without a position unit.
 */
export function positionOf32960(report: LinkReport, units: readonly RealtimeUnit[]): Position | undefined {
  let position: Extract<RealtimeUnit, { type: 0x05 }>['position'] | undefined;
  let vehicle: Extract<RealtimeUnit, { type: 0x01 }>['vehicle'] | undefined;
  let engine: Extract<RealtimeUnit, { type: 0x04 }>['engine'] | undefined;
  for (const unit of units) {
    if (unit.type === 0x05 && 'position' in unit) position = unit.position;
    else if (unit.type === 0x01 && 'vehicle' in unit) vehicle = unit.vehicle;
    else if (unit.type === 0x04 && 'engine' in unit) engine = unit.engine;
  }
  if (!position) return undefined;
  return toPosition(VinLink.GB32960, report, {
    status: position.status,
    longitude: position.longitude,
    latitude: position.latitude,
    speedKmh: vehicle?.speedKmh ?? 'invalid',
    odometerKm: vehicle?.mileageKm ?? 'invalid',
    // Whole-vehicle state 1 is "started".
    accOn: vehicle?.vehicleState === 1,
    // Only hybrids and fuel-engine vehicles send the engine unit; a pure EV has no engine speed.
    engineRpm: engine?.crankshaftRpm ?? 'invalid',
  });
}

/** The position of one HJ 1239 diesel data stream (0x02), at its own collection time. */
export function positionOfHj1239(report: Omit<LinkReport, 'collectedAtMs'>, collectedAt: string, stream: DieselStream): Position | undefined {
  const collectedAtMs = parseChinaTime(collectedAt);
  if (!Number.isFinite(collectedAtMs)) return undefined;
  const rpm = number(stream.engineRpm);
  return toPosition(VinLink.HJ1239, { ...report, collectedAtMs }, {
    status: stream.positionStatus,
    longitude: stream.longitude,
    latitude: stream.latitude,
    speedKmh: stream.speedKmh,
    odometerKm: stream.odometerKm,
    // The engine turning is the diesel truck's ACC.
    accOn: rpm !== undefined && rpm > 0,
    engineRpm: stream.engineRpm,
  });
}
