import { Gb32960DecodeError, Gb32960EncodeError } from './errors';
import { bcc, HEADER_LENGTH } from './frame';
import { Reader, Writer, type Reading } from './values';

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

type Field<T> = [key: keyof T, width: 1 | 2 | 4, scale: number, offset: number];

// The diesel stream's 19 fields in order: key, bytes, resolution, offset.
const DIESEL: Field<DieselStream>[] = [
  ['speedKmh', 2, 1 / 256, 0], ['atmosphericPressureKpa', 1, 0.5, 0], ['engineTorquePercent', 1, 1, -125], ['frictionTorquePercent', 1, 1, -125],
  ['engineRpm', 2, 0.125, 0], ['fuelFlowLph', 2, 0.05, 0], ['noxUpstreamPpm', 2, 0.05, -200], ['noxDownstreamPpm', 2, 0.05, -200], ['reagentPercent', 1, 0.4, 0],
  ['intakeAirKgph', 2, 0.05, 0], ['scrInletTempC', 2, 0.03125, -273], ['scrOutletTempC', 2, 0.03125, -273], ['dpfPressureDropKpa', 2, 0.1, 0],
  ['coolantTempC', 1, 1, -40], ['fuelLevelPercent', 1, 0.4, 0], ['positionStatus', 1, 1, 0], ['longitude', 4, 0.000001, 0], ['latitude', 4, 0.000001, 0], ['odometerKm', 4, 0.1, 0],
];
export const DIESEL_STREAM_LENGTH = 37;

const SUPPLEMENT: Field<SupplementStream>[] = [
  ['torqueMode', 1, 1, 0], ['acceleratorPercent', 1, 0.4, 0], ['totalFuelL', 4, 0.5, 0], ['ureaTankTempC', 1, 1, -40], ['ureaDosingMlph', 4, 0.01, 0], ['totalUreaG', 4, 1, 0], ['dpfExhaustTempC', 2, 0.03125, -273],
];
export const SUPPLEMENT_LENGTH = 17;

/** Status bytes are bit fields and codes, kept as numbers. */
const RAW_FIELDS = new Set<string>(['positionStatus', 'torqueMode']);

function readFields<T>(r: Reader, fields: Field<T>[], what: string): T {
  const out: Record<string, unknown> = {};
  for (const [key, width, scale, offset] of fields) {
    const name = `${what} ${String(key)}`;
    out[key as string] = RAW_FIELDS.has(key as string) ? r.u8(name) : r.reading(width, name, scale, offset);
  }
  return out as T;
}

function writeFields<T>(w: Writer, value: T, fields: Field<T>[], what: string): void {
  for (const [key, width, scale, offset] of fields) {
    const name = `${what} ${String(key)}`;
    const v = value[key] as unknown;
    if (RAW_FIELDS.has(key as string)) w.u8(v as number, name);
    else w.reading(v as Reading, width, name, scale, offset);
  }
}

export function decodeHj1239Login(data: Buffer): Hj1239Login {
  const r = new Reader(data);
  const login = { time: r.time('login time'), serial: r.u16('login serial'), iccid: r.ascii(20, 'ICCID') };
  if (r.remaining) throw new Gb32960DecodeError('LENGTH_MISMATCH', `${r.remaining} bytes after the login`);
  return login;
}

export function encodeHj1239Login(login: Hj1239Login): Buffer {
  const w = new Writer();
  w.time(login.time, 'login time');
  w.u16(login.serial, 'login serial');
  w.ascii(login.iccid, 20, 'ICCID');
  return w.done();
}

export function decodeHj1239Logout(data: Buffer): Hj1239Logout {
  const r = new Reader(data);
  return { time: r.time('logout time'), serial: r.u16('logout serial') };
}

export function encodeHj1239Logout(logout: Hj1239Logout): Buffer {
  const w = new Writer();
  w.time(logout.time, 'logout time');
  w.u16(logout.serial, 'logout serial');
  return w.done();
}

export function decodeHj1239Realtime(data: Buffer): Hj1239Realtime {
  const r = new Reader(data);
  const sentAt = r.time('send time');
  const serial = r.u16('information serial');
  const infos: Hj1239Info[] = [];
  while (r.remaining) {
    const type = r.u8('information type');
    const collectedAt = r.time('collection time');
    if (type === Hj1239InfoType.OBD) infos.push({ type, collectedAt, obd: readObd(r) });
    else if (type === Hj1239InfoType.DIESEL_STREAM) infos.push({ type, collectedAt, stream: readFields<DieselStream>(r, DIESEL, 'data stream') });
    else if (type === Hj1239InfoType.SUPPLEMENT) infos.push({ type, collectedAt, supplement: readFields<SupplementStream>(r, SUPPLEMENT, 'supplementary stream') });
    else {
      if (type < 0x03 || (type > 0x03 && type < 0x80) || type === 0xff) throw new Gb32960DecodeError('UNKNOWN_UNIT', `information type 0x${type.toString(16)} is reserved`);
      infos.push({ type, collectedAt, raw: Buffer.from(r.bytes(r.remaining, 'body')) });
    }
  }
  return { sentAt, serial, infos };
}

export function encodeHj1239Realtime(realtime: Hj1239Realtime): Buffer {
  const w = new Writer();
  w.time(realtime.sentAt, 'send time');
  w.u16(realtime.serial, 'information serial');
  for (const info of realtime.infos) {
    w.u8(info.type, 'information type');
    w.time(info.collectedAt, 'collection time');
    if ('obd' in info) writeObd(w, info.obd);
    else if ('stream' in info) writeFields(w, info.stream, DIESEL, 'data stream');
    else if ('supplement' in info) writeFields(w, info.supplement, SUPPLEMENT, 'supplementary stream');
    else w.bytes(info.raw);
  }
  return w.done();
}

function readObd(r: Reader): ObdInfo {
  const protocol = r.u8('OBD protocol');
  const mil = r.u8('MIL');
  const diagnosticSupport = r.u16('diagnostic support');
  const diagnosticReadiness = r.u16('diagnostic readiness');
  const vin = r.ascii(17, 'OBD VIN');
  const calibrationId = r.ascii(18, 'calibration id');
  const cvn = r.ascii(18, 'CVN');
  const iupr = r.bytes(36, 'IUPR').toString('hex').toUpperCase();
  const count = r.u8('fault code count');
  if (count === 0xfe || count === 0xff) return { protocol, mil, diagnosticSupport, diagnosticReadiness, vin, calibrationId, cvn, iupr, faultCodes: null };
  if (count > 253) throw new Gb32960DecodeError('BAD_FIELD', `fault code count ${count} exceeds 253`);
  const faultCodes: number[] = [];
  for (let i = 0; i < count; i++) faultCodes.push(r.u32(`fault code ${i + 1}`));
  return { protocol, mil, diagnosticSupport, diagnosticReadiness, vin, calibrationId, cvn, iupr, faultCodes };
}

function writeObd(w: Writer, obd: ObdInfo): void {
  w.u8(obd.protocol, 'OBD protocol');
  w.u8(obd.mil, 'MIL');
  w.u16(obd.diagnosticSupport, 'diagnostic support');
  w.u16(obd.diagnosticReadiness, 'diagnostic readiness');
  w.ascii(obd.vin, 17, 'OBD VIN');
  w.ascii(obd.calibrationId, 18, 'calibration id');
  w.ascii(obd.cvn, 18, 'CVN');
  const iupr = Buffer.from(obd.iupr, 'hex');
  if (iupr.length !== 36) throw new Gb32960EncodeError(`IUPR must be 36 bytes of hex, got ${iupr.length}`);
  w.bytes(iupr);
  if (obd.faultCodes === null) return w.u8(0xfe, 'fault code count');
  if (obd.faultCodes.length > 253) throw new Gb32960EncodeError(`at most 253 fault codes, got ${obd.faultCodes.length}`);
  w.u8(obd.faultCodes.length, 'fault code count');
  for (const code of obd.faultCodes) w.u32(code, 'fault code');
}
