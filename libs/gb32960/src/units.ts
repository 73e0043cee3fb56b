import { Gb32960DecodeError, Gb32960EncodeError } from './errors';
import type { Reader, Reading, Writer } from './values';

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

/** Units whose length does not depend on their content (tables 9, 13, 14, 15). */
const FIXED_UNIT_LENGTH: Readonly<Record<number, number>> = { 0x01: 20, 0x04: 5, 0x05: 9, 0x06: 14 };

/**
 * Moves past a unit, checking that the data holds it and that its counts are within the standard,
 * without building it: what a caller does with units it does not need (the gateway checks a whole
 * report this way; the ingest decodes only the units of the chart series).
 */
export function skipUnit(r: Reader, type: number): void {
  const fixed = FIXED_UNIT_LENGTH[type];
  if (fixed !== undefined) return r.skip(fixed, `information unit 0x${type.toString(16)}`);
  switch (type) {
    case 0x02:
      return r.skip(r.u8('motor count') * 12, 'drive motors');
    case 0x03:
      r.skip(6, 'fuel cell voltage, current, consumption');
      r.skip(r.u16('probe count'), 'probe temperatures');
      return r.skip(10, 'hydrogen system values');
    case 0x07:
      r.skip(5, 'alarm level and flags');
      for (const what of ['pack fault', 'motor fault', 'engine fault', 'other fault']) r.skip(r.u8(`${what} count`) * 4, what);
      return;
    case 0x08:
      for (let n = r.u8('subsystem count'); n > 0; n--) {
        r.skip(9, 'subsystem voltage header');
        const count = r.u8('cells in this frame');
        if (count > MAX_CELLS_PER_FRAME) throw new Gb32960DecodeError('BAD_FIELD', `${count} cell voltages in one frame, at most ${MAX_CELLS_PER_FRAME}`);
        r.skip(count * 2, 'cell voltages');
      }
      return;
    case 0x09:
      for (let n = r.u8('subsystem count'); n > 0; n--) {
        r.skip(1, 'subsystem number');
        r.skip(r.u16('probe count'), 'probe temperatures');
      }
      return;
    default:
      if (type >= 0x80 && type <= 0xfe) return r.skip(r.u16('vendor unit length'), 'vendor unit');
      throw new Gb32960DecodeError('UNKNOWN_UNIT', `information type 0x${type.toString(16)} has no layout in the 2016 edition`);
  }
}

export function readUnit(r: Reader, type: number): RealtimeUnit {
  switch (type) {
    case 0x01:
      return {
        type,
        vehicle: {
          vehicleState: r.u8('vehicle state'),
          chargeState: r.u8('charge state'),
          runMode: r.u8('run mode'),
          speedKmh: r.reading(2, 'speed', 0.1),
          mileageKm: r.reading(4, 'mileage', 0.1),
          voltageV: r.reading(2, 'total voltage', 0.1),
          currentA: r.reading(2, 'total current', 0.1, -1000),
          socPercent: r.reading(1, 'SOC'),
          dcdcState: r.u8('DC-DC state'),
          gear: r.u8('gear'),
          insulationKOhm: r.reading(2, 'insulation resistance'),
          acceleratorPercent: r.reading(1, 'accelerator pedal'),
          brakePercent: r.reading(1, 'brake pedal'),
        },
      };
    case 0x02:
      return {
        type,
        motors: Array.from({ length: r.u8('motor count') }, () => ({
          seq: r.u8('motor number'),
          state: r.u8('motor state'),
          controllerTempC: r.reading(1, 'controller temperature', 1, -40),
          speedRpm: r.reading(2, 'motor speed', 1, -20000),
          torqueNm: r.reading(2, 'motor torque', 0.1, -2000),
          tempC: r.reading(1, 'motor temperature', 1, -40),
          controllerVoltageV: r.reading(2, 'controller voltage', 0.1),
          controllerCurrentA: r.reading(2, 'controller current', 0.1, -1000),
        })),
      };
    case 0x03: {
      const voltageV = r.reading(2, 'fuel cell voltage', 0.1);
      const currentA = r.reading(2, 'fuel cell current', 0.1);
      const consumptionKgPer100km = r.reading(2, 'hydrogen consumption', 0.01);
      const probes = r.u16('probe count');
      const probeTempsC = Array.from({ length: probes }, () => r.reading(1, 'probe temperature', 1, -40));
      return {
        type,
        fuelCell: {
          voltageV, currentA, consumptionKgPer100km, probeTempsC,
          h2MaxTempC: r.reading(2, 'hydrogen system max temperature', 0.1, -40),
          h2MaxTempProbe: r.u8('max temperature probe'),
          h2MaxConcentrationPpm: r.reading(2, 'hydrogen max concentration'),
          h2MaxConcentrationSensor: r.u8('max concentration sensor'),
          h2MaxPressureMpa: r.reading(2, 'hydrogen max pressure', 0.1),
          h2MaxPressureSensor: r.u8('max pressure sensor'),
          dcdcState: r.u8('high-voltage DC-DC state'),
        },
      };
    }
    case 0x04:
      return { type, engine: { state: r.u8('engine state'), crankshaftRpm: r.reading(2, 'crankshaft speed'), consumptionLPer100km: r.reading(2, 'fuel consumption', 0.01) } };
    case 0x05:
      return { type, position: { status: r.u8('position status'), longitude: r.reading(4, 'longitude', 1e-6), latitude: r.reading(4, 'latitude', 1e-6) } };
    case 0x06:
      return {
        type,
        extremes: {
          maxVoltageSubsystem: r.u8('max voltage subsystem'), maxVoltageCell: r.u8('max voltage cell'), maxCellVoltageV: r.reading(2, 'max cell voltage', 0.001),
          minVoltageSubsystem: r.u8('min voltage subsystem'), minVoltageCell: r.u8('min voltage cell'), minCellVoltageV: r.reading(2, 'min cell voltage', 0.001),
          maxTempSubsystem: r.u8('max temperature subsystem'), maxTempProbe: r.u8('max temperature probe'), maxTempC: r.reading(1, 'max temperature', 1, -40),
          minTempSubsystem: r.u8('min temperature subsystem'), minTempProbe: r.u8('min temperature probe'), minTempC: r.reading(1, 'min temperature', 1, -40),
        },
      };
    case 0x07: {
      const maxLevel = r.u8('alarm level');
      const flags = r.u32('general alarm flags');
      const list = (what: string) => Array.from({ length: r.u8(`${what} count`) }, () => r.u32(what));
      return { type, alarms: { maxLevel, flags, packFaults: list('pack fault'), motorFaults: list('motor fault'), engineFaults: list('engine fault'), otherFaults: list('other fault') } };
    }
    case 0x08:
      return {
        type,
        voltages: Array.from({ length: r.u8('subsystem count') }, () => {
          const subsystem = r.u8('subsystem number');
          const voltageV = r.reading(2, 'subsystem voltage', 0.1);
          const currentA = r.reading(2, 'subsystem current', 0.1, -1000);
          const totalCells = r.u16('cell count');
          const firstCell = r.u16('first cell');
          const count = r.u8('cells in this frame');
          if (count > MAX_CELLS_PER_FRAME) throw new Gb32960DecodeError('BAD_FIELD', `${count} cell voltages in one frame, at most ${MAX_CELLS_PER_FRAME}`);
          return { subsystem, voltageV, currentA, totalCells, firstCell, cellVoltagesV: Array.from({ length: count }, () => r.reading(2, 'cell voltage', 0.001)) };
        }),
      };
    case 0x09:
      return {
        type,
        temperatures: Array.from({ length: r.u8('subsystem count') }, () => {
          const subsystem = r.u8('subsystem number');
          return { subsystem, probeTempsC: Array.from({ length: r.u16('probe count') }, () => r.reading(1, 'probe temperature', 1, -40)) };
        }),
      };
    default:
      if (type >= 0x80 && type <= 0xfe) return { type, raw: r.bytes(r.u16('vendor unit length'), 'vendor unit') };
      throw new Gb32960DecodeError('UNKNOWN_UNIT', `information type 0x${type.toString(16)} has no layout in the 2016 edition`);
  }
}

export function writeUnit(w: Writer, unit: RealtimeUnit): void {
  w.u8(unit.type, 'information type');
  if ('raw' in unit) {
    if (unit.type < 0x80 || unit.type > 0xfe) throw new Gb32960EncodeError(`raw units are vendor types 0x80-0xFE, not 0x${unit.type.toString(16)}`);
    w.u16(unit.raw.length, 'vendor unit length');
    w.bytes(unit.raw);
    return;
  }
  if ('vehicle' in unit) {
    const v = unit.vehicle;
    w.u8(v.vehicleState, 'vehicle state');
    w.u8(v.chargeState, 'charge state');
    w.u8(v.runMode, 'run mode');
    w.reading(v.speedKmh, 2, 'speed', 0.1);
    w.reading(v.mileageKm, 4, 'mileage', 0.1);
    w.reading(v.voltageV, 2, 'total voltage', 0.1);
    w.reading(v.currentA, 2, 'total current', 0.1, -1000);
    w.reading(v.socPercent, 1, 'SOC');
    w.u8(v.dcdcState, 'DC-DC state');
    w.u8(v.gear, 'gear');
    w.reading(v.insulationKOhm, 2, 'insulation resistance');
    w.reading(v.acceleratorPercent, 1, 'accelerator pedal');
    w.reading(v.brakePercent, 1, 'brake pedal');
  } else if ('motors' in unit) {
    w.u8(unit.motors.length, 'motor count');
    for (const m of unit.motors) {
      w.u8(m.seq, 'motor number');
      w.u8(m.state, 'motor state');
      w.reading(m.controllerTempC, 1, 'controller temperature', 1, -40);
      w.reading(m.speedRpm, 2, 'motor speed', 1, -20000);
      w.reading(m.torqueNm, 2, 'motor torque', 0.1, -2000);
      w.reading(m.tempC, 1, 'motor temperature', 1, -40);
      w.reading(m.controllerVoltageV, 2, 'controller voltage', 0.1);
      w.reading(m.controllerCurrentA, 2, 'controller current', 0.1, -1000);
    }
  } else if ('fuelCell' in unit) {
    const f = unit.fuelCell;
    w.reading(f.voltageV, 2, 'fuel cell voltage', 0.1);
    w.reading(f.currentA, 2, 'fuel cell current', 0.1);
    w.reading(f.consumptionKgPer100km, 2, 'hydrogen consumption', 0.01);
    w.u16(f.probeTempsC.length, 'probe count');
    for (const t of f.probeTempsC) w.reading(t, 1, 'probe temperature', 1, -40);
    w.reading(f.h2MaxTempC, 2, 'hydrogen system max temperature', 0.1, -40);
    w.u8(f.h2MaxTempProbe, 'max temperature probe');
    w.reading(f.h2MaxConcentrationPpm, 2, 'hydrogen max concentration');
    w.u8(f.h2MaxConcentrationSensor, 'max concentration sensor');
    w.reading(f.h2MaxPressureMpa, 2, 'hydrogen max pressure', 0.1);
    w.u8(f.h2MaxPressureSensor, 'max pressure sensor');
    w.u8(f.dcdcState, 'high-voltage DC-DC state');
  } else if ('engine' in unit) {
    w.u8(unit.engine.state, 'engine state');
    w.reading(unit.engine.crankshaftRpm, 2, 'crankshaft speed');
    w.reading(unit.engine.consumptionLPer100km, 2, 'fuel consumption', 0.01);
  } else if ('position' in unit) {
    w.u8(unit.position.status, 'position status');
    w.reading(unit.position.longitude, 4, 'longitude', 1e-6);
    w.reading(unit.position.latitude, 4, 'latitude', 1e-6);
  } else if ('extremes' in unit) {
    const e = unit.extremes;
    w.u8(e.maxVoltageSubsystem, 'max voltage subsystem');
    w.u8(e.maxVoltageCell, 'max voltage cell');
    w.reading(e.maxCellVoltageV, 2, 'max cell voltage', 0.001);
    w.u8(e.minVoltageSubsystem, 'min voltage subsystem');
    w.u8(e.minVoltageCell, 'min voltage cell');
    w.reading(e.minCellVoltageV, 2, 'min cell voltage', 0.001);
    w.u8(e.maxTempSubsystem, 'max temperature subsystem');
    w.u8(e.maxTempProbe, 'max temperature probe');
    w.reading(e.maxTempC, 1, 'max temperature', 1, -40);
    w.u8(e.minTempSubsystem, 'min temperature subsystem');
    w.u8(e.minTempProbe, 'min temperature probe');
    w.reading(e.minTempC, 1, 'min temperature', 1, -40);
  } else if ('alarms' in unit) {
    const a = unit.alarms;
    w.u8(a.maxLevel, 'alarm level');
    w.u32(a.flags >>> 0, 'general alarm flags');
    for (const [list, what] of [[a.packFaults, 'pack fault'], [a.motorFaults, 'motor fault'], [a.engineFaults, 'engine fault'], [a.otherFaults, 'other fault']] as const) {
      w.u8(list.length, `${what} count`);
      for (const code of list) w.u32(code, what);
    }
  } else if ('voltages' in unit) {
    w.u8(unit.voltages.length, 'subsystem count');
    for (const s of unit.voltages) {
      if (s.cellVoltagesV.length > MAX_CELLS_PER_FRAME) throw new Gb32960EncodeError(`${s.cellVoltagesV.length} cells in one frame, at most ${MAX_CELLS_PER_FRAME}: split them (splitCellVoltages)`);
      w.u8(s.subsystem, 'subsystem number');
      w.reading(s.voltageV, 2, 'subsystem voltage', 0.1);
      w.reading(s.currentA, 2, 'subsystem current', 0.1, -1000);
      w.u16(s.totalCells, 'cell count');
      w.u16(s.firstCell, 'first cell');
      w.u8(s.cellVoltagesV.length, 'cells in this frame');
      for (const v of s.cellVoltagesV) w.reading(v, 2, 'cell voltage', 0.001);
    }
  } else {
    w.u8(unit.temperatures.length, 'subsystem count');
    for (const s of unit.temperatures) {
      w.u8(s.subsystem, 'subsystem number');
      w.u16(s.probeTempsC.length, 'probe count');
      for (const t of s.probeTempsC) w.reading(t, 1, 'probe temperature', 1, -40);
    }
  }
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
