import { Jt809DecodeError, Jt809EncodeError } from './errors';

// JT/T 809 framing, written here because no maintained JavaScript codec exists: flags 0x5B/0x5D,
// a 22-byte header (30 in the 2019 edition, which appends the UTC time), the body (optionally
// XOR-enciphered), CRC-16/CCITT-FALSE over header and body, then escaping between the flags.

export type Jt809Edition = '2011' | '2019';

export const FRAME_HEAD = 0x5b;
export const FRAME_TAIL = 0x5d;
/** A frame larger than this (unescaped) is refused: the biggest legitimate one carries a photo. */
export const MAX_FRAME_LENGTH = 4 * 1024 * 1024;

export function headerLength(edition: Jt809Edition): number {
  return edition === '2019' ? 30 : 22;
}

/** The cipher's parameters (M1, IA1, IC1), agreed per superior platform. */
export interface Jt809CipherKeys {
  m1: number;
  ia1: number;
  ic1: number;
}

export interface Jt809Header {
  /** Whole frame, flags included, before escaping. */
  length: number;
  serial: number;
  msgId: number;
  /** The lower platform's access code (GNSS centre id). */
  centerId: number;
  version: [number, number, number];
  encrypted: boolean;
  encryptKey: number;
  /** 2019 edition: UTC seconds. */
  time?: number;
}

export interface Jt809Frame {
  header: Jt809Header;
  /** Deciphered body. */
  body: Buffer;
}

export interface EncodeFrameOptions {
  edition: Jt809Edition;
  msgId: number;
  serial: number;
  centerId: number;
  version?: [number, number, number];
  /** Enciphers the body with these keys and this seed (written in the header). */
  cipher?: Jt809CipherKeys & { key: number };
  /** 2019 edition: UTC seconds (default now). */
  time?: number;
}

/** The 2011 edition's version flag is 1.0.0; the 2019 edition's 1.2.15 (configurable per platform). */
export function defaultVersion(edition: Jt809Edition): [number, number, number] {
  return edition === '2019' ? [1, 2, 15] : [1, 0, 0];
}

const CRC_TABLE = new Uint16Array(256);
for (let i = 0; i < 256; i++) {
  let crc = i << 8;
  for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  CRC_TABLE[i] = crc;
}

/** CRC-16/CCITT-FALSE: polynomial 0x1021, initial 0xFFFF, no reflection, no final XOR. */
export function crc16(buf: Uint8Array, start = 0, end = buf.length): number {
  let crc = 0xffff;
  for (let i = start; i < end; i++) crc = ((crc << 8) & 0xffff) ^ CRC_TABLE[((crc >>> 8) ^ buf[i]) & 0xff];
  return crc;
}

/**
 * The standard's body cipher, in place: for each byte key = IA1 * (key mod M1) + IC1 (mod 2^32)
 * and the byte is XORed with bits 20-27 of the key. A zero seed or M1 counts as 1. Enciphering
 * and deciphering are the same operation. Math.imul keeps the product in 32 bits (a plain `*`
 * loses precision above 2^53).
 */
export function applyCipher(data: Uint8Array, keys: Jt809CipherKeys, seed: number, start = 0, end = data.length): void {
  let key = seed >>> 0 || 1;
  const m1 = keys.m1 >>> 0 || 1;
  for (let i = start; i < end; i++) {
    key = (Math.imul(keys.ia1 >>> 0, (key % m1) >>> 0) + (keys.ic1 >>> 0)) >>> 0;
    data[i] ^= (key >>> 20) & 0xff;
  }
}

/** Escapes everything between the flags: 5B→5A 01, 5A→5A 02, 5D→5E 01, 5E→5E 02. */
export function escape(raw: Uint8Array): Buffer {
  let extra = 0;
  for (const b of raw) if (b === 0x5b || b === 0x5a || b === 0x5d || b === 0x5e) extra++;
  const out = Buffer.allocUnsafe(raw.length + extra);
  let o = 0;
  for (const b of raw) {
    if (b === 0x5b || b === 0x5a) {
      out[o++] = 0x5a;
      out[o++] = b === 0x5b ? 0x01 : 0x02;
    } else if (b === 0x5d || b === 0x5e) {
      out[o++] = 0x5e;
      out[o++] = b === 0x5d ? 0x01 : 0x02;
    } else out[o++] = b;
  }
  return out;
}

/** Reverses {@link escape}; any other byte after 0x5A or 0x5E is an error. */
export function unescape(escaped: Uint8Array, start = 0, end = escaped.length): Buffer {
  const out = Buffer.allocUnsafe(end - start);
  let o = 0;
  for (let i = start; i < end; i++) {
    const b = escaped[i];
    if (b === 0x5a || b === 0x5e) {
      const next = escaped[++i];
      if (next === 0x01) out[o++] = b === 0x5a ? 0x5b : 0x5d;
      else if (next === 0x02) out[o++] = b;
      else throw new Jt809DecodeError('BAD_ESCAPE', `0x${b.toString(16)} followed by ${next === undefined ? 'the end' : `0x${next.toString(16)}`}`);
    } else if (b === FRAME_HEAD || b === FRAME_TAIL) {
      throw new Jt809DecodeError('BAD_ESCAPE', `unescaped 0x${b.toString(16)} inside a frame`);
    } else out[o++] = b;
  }
  return out.subarray(0, o);
}

/** One frame, flags included, ready to write to the socket. */
export function encodeFrame(options: EncodeFrameOptions, body: Uint8Array): Buffer {
  const h = headerLength(options.edition);
  const length = 1 + h + body.length + 2 + 1;
  if (length > MAX_FRAME_LENGTH) throw new Jt809EncodeError(`frame of ${length} bytes exceeds ${MAX_FRAME_LENGTH}`);
  const raw = Buffer.alloc(h + body.length + 2);
  raw.writeUInt32BE(length, 0);
  raw.writeUInt32BE(options.serial >>> 0, 4);
  raw.writeUInt16BE(options.msgId, 8);
  raw.writeUInt32BE(options.centerId >>> 0, 10);
  const [major, minor, build] = options.version ?? defaultVersion(options.edition);
  raw[14] = major;
  raw[15] = minor;
  raw[16] = build;
  raw[17] = options.cipher ? 1 : 0;
  raw.writeUInt32BE(options.cipher ? options.cipher.key >>> 0 : 0, 18);
  if (options.edition === '2019') raw.writeBigUInt64BE(BigInt(Math.floor(options.time ?? Date.now() / 1000)), 22);
  raw.set(body, h);
  if (options.cipher) applyCipher(raw, options.cipher, options.cipher.key, h, h + body.length);
  raw.writeUInt16BE(crc16(raw, 0, h + body.length), h + body.length);
  const escaped = escape(raw);
  const frame = Buffer.allocUnsafe(escaped.length + 2);
  frame[0] = FRAME_HEAD;
  escaped.copy(frame, 1);
  frame[frame.length - 1] = FRAME_TAIL;
  return frame;
}

/**
 * Decodes one frame (flags included): unescapes, checks the length field and the CRC, and
 * deciphers the body with `keys` when the header says it is enciphered.
 */
export function decodeFrame(frame: Uint8Array, edition: Jt809Edition, keys?: Jt809CipherKeys): Jt809Frame {
  if (frame[0] !== FRAME_HEAD || frame[frame.length - 1] !== FRAME_TAIL) throw new Jt809DecodeError('BAD_ESCAPE', 'a frame starts with 0x5B and ends with 0x5D');
  const raw = unescape(frame, 1, frame.length - 1);
  const h = headerLength(edition);
  if (raw.length < h + 2) throw new Jt809DecodeError('TRUNCATED', `${raw.length} bytes between the flags, a ${edition} header and CRC need ${h + 2}`);
  const length = raw.readUInt32BE(0);
  if (length !== raw.length + 2) throw new Jt809DecodeError('LENGTH_MISMATCH', `length field ${length}, frame ${raw.length + 2} bytes`);
  const bodyEnd = raw.length - 2;
  const expected = raw.readUInt16BE(bodyEnd);
  const actual = crc16(raw, 0, bodyEnd);
  if (expected !== actual) throw new Jt809DecodeError('CRC_MISMATCH', `CRC 0x${expected.toString(16)}, computed 0x${actual.toString(16)}`);
  const header: Jt809Header = {
    length,
    serial: raw.readUInt32BE(4),
    msgId: raw.readUInt16BE(8),
    centerId: raw.readUInt32BE(10),
    version: [raw[14], raw[15], raw[16]],
    encrypted: raw[17] === 1,
    encryptKey: raw.readUInt32BE(18),
    ...(edition === '2019' ? { time: Number(raw.readBigUInt64BE(22)) } : {}),
  };
  const body = Buffer.from(raw.subarray(h, bodyEnd));
  if (header.encrypted) {
    if (!keys) throw new Jt809DecodeError('ENCRYPTED_WITHOUT_KEY', `message 0x${header.msgId.toString(16)} is enciphered and no keys are configured`);
    applyCipher(body, keys, header.encryptKey);
  }
  return { header, body };
}
