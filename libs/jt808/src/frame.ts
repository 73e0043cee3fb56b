import { hexOf, reader } from './codec/reader';
import { writer, type Writer } from './codec/writer';
import { Jt808DecodeError, Jt808EncodeError } from './errors';
import {
  escapeFrame,
  FLAG,
  MAX_BODY_LENGTH,
  MAX_ESCAPED_FRAME_LENGTH,
  MAX_UNESCAPED_LENGTH,
  MIN_HEADER_LENGTH,
  unescapeInto,
  xorChecksum,
} from './framing/escape';
import { getCodec } from './registry';
import type {
  CodecContext,
  Jt808DecodeOptions,
  Jt808EncodeOptions,
  Jt808Message,
  Jt808Version,
  RawBody,
} from './types';

const DEFAULT_OFFSET = 480;
const PROP_LENGTH = 0x03ff;
const PROP_SUBPACKAGE = 0x2000;
const PROP_VERSION = 0x4000;
const PROP_RESERVED = 0x8000;

// One scratch buffer per process: decoded values never point into it (numbers, strings, copies).
const scratch = Buffer.allocUnsafe(MAX_UNESCAPED_LENGTH + 1);

function fail(code: Jt808DecodeError['code'], message: string): never {
  throw new Jt808DecodeError(code, message);
}

/**
 * Decodes one frame: the wire bytes with or without the 0x7E flags.
 * Throws {@link Jt808DecodeError} (with the frame hex) for anything malformed; unknown message ids
 * and subpackage fragments decode to `{ hex }` bodies.
 */
export function decodeFrame(input: Uint8Array, options?: Jt808DecodeOptions): Jt808Message {
  try {
    return decodeUnchecked(input, options);
  } catch (e) {
    if (e instanceof Jt808DecodeError && e.hex === '') e.hex = hexOf(input, 0, input.length);
    throw e;
  }
}

function decodeUnchecked(input: Uint8Array, options: Jt808DecodeOptions | undefined): Jt808Message {
  let start = 0;
  let end = input.length;
  if (end > 0 && input[0] === FLAG) start = 1;
  if (end > start && input[end - 1] === FLAG) end--;
  if (end - start + 2 > MAX_ESCAPED_FRAME_LENGTH)
    fail('FRAME_TOO_LARGE', `frame of ${end - start} bytes exceeds ${MAX_ESCAPED_FRAME_LENGTH}`);
  const n = unescapeInto(input, start, end, scratch);
  if (n > MAX_UNESCAPED_LENGTH)
    fail('FRAME_TOO_LARGE', `unescaped frame of ${n} bytes exceeds ${MAX_UNESCAPED_LENGTH}`);
  if (n < MIN_HEADER_LENGTH + 1)
    fail('TRUNCATED', `frame of ${n} bytes is shorter than the smallest header plus checksum`);
  const b = scratch;
  const sum = xorChecksum(b, 0, n - 1);
  if (sum !== b[n - 1])
    fail(
      'CHECKSUM_MISMATCH',
      `checksum 0x${b[n - 1].toString(16)} but content XORs to 0x${sum.toString(16)}`,
    );

  const msgId = (b[0] << 8) | b[1];
  const props = (b[2] << 8) | b[3];
  const bodyLength = props & PROP_LENGTH;
  const encryption = (props >> 10) & 7;
  const is2019 = (props & PROP_VERSION) !== 0;
  let p: number;
  let phone: string;
  let protocolVersion: number | undefined;
  if (is2019) {
    if (n - 1 < 17) fail('TRUNCATED', 'frame shorter than a 2019 header');
    protocolVersion = b[4];
    phone = hexOf(b, 5, 15);
    p = 15;
  } else {
    phone = hexOf(b, 4, 10);
    p = 10;
  }
  const serial = (b[p] << 8) | b[p + 1];
  p += 2;
  let subpackage: Jt808Message['subpackage'];
  if (props & PROP_SUBPACKAGE) {
    if (p + 4 > n - 1) fail('TRUNCATED', 'frame ends inside the subpackage fields');
    const total = (b[p] << 8) | b[p + 1];
    const index = (b[p + 2] << 8) | b[p + 3];
    if (total === 0 || index === 0 || index > total)
      fail('BAD_FIELD', `subpackage index ${index} of ${total}`);
    subpackage = { total, index };
    p += 4;
  }
  const bodyEnd = n - 1;
  if (bodyEnd - p !== bodyLength)
    fail('LENGTH_MISMATCH', `header says body is ${bodyLength} bytes, frame carries ${bodyEnd - p}`);

  let bodyBuf: Buffer = b;
  let bodyStart = p;
  let bodyStop = bodyEnd;
  if (encryption !== 0) {
    if (!(encryption & 1) || !options?.decrypt)
      fail('UNSUPPORTED_ENCRYPTION', `encryption bits ${encryption} and no decrypt hook configured`);
    bodyBuf = options.decrypt(Buffer.from(b.subarray(p, bodyEnd)), encryption);
    bodyStart = 0;
    bodyStop = bodyBuf.length;
  }

  const codec = subpackage ? undefined : getCodec(msgId);
  const version: Jt808Version = is2019 ? '2019' : (codec?.detect?.(bodyBuf, bodyStart, bodyStop) ?? '2013');
  let body: unknown;
  if (codec === undefined) {
    body = { hex: hexOf(bodyBuf, bodyStart, bodyStop) } satisfies RawBody;
  } else {
    const ctx: CodecContext = {
      version,
      timeZoneOffsetMinutes: options?.timeZoneOffsetMinutes ?? DEFAULT_OFFSET,
    };
    const r = reader(bodyBuf, bodyStart, bodyStop);
    body = codec.decode(r, ctx);
    if (r.pos !== bodyStop)
      fail('BAD_FIELD', `${bodyStop - r.pos} unexpected bytes after the ${codec.name} body`);
  }
  return {
    msgId,
    version,
    phone,
    serial,
    body,
    subpackage,
    encryption: encryption === 0 ? undefined : encryption,
    protocolVersion: is2019 && protocolVersion !== 1 ? protocolVersion : undefined,
    reservedBit: props & PROP_RESERVED ? true : undefined,
  };
}

/**
 * Decodes a body on its own, e.g. after reassembling subpackages. `bytes` is the (unencrypted) body.
 */
export function decodeBody(
  msgId: number,
  bytes: Uint8Array,
  version: Jt808Version,
  options?: Jt808DecodeOptions,
): unknown {
  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const codec = getCodec(msgId);
  try {
    if (codec === undefined) return { hex: hexOf(buf, 0, buf.length) } satisfies RawBody;
    const r = reader(buf, 0, buf.length);
    const body = codec.decode(r, {
      version,
      timeZoneOffsetMinutes: options?.timeZoneOffsetMinutes ?? DEFAULT_OFFSET,
    });
    if (r.pos !== r.end) fail('BAD_FIELD', `${r.end - r.pos} unexpected bytes after the ${codec.name} body`);
    return body;
  } catch (e) {
    if (e instanceof Jt808DecodeError && e.hex === '') e.hex = hexOf(buf, 0, buf.length);
    throw e;
  }
}

const bodyWriter = writer(2048);
const frameWriter = writer(2048);

function writeBody(
  w: Writer,
  msg: Pick<Jt808Message, 'msgId' | 'version' | 'body' | 'subpackage'>,
  options?: Jt808EncodeOptions,
): void {
  const codec = msg.subpackage ? undefined : getCodec(msg.msgId);
  if (codec === undefined) {
    const raw = msg.body as RawBody | undefined;
    if (typeof raw?.hex !== 'string')
      throw new Jt808EncodeError(
        `0x${msg.msgId.toString(16)}: body must be { hex } (no codec, or a subpackage fragment)`,
      );
    w.hex(raw.hex, undefined, 'body hex');
    return;
  }
  codec.encode(w, msg.body, {
    version: msg.version,
    timeZoneOffsetMinutes: options?.timeZoneOffsetMinutes ?? DEFAULT_OFFSET,
  });
}

/** Encodes a body on its own (for instance before splitting it into subpackages). */
export function encodeBody(
  msgId: number,
  body: unknown,
  version: Jt808Version,
  options?: Jt808EncodeOptions,
): Buffer {
  const w = writer(256);
  writeBody(w, { msgId, version, body }, options);
  return w.toBuffer();
}

/** Encodes a message into a wire frame, flags and escaping included. Throws {@link Jt808EncodeError}. */
export function encodeFrame(msg: Jt808Message, options?: Jt808EncodeOptions): Buffer {
  if (msg.version !== '2011' && msg.version !== '2013' && msg.version !== '2019')
    throw new Jt808EncodeError(`unknown version ${String(msg.version)}`);
  const bw = bodyWriter.reset();
  writeBody(bw, msg, options);
  let body: Buffer = bw.buf.subarray(0, bw.pos);
  const encryption = msg.encryption ?? 0;
  if (encryption !== 0) {
    if (!options?.encrypt)
      throw new Jt808EncodeError('message has encryption bits set but no encrypt hook was given');
    body = options.encrypt(Buffer.from(body), encryption);
  }
  if (body.length > MAX_BODY_LENGTH)
    throw new Jt808EncodeError(
      `body of ${body.length} bytes exceeds ${MAX_BODY_LENGTH}: split it into subpackages`,
    );

  const w = frameWriter.reset();
  const is2019 = msg.version === '2019';
  let props = body.length | ((encryption & 7) << 10);
  if (msg.subpackage) props |= PROP_SUBPACKAGE;
  if (is2019) props |= PROP_VERSION;
  if (msg.reservedBit) props |= PROP_RESERVED;
  w.u16(msg.msgId, 'msgId');
  w.u16(props);
  if (is2019) w.u8(msg.protocolVersion ?? 1, 'protocolVersion');
  w.hex(msg.phone, is2019 ? 10 : 6, 'phone');
  w.u16(msg.serial, 'serial');
  if (msg.subpackage) {
    w.u16(msg.subpackage.total, 'subpackage total');
    w.u16(msg.subpackage.index, 'subpackage index');
  }
  w.raw(body);
  w.u8(xorChecksum(w.buf, 0, w.pos));
  return escapeFrame(w.buf, 0, w.pos);
}
