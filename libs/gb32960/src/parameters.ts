import { VEHICLE_PARAMETERS, type VehicleParameterDef } from '@openfleet/contracts';
import type { Reader, Writer } from '@openfleet/wire';
import { Gb32960DecodeError, Gb32960EncodeError } from './errors';
import { reader, time, writer } from './values';

// Platform-to-vehicle commands of GB/T 32960.3-2016: 0x80 parameter query (§7.5), 0x81 parameter
// set (§7.6), 0x82 terminal control (§7.7). The vehicle answers each with the same command and the
// response flag 0x01 (success) or 0x02 (error); a query's answer carries the values.

export const ParameterCommand = { QUERY: 0x80, SET: 0x81, CONTROL: 0x82 } as const;

/** One parameter of table 34: the layout lives in @openfleet/contracts, shared with the console. */
export type ParameterDef = VehicleParameterDef;

const BY_ID = new Map(VEHICLE_PARAMETERS.map((def) => [def.id, def]));
export const parameterDef = (id: number): ParameterDef | undefined => BY_ID.get(id);

/** A parameter's value: a number (BYTE/WORD) or text (domains, versions). */
export interface VehicleParameter {
  id: number;
  value: number | string;
}

/** 0x80 query: the time and the ids asked for (1-252). */
export interface ParameterQuery {
  time: string;
  ids: number[];
}

/** 0x81 set, and the answer to a 0x80 query: the time and id/value items. */
export interface ParameterList {
  time: string;
  parameters: VehicleParameter[];
}

/** 0x82 command ids (table 36). */
export const ControlCommand = { UPGRADE: 0x01, SHUTDOWN: 0x02, RESET: 0x03, FACTORY_RESET: 0x04, DISCONNECT: 0x05, ALARM: 0x06, SAMPLING_LINK: 0x07 } as const;

/** 0x82 terminal control: the time, the command id and its parameter (0x06: alarm level and text; 0x01: the ";"-joined upgrade fields). */
export interface TerminalControl {
  time: string;
  command: number;
  /** 0x06: 0-3, the alarm level of table 14 (0 none ... 3 the highest). */
  alarmLevel?: number;
  /** 0x06: the warning text (GBK). 0x01: the upgrade fields as the standard joins them. */
  text?: string;
}

const MAX_ITEMS = 252;

function checkCount(count: number, what: string): void {
  if (count < 1 || count > MAX_ITEMS) throw new Gb32960EncodeError(`${what}: ${count} items, the standard allows 1-${MAX_ITEMS}`);
}

export function encodeParameterQuery(query: ParameterQuery): Buffer {
  checkCount(query.ids.length, 'parameter query');
  const w = writer();
  time.write(w, query.time, undefined, {});
  w.u8(query.ids.length, 'parameter count');
  for (const id of query.ids) {
    // A length BYTE is answered with its text; asking for the text alone is enough, but both are allowed.
    if (!BY_ID.has(id) && !(id >= 0x80 && id <= 0xfe)) throw new Gb32960EncodeError(`parameter id 0x${id.toString(16)} is reserved`);
    w.u8(id, 'parameter id');
  }
  return w.toBuffer();
}

export function decodeParameterQuery(data: Buffer): ParameterQuery {
  const r = reader(data);
  const sentAt = time.read(r, undefined, {});
  const count = r.u8('parameter count');
  const ids = Array.from({ length: count }, () => r.u8('parameter id'));
  if (r.remaining) throw new Gb32960DecodeError('LENGTH_MISMATCH', `parameter query: ${r.remaining} bytes after the ids`);
  return { time: sentAt, ids };
}

/**
 * 0x81 set (and a query's answer): each text parameter goes with its length BYTE just before it
 * (0x04 before 0x05, 0x0D before 0x0E), counted as an item as the standard counts it; a length
 * given by the caller is ignored and written from the text.
 */
export function encodeParameterList(list: ParameterList): Buffer {
  const items = list.parameters.filter((item) => BY_ID.get(item.id)?.kind !== 'length');
  const w = writer();
  time.write(w, list.time, undefined, {});
  const countAt = w.skip(1);
  let count = 0;
  for (const item of items) {
    const def = BY_ID.get(item.id);
    if (!def) throw new Gb32960EncodeError(`parameter 0x${item.id.toString(16)} has no layout in table 34 (user-defined ids are not encoded)`);
    count += writeParameter(w, def, item.value);
  }
  checkCount(count, 'parameter list');
  w.patchU8(countAt, count, 'parameter count');
  return w.toBuffer();
}

function writeParameter(w: Writer, def: ParameterDef, value: number | string): number {
  if (def.kind === 'u8' || def.kind === 'u16') {
    const n = Number(value);
    if (!Number.isInteger(n) || n < (def.min ?? 0) || n > (def.max ?? (def.kind === 'u8' ? 0xff : 0xffff))) throw new Gb32960EncodeError(`${def.key} must be an integer in ${def.min}-${def.max}, got ${value}`);
    w.u8(def.id, 'parameter id');
    if (def.kind === 'u8') w.u8(n, def.key);
    else w.u16(n, def.key);
    return 1;
  }
  const text = String(value);
  if (!/^[\x20-\x7e]*$/.test(text)) throw new Gb32960EncodeError(`${def.key} must be ASCII`);
  if (def.kind === 'version') {
    if (text.length !== 5) throw new Gb32960EncodeError(`${def.key} is STRING[5], got "${text}"`);
    w.u8(def.id, 'parameter id');
    w.latin1Fixed(text, 5, def.key);
    return 1;
  }
  if (!text.length || text.length > 0xff) throw new Gb32960EncodeError(`${def.key} must be 1-255 characters`);
  w.u8(def.lengthId!, 'parameter id');
  w.u8(text.length, `${def.key} length`);
  w.u8(def.id, 'parameter id');
  w.latin1Fixed(text, text.length, def.key);
  return 2;
}

/**
 * Decodes a 0x81 set or a 0x80 answer. A text's length comes from its length item earlier in the
 * list; length items are kept in the list as numbers. A user-defined or reserved id stops the
 * decoding (its length is unknowable) with BAD_FIELD.
 */
export function decodeParameterList(data: Buffer): ParameterList {
  const r = reader(data);
  const sentAt = time.read(r, undefined, {});
  const count = r.u8('parameter count');
  const lengths = new Map<number, number>();
  const parameters: VehicleParameter[] = [];
  for (let i = 0; i < count; i++) {
    const id = r.u8('parameter id');
    const def = BY_ID.get(id);
    if (!def) throw new Gb32960DecodeError('BAD_FIELD', `parameter 0x${id.toString(16)} has no layout in table 34`);
    parameters.push({ id, value: readParameter(r, def, lengths) });
    if (def.kind === 'length') lengths.set(id, parameters.at(-1)!.value as number);
  }
  if (r.remaining) throw new Gb32960DecodeError('LENGTH_MISMATCH', `parameter list: ${r.remaining} bytes after ${count} items`);
  return { time: sentAt, parameters };
}

function readParameter(r: Reader, def: ParameterDef, lengths: Map<number, number>): number | string {
  switch (def.kind) {
    case 'u8':
    case 'length':
      return r.u8(def.key);
    case 'u16':
      return r.u16(def.key);
    case 'version':
      return r.latin1Fixed(5, def.key);
    case 'text': {
      const length = lengths.get(def.lengthId!);
      if (length === undefined) throw new Gb32960DecodeError('BAD_FIELD', `${def.key} without its length item 0x${def.lengthId!.toString(16)} before it`);
      return r.latin1Fixed(length, def.key);
    }
  }
}

export function encodeTerminalControl(control: TerminalControl): Buffer {
  if (!Object.values(ControlCommand).includes(control.command as never)) throw new Gb32960EncodeError(`control command 0x${control.command.toString(16)} is not one of table 36`);
  const w = writer();
  time.write(w, control.time, undefined, {});
  w.u8(control.command, 'control command');
  if (control.command === ControlCommand.ALARM) {
    const level = control.alarmLevel ?? 0;
    if (!Number.isInteger(level) || level < 0 || level > 3) throw new Gb32960EncodeError(`alarm level must be 0-3, got ${level}`);
    w.u8(level, 'alarm level');
    w.gbk(control.text ?? '');
  } else if (control.command === ControlCommand.UPGRADE) {
    if (!control.text) throw new Gb32960EncodeError('an upgrade needs its fields');
    w.gbk(control.text);
  }
  return w.toBuffer();
}

export function decodeTerminalControl(data: Buffer): TerminalControl {
  const r = reader(data);
  const sentAt = time.read(r, undefined, {});
  const command = r.u8('control command');
  if (command === ControlCommand.ALARM) return { time: sentAt, command, alarmLevel: r.u8('alarm level'), text: r.gbk(r.remaining) };
  if (command === ControlCommand.UPGRADE) return { time: sentAt, command, text: r.gbk(r.remaining) };
  if (r.remaining) throw new Gb32960DecodeError('LENGTH_MISMATCH', `control 0x${command.toString(16)}: ${r.remaining} bytes after the command`);
  return { time: sentAt, command };
}
