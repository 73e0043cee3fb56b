import { Gb32960DecodeError } from './errors';
import { Command } from './frame';
import { readUnit, skipUnit, writeUnit, type RealtimeUnit } from './units';
import { Reader, Writer } from './values';

/** 0x01 vehicle login (2016 table 6). */
export interface VehicleLogin {
  time: string;
  serial: number;
  iccid: string;
  /** Codes of the rechargeable energy storage subsystems, all of the same length. */
  subsystemCodes: string[];
}

/** 0x04 vehicle logout (table 20) and 0x06 platform logout (table 22). */
export interface Logout {
  time: string;
  serial: number;
}

/** 0x05 platform login (table 21). */
export interface PlatformLogin {
  time: string;
  serial: number;
  username: string;
  password: string;
  encryption: number;
}

/** 0x02 real-time and 0x03 reissued data (table 7): a time and typed units. */
export interface Realtime {
  time: string;
  units: RealtimeUnit[];
}

export function decodeVehicleLogin(data: Buffer): VehicleLogin {
  const r = new Reader(data);
  const time = r.time();
  const serial = r.u16('login serial');
  const iccid = r.ascii(20, 'ICCID');
  const count = r.u8('subsystem count');
  const length = r.u8('subsystem code length');
  const subsystemCodes = Array.from({ length: count }, () => r.ascii(length, 'subsystem code'));
  done(r, 'vehicle login');
  return { time, serial, iccid, subsystemCodes };
}

export function encodeVehicleLogin(login: VehicleLogin): Buffer {
  const w = new Writer();
  w.time(login.time);
  w.u16(login.serial, 'login serial');
  w.ascii(login.iccid, 20, 'ICCID');
  const length = Math.max(0, ...login.subsystemCodes.map((code) => code.length));
  w.u8(login.subsystemCodes.length, 'subsystem count');
  w.u8(length, 'subsystem code length');
  for (const code of login.subsystemCodes) w.ascii(code, length, 'subsystem code');
  return w.done();
}

export function decodeLogout(data: Buffer): Logout {
  const r = new Reader(data);
  const logout = { time: r.time(), serial: r.u16('login serial') };
  done(r, 'logout');
  return logout;
}

export function encodeLogout(logout: Logout): Buffer {
  const w = new Writer();
  w.time(logout.time);
  w.u16(logout.serial, 'login serial');
  return w.done();
}

export function decodePlatformLogin(data: Buffer): PlatformLogin {
  const r = new Reader(data);
  const login = { time: r.time(), serial: r.u16('login serial'), username: r.ascii(12, 'username'), password: r.ascii(20, 'password'), encryption: r.u8('encryption') };
  done(r, 'platform login');
  return login;
}

export function encodePlatformLogin(login: PlatformLogin): Buffer {
  const w = new Writer();
  w.time(login.time);
  w.u16(login.serial, 'login serial');
  w.ascii(login.username, 12, 'username');
  w.ascii(login.password, 20, 'password');
  w.u8(login.encryption, 'encryption');
  return w.done();
}

/**
 * Decodes every unit, or only the types in `only` while checking the others' layout as it moves
 * past them (a report of 96 cells and 48 probes costs a fraction to check). A unit type without a
 * layout stops the decoding with UNKNOWN_UNIT (its length is unknowable).
 */
export function decodeRealtime(data: Buffer, only?: ReadonlySet<number>): Realtime {
  const r = new Reader(data);
  const time = r.time();
  const units: RealtimeUnit[] = [];
  while (r.remaining > 0) {
    const type = r.u8('information type');
    if (!only || only.has(type)) units.push(readUnit(r, type));
    else skipUnit(r, type);
  }
  return { time, units };
}

export function encodeRealtime(realtime: Realtime): Buffer {
  const w = new Writer();
  w.time(realtime.time);
  for (const unit of realtime.units) writeUnit(w, unit);
  return w.done();
}

/** The platform's answer data: the time of the answer (BYTE[6]). */
export function encodeTime(time: string): Buffer {
  const w = new Writer();
  w.time(time);
  return w.done();
}

export function decodeTime(data: Buffer): string {
  const r = new Reader(data);
  const time = r.time();
  done(r, 'time');
  return time;
}

/** Epoch ms of a BYTE[6] China time at `at` (already checked to be a date, as by the decoders). */
export function timeMs(bytes: Uint8Array, at = 0): number {
  return Date.UTC(2000 + bytes[at], bytes[at + 1] - 1, bytes[at + 2], bytes[at + 3] - 8, bytes[at + 4], bytes[at + 5]);
}

/** China time now as the protocol writes it. */
export function chinaTime(ms = Date.now()): string {
  return new Date(ms + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
}

export function commandName(command: number): string {
  return Object.entries(Command).find(([, id]) => id === command)?.[0] ?? `0x${command.toString(16).padStart(2, '0')}`;
}

function done(r: Reader, what: string): void {
  if (r.remaining !== 0) throw new Gb32960DecodeError('LENGTH_MISMATCH', `${what}: ${r.remaining} bytes after the data`);
}
