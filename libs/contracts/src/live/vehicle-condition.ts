/**
 * Vehicle condition (车况, console /monitor/vehicleCondition, the info panel): the newest body and
 * electrical states of a vehicle as JT/T 808 reports them, decoded from the standard's tables, and
 * its newest CAN values (0x0705 frames through the CAN signal table). Browser-safe: no imports.
 */

/** The 0x0200 additional items the condition keeps (JT/T 808-2019 table 27). */
export interface ConditionExtras {
  /** 0x25 extended vehicle signal status DWORD (table 31 bits). */
  extendedSignals: number | null;
  /** 0x2A IO status WORD (bit 0 deep sleep, bit 1 sleep). */
  ioStatus: number | null;
  /** 0x2B analog DWORD: bits 0-15 AD0, bits 16-31 AD1. */
  analog: { ad0: number; ad1: number } | null;
  /** 0x30 wireless network signal strength BYTE. */
  signalStrength: number | null;
  /** 0x31 GNSS satellites in use BYTE. */
  satellites: number | null;
}

/** One CAN signal's newest decoded value. */
export interface ConditionCanValue {
  signalId: number;
  name: string;
  unit: string;
  /** Null when the frame is shorter than the signal's layout. */
  value: number | null;
  /** "YYYY-MM-DD HH:mm:ss" (China time) of the frame. */
  time: string;
}

/** One vehicle's row of GET /gps/vehicle-condition. */
export interface VehicleConditionView extends ConditionExtras {
  vehicleId: string;
  terminalPhone: string;
  plateCode: string;
  companyId: string;
  /** 1 online, 0 offline. */
  vehicleStatus: number;
  /** Time of the newest report, null before the first. */
  gpsTime: string | null;
  /** 0x0200 status DWORD of the newest report; null before the first. */
  statusFlags: number | null;
  alarmFlags: number;
  speedKmh: number | null;
  /** Time of the newest report that carried one of the extras above. */
  extrasTime: string | null;
  can: ConditionCanValue[];
}

/** A two-valued state: true/false, or null when the report did not carry it. */
export type ConditionFlag = boolean | null;

/** The states the console and the export show, decoded from the words of a condition. */
export interface DecodedCondition {
  acc: ConditionFlag;
  located: ConditionFlag;
  /** Status bit 4: out of service (停运). */
  outOfService: ConditionFlag;
  /** Status bits 8-9: 'empty' | 'half' | 'full'; null for the reserved 10 or without a report. */
  load: 'empty' | 'half' | 'full' | null;
  oilCircuitCut: ConditionFlag;
  electricCircuitCut: ConditionFlag;
  doorLocked: ConditionFlag;
  /** Doors 1-5 (front, middle, rear, driver, custom): open = true. */
  doors: ConditionFlag[];
  /** GNSS systems used (GPS, BeiDou, GLONASS, Galileo). */
  gnss: { gps: ConditionFlag; beidou: ConditionFlag; glonass: ConditionFlag; galileo: ConditionFlag };
  /** Status bit 22 (2019): driving (true) or stopped. */
  moving: ConditionFlag;
  lowBeam: ConditionFlag;
  highBeam: ConditionFlag;
  rightTurn: ConditionFlag;
  leftTurn: ConditionFlag;
  brake: ConditionFlag;
  reverse: ConditionFlag;
  fogLight: ConditionFlag;
  clearanceLights: ConditionFlag;
  horn: ConditionFlag;
  airConditioner: ConditionFlag;
  neutral: ConditionFlag;
  retarder: ConditionFlag;
  abs: ConditionFlag;
  heater: ConditionFlag;
  clutch: ConditionFlag;
  deepSleep: ConditionFlag;
  sleep: ConditionFlag;
}

const bitOf = (word: number | null, index: number): ConditionFlag => (word === null ? null : ((word >>> index) & 1) === 1);

/**
 * Decodes the 0x0200 status word (JT/T 808-2019 table 25), the extended vehicle signal status
 * (0x25, table 31) and the IO status (0x2A, table 32). A word the report did not carry gives nulls.
 */
export function decodeCondition(statusFlags: number | null, extendedSignals: number | null, ioStatus: number | null): DecodedCondition {
  const status = statusFlags === null ? null : statusFlags >>> 0;
  const signals = extendedSignals === null ? null : extendedSignals >>> 0;
  const io = ioStatus === null ? null : ioStatus >>> 0;
  const loadBits = status === null ? null : (status >>> 8) & 0b11;
  return {
    acc: bitOf(status, 0),
    located: bitOf(status, 1),
    outOfService: bitOf(status, 4),
    load: loadBits === null || loadBits === 0b10 ? null : loadBits === 0 ? 'empty' : loadBits === 1 ? 'half' : 'full',
    oilCircuitCut: bitOf(status, 10),
    electricCircuitCut: bitOf(status, 11),
    doorLocked: bitOf(status, 12),
    doors: [13, 14, 15, 16, 17].map((index) => bitOf(status, index)),
    gnss: { gps: bitOf(status, 18), beidou: bitOf(status, 19), glonass: bitOf(status, 20), galileo: bitOf(status, 21) },
    moving: bitOf(status, 22),
    lowBeam: bitOf(signals, 0),
    highBeam: bitOf(signals, 1),
    rightTurn: bitOf(signals, 2),
    leftTurn: bitOf(signals, 3),
    brake: bitOf(signals, 4),
    reverse: bitOf(signals, 5),
    fogLight: bitOf(signals, 6),
    clearanceLights: bitOf(signals, 7),
    horn: bitOf(signals, 8),
    airConditioner: bitOf(signals, 9),
    neutral: bitOf(signals, 10),
    retarder: bitOf(signals, 11),
    abs: bitOf(signals, 12),
    heater: bitOf(signals, 13),
    clutch: bitOf(signals, 14),
    deepSleep: bitOf(io, 0),
    sleep: bitOf(io, 1),
  };
}

/** The condition items of a position's extras JSON (gateway keys), or undefined when it has none. */
export function conditionExtrasOf(extrasJson: string): ConditionExtras | undefined {
  if (!extrasJson || !CONDITION_KEYS.some((key) => extrasJson.includes(key))) return undefined;
  let extras: Record<string, unknown>;
  try {
    extras = JSON.parse(extrasJson) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const word = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null);
  const analog = extras.analog as { ad0?: unknown; ad1?: unknown } | undefined;
  const result: ConditionExtras = {
    extendedSignals: word(extras.extendedSignalStatus),
    ioStatus: word(extras.ioStatus),
    analog: analog && typeof analog === 'object' && word(analog.ad0) !== null && word(analog.ad1) !== null ? { ad0: Number(analog.ad0), ad1: Number(analog.ad1) } : null,
    signalStrength: word(extras.signalStrength),
    satellites: word(extras.satelliteCount),
  };
  return Object.values(result).some((value) => value !== null) ? result : undefined;
}

const CONDITION_KEYS = ['"extendedSignalStatus"', '"ioStatus"', '"analog"', '"signalStrength"', '"satelliteCount"'];
