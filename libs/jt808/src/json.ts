import { Jt808DecodeError, Jt808EncodeError } from './errors';
import { decodeFrame, encodeFrame } from './frame';
import { getCodec } from './registry';
import type {
  CodecContext,
  Jt808DecodeOptions,
  Jt808EncodeOptions,
  Jt808Message,
  Jt808Version,
} from './types';

/** Operator-facing JSON of a message (what the CLI prints). */
export interface Jt808Json {
  msgId: string;
  name?: string;
  version: Jt808Version;
  phone: string;
  serial: number;
  subpackage?: { total: number; index: number };
  encryption?: number;
  protocolVersion?: number;
  reservedBit?: boolean;
  body: unknown;
}

function hex4(n: number): string {
  return '0x' + n.toString(16).padStart(4, '0').toUpperCase();
}

/** Message -> JSON with `msgId` as "0x0200", ISO times with offset, units in names. */
export function messageToJson(msg: Jt808Message, options?: { timeZoneOffsetMinutes?: number }): Jt808Json {
  const codec = msg.subpackage ? undefined : getCodec(msg.msgId);
  const ctx: CodecContext = {
    version: msg.version,
    timeZoneOffsetMinutes: options?.timeZoneOffsetMinutes ?? 480,
  };
  const json: Jt808Json = {
    msgId: hex4(msg.msgId),
    name: codec?.name,
    version: msg.version,
    phone: msg.phone,
    serial: msg.serial,
    body: codec?.toJson ? codec.toJson(msg.body, ctx) : msg.body,
  };
  if (msg.subpackage) json.subpackage = msg.subpackage;
  if (msg.encryption) json.encryption = msg.encryption;
  if (msg.protocolVersion !== undefined) json.protocolVersion = msg.protocolVersion;
  if (msg.reservedBit) json.reservedBit = true;
  return json;
}

/** The reverse of {@link messageToJson}; `name` and decoded names (alarmNames...) are ignored. */
export function messageFromJson(json: unknown, options?: { timeZoneOffsetMinutes?: number }): Jt808Message {
  if (typeof json !== 'object' || json === null) throw new Jt808EncodeError('message JSON must be an object');
  const j = json as Partial<Jt808Json> & { msgId?: string | number };
  const msgId =
    typeof j.msgId === 'number'
      ? j.msgId
      : parseInt(String(j.msgId), String(j.msgId).startsWith('0x') ? 16 : 10);
  if (!Number.isInteger(msgId) || msgId < 0 || msgId > 0xffff)
    throw new Jt808EncodeError(`bad msgId ${String(j.msgId)}`);
  const version = j.version ?? '2013';
  if (version !== '2011' && version !== '2013' && version !== '2019')
    throw new Jt808EncodeError(`bad version ${String(version)}`);
  const codec = j.subpackage ? undefined : getCodec(msgId);
  const ctx: CodecContext = { version, timeZoneOffsetMinutes: options?.timeZoneOffsetMinutes ?? 480 };
  return {
    msgId,
    version,
    phone: String(j.phone ?? ''),
    serial: Number(j.serial ?? 0),
    body: codec?.fromJson ? codec.fromJson(j.body ?? {}, ctx) : (j.body ?? {}),
    subpackage: j.subpackage,
    encryption: j.encryption,
    protocolVersion: j.protocolVersion,
    reservedBit: j.reservedBit,
  };
}

/** Error JSON for operators: `{ error: { code, message, hex } }`. */
export function errorToJson(e: unknown, hex = ''): { error: { code: string; message: string; hex: string } } {
  if (e instanceof Jt808DecodeError)
    return { error: { code: e.code, message: e.message, hex: e.hex || hex } };
  if (e instanceof Jt808EncodeError) return { error: { code: 'ENCODE_ERROR', message: e.message, hex } };
  return { error: { code: 'BAD_INPUT', message: e instanceof Error ? e.message : String(e), hex } };
}

/** Parses operator hex (spaces, colons and a 0x prefix allowed). */
export function parseHex(text: string): Buffer {
  const clean = text.replace(/^0x/i, '').replace(/[\s:,-]/g, '');
  if (clean.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(clean)) {
    throw new Jt808DecodeError('BAD_FIELD', 'input is not an even-length hex string', clean);
  }
  return Buffer.from(clean, 'hex');
}

/** hex frame -> JSON message (CLI `decode`). */
export function decodeHexToJson(hex: string, options?: Jt808DecodeOptions): Jt808Json {
  return messageToJson(decodeFrame(parseHex(hex), options), options);
}

/** JSON message -> hex frame (CLI `encode`). */
export function encodeJsonToHex(json: unknown, options?: Jt808EncodeOptions): string {
  return encodeFrame(messageFromJson(json, options), options).toString('hex');
}
