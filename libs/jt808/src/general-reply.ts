import { writer } from './codec/writer';
import { Jt808EncodeError } from './errors';
import { ESCAPE, FLAG } from './framing/escape';
import type { Jt808Version } from './types';

const PROP_VERSION = 0x4000;
/** 0x8001 body: reply serial WORD, reply id WORD, result BYTE (JT/T 808-2013 8.1/8.2). */
const BODY_LENGTH = 5;

/**
 * 0x8001 (platform general reply) frames for one terminal header (version and phone), built by
 * patching a prepared header: a gateway sends one for every acknowledged frame, and the generic
 * {@link encodeFrame} walks the message schema and allocates three buffers each time. The bytes are
 * the same as `encodeFrame` gives (general-reply.spec.ts checks both editions and escaping):
 * `7E | 8001 | props (length 5, bit 14 in 2019) | [protocol version 1] | phone BCD 6 (10 in 2019)
 * | serial | reply serial | reply id | result | XOR | 7E`, with 0x7E -> 7D 02 and 0x7D -> 7D 01.
 */
export class GeneralReplyEncoder {
  /** Leading flag and the escaped constant header (message id, properties, [version], phone). */
  private readonly prefix: Uint8Array;
  /** XOR of the constant header bytes. */
  private readonly prefixXor: number;

  constructor(
    readonly version: Jt808Version,
    readonly phone: string,
  ) {
    if (version !== '2011' && version !== '2013' && version !== '2019') throw new Jt808EncodeError(`unknown version ${String(version)}`);
    const is2019 = version === '2019';
    const w = writer(16);
    w.u16(0x8001);
    w.u16(BODY_LENGTH | (is2019 ? PROP_VERSION : 0));
    // The protocol version encodeFrame writes by default.
    if (is2019) w.u8(1);
    w.hex(phone, is2019 ? 10 : 6, 'phone');
    const header = w.buf.subarray(0, w.pos);
    const prefix: number[] = [FLAG];
    let xor = 0;
    for (const b of header) {
      xor ^= b;
      pushEscaped(prefix, b);
    }
    this.prefix = Uint8Array.from(prefix);
    this.prefixXor = xor;
  }

  /** The escaped wire frame, flags included. */
  encode(serial: number, replySerial: number, replyId: number, result: number): Buffer {
    word(serial, 'serial');
    word(replySerial, 'replySerial');
    word(replyId, 'replyId');
    if ((result & 0xff) !== result) throw new Jt808EncodeError(`result must be a BYTE, got ${result}`);
    const s0 = serial >>> 8;
    const s1 = serial & 0xff;
    const r0 = replySerial >>> 8;
    const r1 = replySerial & 0xff;
    const i0 = replyId >>> 8;
    const i1 = replyId & 0xff;
    const check = this.prefixXor ^ s0 ^ s1 ^ r0 ^ r1 ^ i0 ^ i1 ^ result;
    const extra = escapes(s0) + escapes(s1) + escapes(r0) + escapes(r1) + escapes(i0) + escapes(i1) + escapes(result) + escapes(check);
    const { prefix } = this;
    const out = Buffer.allocUnsafe(prefix.length + 8 + extra + 1);
    let n = 0;
    for (; n < prefix.length; n++) out[n] = prefix[n]!;
    n = put(out, n, s0);
    n = put(out, n, s1);
    n = put(out, n, r0);
    n = put(out, n, r1);
    n = put(out, n, i0);
    n = put(out, n, i1);
    n = put(out, n, result);
    n = put(out, n, check);
    out[n] = FLAG;
    return out;
  }
}

function word(value: number, what: string): void {
  if ((value & 0xffff) !== value) throw new Jt808EncodeError(`${what} must be a WORD, got ${value}`);
}

function escapes(b: number): number {
  return b === FLAG || b === ESCAPE ? 1 : 0;
}

function put(out: Buffer, n: number, b: number): number {
  if (b === FLAG) {
    out[n] = ESCAPE;
    out[n + 1] = 0x02;
    return n + 2;
  }
  if (b === ESCAPE) {
    out[n] = ESCAPE;
    out[n + 1] = 0x01;
    return n + 2;
  }
  out[n] = b;
  return n + 1;
}

function pushEscaped(out: number[], b: number): void {
  if (b === FLAG) out.push(ESCAPE, 0x02);
  else if (b === ESCAPE) out.push(ESCAPE, 0x01);
  else out.push(b);
}
