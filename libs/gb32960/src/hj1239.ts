import { f, hexFixed, latin1Fixed, list, mapped, struct, u16, u32, u8, type FieldType } from '@openfleet/wire';
import { Gb32960DecodeError, Gb32960EncodeError } from './errors';
import { bcc, HEADER_LENGTH } from './frame';
import { decodeWhole, encodeWith, reader, reading, time, writer, type Reading } from './values';

// HJ 1239.3-2021 (heavy-duty vehicle remote emission monitoring; the same layout as GB 17691-2018
// annex Q), written here because no maintained JavaScript codec exists. It is framed like GB/T
// 32960: "##", command, VIN BYTE[17], then the terminal's software version where 32960 has its
// response flag, encryption, WORD data length, data, BCC (XOR from the command through the data).
// The header is 24 bytes as in 32960, so Gb32960Deframer splits both streams.
//
// Decoded here, as public sources document them (terminal firmware and platform parsers that agree
// on every offset): the login (time, serial, ICCID), logout, the real-time and reissued data unit
// (send time, serial, then information bodies of type + collection time + body), the OBD body
// (0x01), the diesel data stream (0x02, 37 bytes) and the supplementary stream (0x80, 17 bytes).
// Not decoded: the gas-engine (three-way catalyst) stream 0x03 and vendor bodies 0x81-0xFE, whose
// lengths no public source gives; a body of those types ends the walk and the rest of the unit is
// kept raw. The activation and security-chip commands of HJ 1239 and SM2/SM4 payloads are refused.

export const Hj1239Command = { LOGIN: 0x01, REALTIME: 0x02, REISSUE: 0x03, LOGOUT: 0x04, TIME_SYNC: 0x05 } as const;

/** Encryption: 1 none, 2 SM2, 3 SM4, 4 RSA, 5 AES-128, 0xFE abnormal, 0xFF invalid. */
export const Hj1239Encryption = { NONE: 0x01, SM2: 0x02, SM4: 0x03, RSA: 0x04, AES128: 0x05 } as const;

export const Hj1239InfoType = { OBD: 0x01, DIESEL_STREAM: 0x02, GAS_STREAM: 0x03, SUPPLEMENT: 0x80 } as const;

export interface Hj1239Frame {
  command: number;
  vin: string;
  softwareVersion: number;
  encryption: number;
  data: Buffer;
}

export function encodeHj1239Frame(frame: Hj1239Frame): Buffer {
  if (!/^[\x20-\x7e]{0,17}$/.test(frame.vin)) throw new Gb32960EncodeError(`VIN must be at most 17 ASCII characters, got "${frame.vin}"`);
  if (frame.data.length > 0xffff) throw new Gb32960EncodeError(`data of ${frame.data.length} bytes exceeds 65,535`);
  const out = Buffer.alloc(HEADER_LENGTH + frame.data.length + 1);
  out[0] = out[1] = 0x23;
  out[2] = frame.command;
  out.write(frame.vin, 3, 17, 'latin1');
  out[20] = frame.softwareVersion;
  out[21] = frame.encryption;
  out.writeUInt16BE(frame.data.length, 22);
  out.set(frame.data, HEADER_LENGTH);
  out[out.length - 1] = bcc(out, 2, out.length - 1);
  return out;
}

/** One whole frame: start, length and BCC checked. `data` is a view of `buf`. */
export function decodeHj1239Frame(buf: Buffer): Hj1239Frame {
  if (buf.length < HEADER_LENGTH + 1) throw new Gb32960DecodeError('TRUNCATED', `${buf.length} bytes, a frame needs at least ${HEADER_LENGTH + 1}`);
  if (buf[0] !== 0x23 || buf[1] !== 0x23) throw new Gb32960DecodeError('BAD_START', `starts with 0x${buf.subarray(0, 2).toString('hex')}, not "##"`);
  const length = buf.readUInt16BE(22);
  if (buf.length !== HEADER_LENGTH + length + 1) throw new Gb32960DecodeError('LENGTH_MISMATCH', `data length ${length}, frame of ${buf.length} bytes`);
  const expected = bcc(buf, 2, buf.length - 1);
  if (expected !== buf[buf.length - 1]) throw new Gb32960DecodeError('BCC_MISMATCH', `BCC 0x${buf[buf.length - 1].toString(16)}, computed 0x${expected.toString(16)}`);
  return { command: buf[2], vin: buf.toString('latin1', 3, 20).replace(/\0+$/, ''), softwareVersion: buf[20], encryption: buf[21], data: buf.subarray(HEADER_LENGTH, buf.length - 1) };
}

/** 0x01 login: time, login serial, SIM ICCID (20 characters). */
export interface Hj1239Login {
  time: string;
  serial: number;
  iccid: string;
}

/** 0x04 logout: time and the serial of the login it ends. */
export interface Hj1239Logout {
  time: string;
  serial: number;
}

/** 0x01 OBD body. */
export interface ObdInfo {
  /** 0 ISO 15765, 1 ISO 27145, 2 SAE J1939, 0xFE invalid. */
  protocol: number;
  /** 0 off, 1 on, 0xFE invalid. */
  mil: number;
  /** Bits per monitor (catalyst, heated catalyst, evaporative, secondary air, A/C, exhaust sensor, exhaust sensor heater, EGR/VVT, cold start, boost, DPF, SCR/NOx adsorber, NMHC catalyst, misfire, fuel system, comprehensive). */
  diagnosticSupport: number;
  diagnosticReadiness: number;
  vin: string;
  calibrationId: string;
  cvn: string;
  /** 36 bytes, SAE J1979-DA table G11, as hex. */
  iupr: string;
  /** null when the count is 0xFE (invalid). */
  faultCodes: number[] | null;
}

/** 0x02 diesel data stream: every value scaled, or 'abnormal'/'invalid' as sent. */
export interface DieselStream {
  speedKmh: Reading;
  atmosphericPressureKpa: Reading;
  /** Actual engine torque, % of the reference torque (offset -125). */
  engineTorquePercent: Reading;
  frictionTorquePercent: Reading;
  engineRpm: Reading;
  fuelFlowLph: Reading;
  noxUpstreamPpm: Reading;
  noxDownstreamPpm: Reading;
  reagentPercent: Reading;
  intakeAirKgph: Reading;
  scrInletTempC: Reading;
  scrOutletTempC: Reading;
  dpfPressureDropKpa: Reading;
  coolantTempC: Reading;
  fuelLevelPercent: Reading;
  /** bit 0 fix invalid, bit 1 south, bit 2 west. */
  positionStatus: number;
  longitude: Reading;
  latitude: Reading;
  odometerKm: Reading;
}

/** 0x80 supplementary stream. */
export interface SupplementStream {
  /** 0 overspeed, 1 speed control, 2 torque control, 3 speed/torque control, 9 normal. */
  torqueMode: number;
  acceleratorPercent: Reading;
  totalFuelL: Reading;
  ureaTankTempC: Reading;
  ureaDosingMlph: Reading;
  totalUreaG: Reading;
  dpfExhaustTempC: Reading;
}

export type Hj1239Info =
  | { type: 0x01; collectedAt: string; obd: ObdInfo }
  | { type: 0x02; collectedAt: string; stream: DieselStream }
  | { type: 0x80; collectedAt: string; supplement: SupplementStream }
  /** A body whose layout is not public (0x03, 0x81-0xFE): it and everything after it, raw. */
  | { type: number; collectedAt: string; raw: Buffer };

/** 0x02 real-time and 0x03 reissued data. */
export interface Hj1239Realtime {
  sentAt: string;
  serial: number;
  infos: Hj1239Info[];
}

// Layouts, described once for both directions.
const DIESEL = struct<DieselStream>([
  f('speedKmh', reading(2, 1 / 256)), f('atmosphericPressureKpa', reading(1, 0.5)), f('engineTorquePercent', reading(1, 1, -125)), f('frictionTorquePercent', reading(1, 1, -125)),
  f('engineRpm', reading(2, 0.125)), f('fuelFlowLph', reading(2, 0.05)), f('noxUpstreamPpm', reading(2, 0.05, -200)), f('noxDownstreamPpm', reading(2, 0.05, -200)), f('reagentPercent', reading(1, 0.4)),
  f('intakeAirKgph', reading(2, 0.05)), f('scrInletTempC', reading(2, 0.03125, -273)), f('scrOutletTempC', reading(2, 0.03125, -273)), f('dpfPressureDropKpa', reading(2, 0.1)),
  f('coolantTempC', reading(1, 1, -40)), f('fuelLevelPercent', reading(1, 0.4)), f('positionStatus', u8), f('longitude', reading(4, 0.000001)), f('latitude', reading(4, 0.000001)), f('odometerKm', reading(4, 0.1)),
]);
export const DIESEL_STREAM_LENGTH = DIESEL.size!;

const SUPPLEMENT = struct<SupplementStream>([
  f('torqueMode', u8), f('acceleratorPercent', reading(1, 0.4)), f('totalFuelL', reading(4, 0.5)), f('ureaTankTempC', reading(1, 1, -40)),
  f('ureaDosingMlph', reading(4, 0.01)), f('totalUreaG', reading(4)), f('dpfExhaustTempC', reading(2, 0.03125, -273)),
]);
export const SUPPLEMENT_LENGTH = SUPPLEMENT.size!;

/** BYTE count then DWORD codes; a count of 0xFE/0xFF (invalid) is null. */
const codes = list(1, u32, { max: 253 });
const faultCodes: FieldType<number[] | null> = {
  read: (r, ctx, parent) => {
    if (r.remaining > 0 && r.buf[r.pos] >= 0xfe) {
      r.pos++;
      return null;
    }
    return codes.read(r, ctx, parent);
  },
  write: (w, value, ctx, parent) => (value === null ? w.u8(0xfe, 'fault code count') : codes.write(w, value, ctx, parent)),
};

const OBD = struct<ObdInfo>([
  f('protocol', u8), f('mil', u8), f('diagnosticSupport', u16), f('diagnosticReadiness', u16), f('vin', latin1Fixed(17)), f('calibrationId', latin1Fixed(18)), f('cvn', latin1Fixed(18)),
  f('iupr', mapped(hexFixed(36), (hex) => hex.toUpperCase(), (hex: string) => hex)),
  f('faultCodes', faultCodes),
]);

/** Information type -> the body's property and layout. */
const BODIES: Readonly<Record<number, { key: 'obd' | 'stream' | 'supplement'; type: FieldType<unknown> }>> = {
  [Hj1239InfoType.OBD]: { key: 'obd', type: OBD },
  [Hj1239InfoType.DIESEL_STREAM]: { key: 'stream', type: DIESEL },
  [Hj1239InfoType.SUPPLEMENT]: { key: 'supplement', type: SUPPLEMENT },
};
const BY_KEY = new Map(Object.values(BODIES).map((body) => [body.key as string, body.type]));

const login = struct<Hj1239Login>([f('time', time), f('serial', u16), f('iccid', latin1Fixed(20))]);
const logout = struct<Hj1239Logout>([f('time', time), f('serial', u16)]);

export const decodeHj1239Login = (data: Buffer): Hj1239Login => decodeWhole(login, data, 'login');
export const encodeHj1239Login = (value: Hj1239Login): Buffer => encodeWith(login, value);
export const decodeHj1239Logout = (data: Buffer): Hj1239Logout => logout.read(reader(data), undefined, {});
export const encodeHj1239Logout = (value: Hj1239Logout): Buffer => encodeWith(logout, value);

export function decodeHj1239Realtime(data: Buffer): Hj1239Realtime {
  const r = reader(data);
  const sentAt = time.read(r, undefined, {});
  const serial = r.u16('information serial');
  const infos: Hj1239Info[] = [];
  while (r.remaining) {
    const type = r.u8('information type');
    const collectedAt = time.read(r, undefined, {});
    const body = BODIES[type];
    if (body) infos.push({ type, collectedAt, [body.key]: body.type.read(r, undefined, {}) } as Hj1239Info);
    else {
      if (type < 0x03 || (type > 0x03 && type < 0x80) || type === 0xff) throw new Gb32960DecodeError('UNKNOWN_UNIT', `information type 0x${type.toString(16)} is reserved`);
      infos.push({ type, collectedAt, raw: r.bytes(r.remaining, 'body') });
    }
  }
  return { sentAt, serial, infos };
}

export function encodeHj1239Realtime(realtime: Hj1239Realtime): Buffer {
  const w = writer();
  time.write(w, realtime.sentAt, undefined, {});
  w.u16(realtime.serial, 'information serial');
  for (const info of realtime.infos) {
    w.u8(info.type, 'information type');
    time.write(w, info.collectedAt, undefined, {});
    const key = 'obd' in info ? 'obd' : 'stream' in info ? 'stream' : 'supplement' in info ? 'supplement' : undefined;
    if (key) BY_KEY.get(key)!.write(w, (info as Record<string, unknown>)[key], undefined, {});
    else w.raw((info as { raw: Buffer }).raw);
  }
  return w.toBuffer();
}
