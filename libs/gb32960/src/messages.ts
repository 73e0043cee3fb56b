import { chinaTimeMs, formatChinaTime } from '@openfleet/contracts';
import { f, latin1Fixed, struct, u16, u8, type FieldType } from '@openfleet/wire';
import { Command } from './frame';
import { readUnit, skipUnit, writeUnit, type RealtimeUnit } from './units';
import { decodeWhole, encodeWith, reader, time, writer } from './values';

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

/** BYTE count, BYTE code length, then the codes: the length is the longest code's on encode. */
const subsystemCodes: FieldType<string[]> = {
  read: (r) => {
    const count = r.u8('subsystem count');
    const length = r.u8('subsystem code length');
    return Array.from({ length: count }, () => r.latin1Fixed(length, 'subsystem code'));
  },
  write: (w, codes) => {
    const length = Math.max(0, ...codes.map((code) => code.length));
    w.u8(codes.length, 'subsystem count');
    w.u8(length, 'subsystem code length');
    for (const code of codes) w.latin1Fixed(code, length, 'subsystem code');
  },
};

const vehicleLogin = struct<VehicleLogin>([f('time', time), f('serial', u16), f('iccid', latin1Fixed(20)), f('subsystemCodes', subsystemCodes)]);
const logout = struct<Logout>([f('time', time), f('serial', u16)]);
const platformLogin = struct<PlatformLogin>([f('time', time), f('serial', u16), f('username', latin1Fixed(12)), f('password', latin1Fixed(20)), f('encryption', u8)]);

export const decodeVehicleLogin = (data: Buffer): VehicleLogin => decodeWhole(vehicleLogin, data, 'vehicle login');
export const encodeVehicleLogin = (login: VehicleLogin): Buffer => encodeWith(vehicleLogin, login);
export const decodeLogout = (data: Buffer): Logout => decodeWhole(logout, data, 'logout');
export const encodeLogout = (value: Logout): Buffer => encodeWith(logout, value);
export const decodePlatformLogin = (data: Buffer): PlatformLogin => decodeWhole(platformLogin, data, 'platform login');
export const encodePlatformLogin = (login: PlatformLogin): Buffer => encodeWith(platformLogin, login);

/**
 * Decodes every unit, or only the types in `only` while checking the others' layout as it moves
 * past them (a report of 96 cells and 48 probes costs a fraction to check). A unit type without a
 * layout stops the decoding with UNKNOWN_UNIT (its length is unknowable).
 */
export function decodeRealtime(data: Buffer, only?: ReadonlySet<number>): Realtime {
  const r = reader(data);
  const sentAt = time.read(r, undefined, {});
  const units: RealtimeUnit[] = [];
  while (r.remaining > 0) {
    const type = r.u8('information type');
    if (!only || only.has(type)) units.push(readUnit(r, type));
    else skipUnit(r, type);
  }
  return { time: sentAt, units };
}

export function encodeRealtime(realtime: Realtime): Buffer {
  const w = writer();
  time.write(w, realtime.time, undefined, {});
  for (const unit of realtime.units) writeUnit(w, unit);
  return w.toBuffer();
}

/** The platform's answer data: the time of the answer (BYTE[6]). */
export const encodeTime = (value: string): Buffer => encodeWith(time, value);
export const decodeTime = (data: Buffer): string => decodeWhole(time, data, 'time');

/** Epoch ms of a BYTE[6] China time at `at` (already checked to be a date, as by the decoders). */
export function timeMs(bytes: Uint8Array, at = 0): number {
  return chinaTimeMs(2000 + bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3], bytes[at + 4], bytes[at + 5]);
}

/** China time now as the protocol writes it. */
export function chinaTime(ms = Date.now()): string {
  return formatChinaTime(ms);
}

export function commandName(command: number): string {
  return Object.entries(Command).find(([, id]) => id === command)?.[0] ?? `0x${command.toString(16).padStart(2, '0')}`;
}
