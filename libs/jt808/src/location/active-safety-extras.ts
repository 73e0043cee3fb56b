// Active-safety additional items of 0x0200 (T/JSATL 12-2017 "Su-Biao", tables 4-15 to 4-21):
// 0x64 ADAS, 0x65 DSM, 0x66 tyre pressure (TPMS), 0x67 blind spot (BSD). Each ends with the
// 16-byte alarm identification (terminal id BYTE[7], time BCD[6], serial, attachment count,
// reserved). Provinces that follow JT/T 808-2019 widen the terminal id to BYTE[30]; the layout
// is told apart by the item's length, so both decode and re-encode byte for byte.
import { reader } from '../codec/reader';
import { bcd, f, gbkFixed, list, struct, u16, u32, u8, type FieldSpec, type FieldType } from '../codec/schema';
import type { Writer } from '../codec/writer';
import type { CodecContext } from '../types';

/** The alarm identification number: the key the terminal's attachments are filed under (0x9208, 0x1210). */
export interface AlarmIdentification {
  terminalId: string;
  /** BCD 'YYMMDDhhmmss' as sent. */
  time: string;
  serial: number;
  attachmentCount: number;
  reserved: number;
}

/** Fields every active-safety item shares after its own part (table 4-16 onwards). */
export interface ActiveSafetyCommon {
  alarmId: number;
  /** 0 not available, 1 start, 2 end. */
  flag: number;
  speedKmh: number;
  altitudeM: number;
  latitudeE6: number;
  longitudeE6: number;
  time: string;
  vehicleStatus: number;
  identification: AlarmIdentification;
}

export interface AdasAlarm extends ActiveSafetyCommon {
  /** 1 forward collision, 2 lane departure, 3 too close, 4 pedestrian collision, 5 frequent lane change, 6 road sign over limit, 7 obstacle, 0x10 road sign recognised, 0x11 active capture. */
  eventType: number;
  /** 1 level one, 2 level two. */
  level: number;
  frontSpeedKmh: number;
  /** Front vehicle or pedestrian distance, 100 ms units. */
  frontDistance: number;
  /** 1 left, 2 right. */
  departureType: number;
  roadSignType: number;
  roadSignValue: number;
}

export interface DsmAlarm extends ActiveSafetyCommon {
  /** 1 fatigue, 2 phone call, 3 smoking, 4 distraction, 5 driver abnormal, 0x10 auto capture, 0x11 driver change. */
  eventType: number;
  level: number;
  fatigueLevel: number;
  reserved: string;
}

export interface TpmsEvent {
  /** Tyre position, counted from the front left. */
  position: number;
  /** Bits: 0 pressure high, 1 low, 2 temperature high, 3 sensor fault, 4 unbalanced, 5 slow leak, 6 battery low. */
  alarmType: number;
  pressureKpa: number;
  temperatureC: number;
  batteryPercent: number;
}

export interface TpmsAlarm extends ActiveSafetyCommon {
  events: TpmsEvent[];
}

export interface BsdAlarm extends ActiveSafetyCommon {
  /** 1 rear approach, 2 left rear approach, 3 right rear approach. */
  eventType: number;
}

const identification = (terminalIdBytes: 7 | 30): FieldType<AlarmIdentification> =>
  struct<AlarmIdentification>([
    f('terminalId', gbkFixed(terminalIdBytes)),
    f('time', bcd(6)),
    f('serial', u8),
    f('attachmentCount', u8),
    f('reserved', u8),
  ]);

/** Speed, altitude, latitude, longitude, time and status, then the identification (the same in all four). */
const tail = (terminalIdBytes: 7 | 30): FieldSpec[] => [
  f('speedKmh', u8),
  f('altitudeM', u16),
  f('latitudeE6', u32),
  f('longitudeE6', u32),
  f('time', bcd(6)),
  f('vehicleStatus', u16),
  f('identification', identification(terminalIdBytes)),
];

const adasFields = (id: 7 | 30): FieldSpec[] => [
  f('alarmId', u32),
  f('flag', u8),
  f('eventType', u8),
  f('level', u8),
  f('frontSpeedKmh', u8),
  f('frontDistance', u8),
  f('departureType', u8),
  f('roadSignType', u8),
  f('roadSignValue', u8),
  ...tail(id),
];

const reserved4: FieldType<string> = { read: (r) => r.hex(4), write: (w, v) => w.hex(v, 4, 'reserved') };

const dsmFields = (id: 7 | 30): FieldSpec[] => [
  f('alarmId', u32),
  f('flag', u8),
  f('eventType', u8),
  f('level', u8),
  f('fatigueLevel', u8),
  f('reserved', reserved4),
  ...tail(id),
];

const tpmsEvent = struct<TpmsEvent>([
  f('position', u8),
  f('alarmType', u16),
  f('pressureKpa', u16),
  f('temperatureC', u16),
  f('batteryPercent', u16),
]);

const tpmsFields = (id: 7 | 30): FieldSpec[] => [
  f('alarmId', u32),
  f('flag', u8),
  ...tail(id),
  f('events', list(1, tpmsEvent)),
];

const bsdFields = (id: 7 | 30): FieldSpec[] => [f('alarmId', u32), f('flag', u8), f('eventType', u8), ...tail(id)];

/** Byte length of each item with the 7-byte terminal id (tables 4-15, 4-17, 4-19, 4-21); the wide form is 23 more. */
export const ACTIVE_SAFETY_LENGTHS = { adas: 47, dsm: 47, tpms: 41, bsd: 41 } as const;
const WIDE = 23;

// The codec context is not consulted by these layouts: the edition does not change them.
const NO_CONTEXT: CodecContext = { version: '2013', timeZoneOffsetMinutes: 480 };

interface ActiveSafetyDef<V> {
  read(b: Buffer, p: number, len: number): V | undefined;
  write(w: Writer, v: V): void;
}

/**
 * One item's reader and writer. Returns undefined on a length that fits neither layout, so the
 * item is kept raw. The tyre item's length grows with its event list, so its base length is checked
 * against the list count.
 */
function activeSafety<V extends ActiveSafetyCommon>(fields: (id: 7 | 30) => FieldSpec[], base: number, perItem = 0): ActiveSafetyDef<V> {
  const narrow = struct<V>(fields(7));
  const wide = struct<V>(fields(30));
  const baseOf = (b: Buffer, p: number, len: number, extra: number) => (perItem ? base + extra + perItem * b[p + base + extra - 1] : base + extra);
  return {
    read(b, p, len) {
      const layout = len >= base && baseOf(b, p, len, 0) === len ? narrow : len >= base + WIDE && baseOf(b, p, len, WIDE) === len ? wide : undefined;
      if (!layout) return undefined;
      const r = reader(b, p, p + len);
      const value = layout.read(r, NO_CONTEXT, {});
      return r.remaining === 0 ? value : undefined;
    },
    write(w, v) {
      const layout = Buffer.byteLength(v.identification?.terminalId ?? '') > 7 ? wide : narrow;
      layout.write(w, v, NO_CONTEXT, {});
    },
  };
}

export const adasExtra = activeSafety<AdasAlarm>(adasFields, ACTIVE_SAFETY_LENGTHS.adas);
export const dsmExtra = activeSafety<DsmAlarm>(dsmFields, ACTIVE_SAFETY_LENGTHS.dsm);
// 41 = the fixed part with the count byte; each event adds 9 bytes.
export const tpmsExtra = activeSafety<TpmsAlarm>(tpmsFields, ACTIVE_SAFETY_LENGTHS.tpms, 9);
export const bsdExtra = activeSafety<BsdAlarm>(bsdFields, ACTIVE_SAFETY_LENGTHS.bsd);
