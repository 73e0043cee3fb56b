import { f, list, mapped, skipField, struct, u16, u32, u8, type FieldType, type Reader, type Writer } from '@openfleet/wire';
import { Gb32960DecodeError, Gb32960EncodeError } from './errors';
import { reading, type Reading } from './values';

// Real-time information units of GB/T 32960.3-2016, 7.2.3 (tables 9-19). Status fields keep their
// codes (1-4, 0xFE abnormal, 0xFF invalid, spec §4); measured values are Readings with the
// standard's scale and offset applied, or the sentinel.

export interface WholeVehicle {
  /** 1 started, 2 off, 3 other. */
  vehicleState: number;
  /** 1 parked charging, 2 driving charging, 3 not charging, 4 charged. */
  chargeState: number;
  /** 1 electric, 2 hybrid, 3 fuel. */
  runMode: number;
  speedKmh: Reading;
  mileageKm: Reading;
  voltageV: Reading;
  currentA: Reading;
  socPercent: Reading;
  /** 1 working, 2 off. */
  dcdcState: number;
  /** Bit 5 driving force, bit 4 braking force, bits 0-3 the gear (0 N, 1-12, 13 R, 14 D, 15 P). */
  gear: number;
  insulationKOhm: Reading;
  acceleratorPercent: Reading;
  brakePercent: Reading;
}

export interface DriveMotor {
  seq: number;
  /** 1 consuming, 2 generating, 3 off, 4 ready. */
  state: number;
  controllerTempC: Reading;
  speedRpm: Reading;
  torqueNm: Reading;
  tempC: Reading;
  controllerVoltageV: Reading;
  controllerCurrentA: Reading;
}

export interface FuelCell {
  voltageV: Reading;
  currentA: Reading;
  consumptionKgPer100km: Reading;
  probeTempsC: Reading[];
  h2MaxTempC: Reading;
  h2MaxTempProbe: number;
  h2MaxConcentrationPpm: Reading;
  h2MaxConcentrationSensor: number;
  h2MaxPressureMpa: Reading;
  h2MaxPressureSensor: number;
  /** 1 working, 2 off. */
  dcdcState: number;
}

export interface Engine {
  /** 1 on, 2 off. */
  state: number;
  crankshaftRpm: Reading;
  consumptionLPer100km: Reading;
}

export interface Position {
  /** Bit 0: 0 fix valid, 1 invalid; bit 1: 0 north, 1 south; bit 2: 0 east, 1 west. */
  status: number;
  /** Degrees, WGS-84, signed by the status bits. */
  longitude: Reading;
  latitude: Reading;
}

export interface Extremes {
  maxVoltageSubsystem: number;
  maxVoltageCell: number;
  maxCellVoltageV: Reading;
  minVoltageSubsystem: number;
  minVoltageCell: number;
  minCellVoltageV: Reading;
  maxTempSubsystem: number;
  maxTempProbe: number;
  maxTempC: Reading;
  minTempSubsystem: number;
  minTempProbe: number;
  minTempC: Reading;
}

/** The 19 general alarm flags of table 18, bit 0 first. */
export const GENERAL_ALARMS = [
  'temperatureDifference',
  'batteryHighTemperature',
  'packOverVoltage',
  'packUnderVoltage',
  'socLow',
  'cellOverVoltage',
  'cellUnderVoltage',
  'socHigh',
  'socJump',
  'packMismatch',
  'cellConsistency',
  'insulation',
  'dcdcTemperature',
  'brakeSystem',
  'dcdcState',
  'motorControllerTemperature',
  'highVoltageInterlock',
  'motorTemperature',
  'packOvercharge',
] as const;

export interface Alarms {
  /** 0-3, 0xFE abnormal, 0xFF invalid. */
  maxLevel: number;
  flags: number;
  packFaults: number[];
  motorFaults: number[];
  engineFaults: number[];
  otherFaults: number[];
}

export interface SubsystemVoltages {
  subsystem: number;
  voltageV: Reading;
  currentA: Reading;
  totalCells: number;
  /** Number of the first cell in this frame (cells count from 1). */
  firstCell: number;
  cellVoltagesV: Reading[];
}

export interface SubsystemTemperatures {
  subsystem: number;
  probeTempsC: Reading[];
}

export type RealtimeUnit =
  | { type: 0x01; vehicle: WholeVehicle }
  | { type: 0x02; motors: DriveMotor[] }
  | { type: 0x03; fuelCell: FuelCell }
  | { type: 0x04; engine: Engine }
  | { type: 0x05; position: Position }
  | { type: 0x06; extremes: Extremes }
  | { type: 0x07; alarms: Alarms }
  | { type: 0x08; voltages: SubsystemVoltages[] }
  | { type: 0x09; temperatures: SubsystemTemperatures[] }
  /** Vendor units 0x80-0xFE (WORD length, then the data), kept raw. */
  | { type: number; raw: Buffer };

/** Cells per frame in 0x08 (the standard's limit). */
export const MAX_CELLS_PER_FRAME = 200;

// Each unit's layout, described once: decoding, encoding and skipping all come from it.
const tempC = reading(1, 1, -40);
const currentA = reading(2, 0.1, -1000);
/** Alarm flags: a DWORD bit field, accepted as a signed int too (what `1 << 31` gives). */
const flags = mapped(u32, (v) => v, (v: number) => v >>> 0);

const vehicle = struct<WholeVehicle>([
  f('vehicleState', u8), f('chargeState', u8), f('runMode', u8), f('speedKmh', reading(2, 0.1)), f('mileageKm', reading(4, 0.1)),
  f('voltageV', reading(2, 0.1)), f('currentA', currentA), f('socPercent', reading(1)), f('dcdcState', u8), f('gear', u8),
  f('insulationKOhm', reading(2)), f('acceleratorPercent', reading(1)), f('brakePercent', reading(1)),
]);

const motor = struct<DriveMotor>([
  f('seq', u8), f('state', u8), f('controllerTempC', tempC), f('speedRpm', reading(2, 1, -20000)), f('torqueNm', reading(2, 0.1, -2000)),
  f('tempC', tempC), f('controllerVoltageV', reading(2, 0.1)), f('controllerCurrentA', currentA),
]);

const fuelCell = struct<FuelCell>([
  f('voltageV', reading(2, 0.1)), f('currentA', reading(2, 0.1)), f('consumptionKgPer100km', reading(2, 0.01)), f('probeTempsC', list(2, tempC)),
  f('h2MaxTempC', reading(2, 0.1, -40)), f('h2MaxTempProbe', u8), f('h2MaxConcentrationPpm', reading(2)), f('h2MaxConcentrationSensor', u8),
  f('h2MaxPressureMpa', reading(2, 0.1)), f('h2MaxPressureSensor', u8), f('dcdcState', u8),
]);

const engine = struct<Engine>([f('state', u8), f('crankshaftRpm', reading(2)), f('consumptionLPer100km', reading(2, 0.01))]);

const position = struct<Position>([f('status', u8), f('longitude', reading(4, 1e-6)), f('latitude', reading(4, 1e-6))]);

const extremes = struct<Extremes>([
  f('maxVoltageSubsystem', u8), f('maxVoltageCell', u8), f('maxCellVoltageV', reading(2, 0.001)),
  f('minVoltageSubsystem', u8), f('minVoltageCell', u8), f('minCellVoltageV', reading(2, 0.001)),
  f('maxTempSubsystem', u8), f('maxTempProbe', u8), f('maxTempC', tempC),
  f('minTempSubsystem', u8), f('minTempProbe', u8), f('minTempC', tempC),
]);

const faults = list(1, u32);
const alarms = struct<Alarms>([f('maxLevel', u8), f('flags', flags), f('packFaults', faults), f('motorFaults', faults), f('engineFaults', faults), f('otherFaults', faults)]);

const voltages = list(
  1,
  struct<SubsystemVoltages>([
    f('subsystem', u8), f('voltageV', reading(2, 0.1)), f('currentA', currentA), f('totalCells', u16), f('firstCell', u16),
    // More than 200 is refused both ways: a sender with more cells splits them (splitCellVoltages).
    f('cellVoltagesV', list(1, reading(2, 0.001), { max: MAX_CELLS_PER_FRAME })),
  ]),
);

const temperatures = list(1, struct<SubsystemTemperatures>([f('subsystem', u8), f('probeTempsC', list(2, tempC))]));

/** Information type -> the unit's property and layout (2016 tables 9-19). */
const UNITS: Readonly<Record<number, { key: string; type: FieldType<unknown> }>> = {
  0x01: { key: 'vehicle', type: vehicle },
  0x02: { key: 'motors', type: list(1, motor) },
  0x03: { key: 'fuelCell', type: fuelCell },
  0x04: { key: 'engine', type: engine },
  0x05: { key: 'position', type: position },
  0x06: { key: 'extremes', type: extremes },
  0x07: { key: 'alarms', type: alarms },
  0x08: { key: 'voltages', type: voltages },
  0x09: { key: 'temperatures', type: temperatures },
};
const BY_KEY = new Map(Object.values(UNITS).map((unit) => [unit.key, unit.type]));

const isVendor = (type: number) => type >= 0x80 && type <= 0xfe;

function unknownUnit(type: number): Gb32960DecodeError {
  return new Gb32960DecodeError('UNKNOWN_UNIT', `information type 0x${type.toString(16)} has no layout in the 2016 edition`);
}

/**
 * Moves past a unit, checking that the data holds it and that its counts are within the standard,
 * without building it: what a caller does with units it does not need (the gateway checks a whole
 * report this way; the ingest decodes only the units of the chart series).
 */
export function skipUnit(r: Reader, type: number): void {
  const unit = UNITS[type];
  if (unit) return skipField(unit.type, r, undefined, {});
  if (isVendor(type)) return r.skip(r.u16('vendor unit length'), 'vendor unit');
  throw unknownUnit(type);
}

export function readUnit(r: Reader, type: number): RealtimeUnit {
  const unit = UNITS[type];
  if (unit) return { type, [unit.key]: unit.type.read(r, undefined, {}) } as RealtimeUnit;
  if (isVendor(type)) return { type, raw: r.bytes(r.u16('vendor unit length'), 'vendor unit') };
  throw unknownUnit(type);
}

export function writeUnit(w: Writer, unit: RealtimeUnit): void {
  w.u8(unit.type, 'information type');
  if ('raw' in unit) {
    if (!isVendor(unit.type)) throw new Gb32960EncodeError(`raw units are vendor types 0x80-0xFE, not 0x${unit.type.toString(16)}`);
    w.u16(unit.raw.length, 'vendor unit length');
    return w.raw(unit.raw);
  }
  for (const key in unit) {
    const type = BY_KEY.get(key);
    if (type) return type.write(w, (unit as Record<string, unknown>)[key], undefined, {});
  }
  throw new Gb32960EncodeError(`unit 0x${unit.type.toString(16)} carries none of ${[...BY_KEY.keys()].join(', ')}`);
}

/**
 * A subsystem's cell voltages in frames of at most 200 (the standard's limit), each frame naming
 * its first cell: what a terminal with more cells sends over several real-time messages.
 */
export function splitCellVoltages(subsystem: Omit<SubsystemVoltages, 'firstCell' | 'totalCells'>, perFrame = MAX_CELLS_PER_FRAME): SubsystemVoltages[] {
  const out: SubsystemVoltages[] = [];
  const total = subsystem.cellVoltagesV.length;
  for (let start = 0; start < total || (total === 0 && out.length === 0); start += perFrame) {
    out.push({ ...subsystem, totalCells: total, firstCell: start + 1, cellVoltagesV: subsystem.cellVoltagesV.slice(start, start + perFrame) });
    if (total === 0) break;
  }
  return out;
}
