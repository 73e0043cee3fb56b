// JT/T 1078-2016 table 19: the RTP-like packet a terminal streams audio and video in. Written here
// rather than taken from a library: no maintained npm package parses this layout (the RTP parsers
// expect the 12-byte RFC 3550 header, which this is not).

/** The 4 bytes every packet starts with. */
export const PACKET_MAGIC = 0x30316364;
/** Most body bytes one packet carries (table 19). */
export const MAX_BODY = 950;

/** Data type, the high nibble of byte 15. */
export const DataType = { I_FRAME: 0, P_FRAME: 1, B_FRAME: 2, AUDIO: 3, TRANSPARENT: 4 } as const;
/** Subpackage flag, the low nibble of byte 15. */
export const Subpackage = { ATOMIC: 0, FIRST: 1, LAST: 2, MIDDLE: 3 } as const;

/** Payload types of table 12 that the platform meets most (the PT field). */
export const PayloadType = { G711A: 6, G711U: 7, G726: 8, AAC: 19, H264: 98, H265: 99, AVS: 100, SVAC: 101 } as const;

export interface Jt1078Packet {
  /** M: the last packet of a frame. */
  marker: boolean;
  payloadType: number;
  serial: number;
  /** The SIM number as its BCD digits (12, or 20 where the terminal uses BCD[10]). */
  sim: string;
  channel: number;
  dataType: number;
  subpackage: number;
  /** ms; absent (0) for transparent data. */
  timestamp: number;
  /** ms since the last I frame and since the last frame; video only (0 otherwise). */
  lastIFrameInterval: number;
  lastFrameInterval: number;
  body: Buffer;
}

export class Jt1078DecodeError extends Error {}

const isVideo = (dataType: number) => dataType <= DataType.B_FRAME;

/** Header bytes before the body for this data type and SIM width. */
export function headerLength(dataType: number, simBytes: 6 | 10): number {
  return 4 + 1 + 1 + 2 + simBytes + 1 + 1 + (dataType === DataType.TRANSPARENT ? 0 : 8) + (isVideo(dataType) ? 4 : 0) + 2;
}

/**
 * The packet at `offset` if `buf` holds all of it: its length, or 0 when more bytes are needed.
 * Throws Jt1078DecodeError when the bytes there cannot be a packet (no magic, a data type or
 * subpackage flag out of range, a body over 950 bytes).
 */
export function packetLength(buf: Buffer, offset: number, simBytes: 6 | 10): number {
  if (buf.length - offset < 10 + simBytes) return 0;
  if (buf.readUInt32BE(offset) !== PACKET_MAGIC) throw new Jt1078DecodeError('no 30 31 63 64 at the packet start');
  const typeByte = buf[offset + 9 + simBytes];
  const dataType = typeByte >> 4;
  if (dataType > DataType.TRANSPARENT || (typeByte & 0x0f) > Subpackage.MIDDLE) throw new Jt1078DecodeError(`data type byte ${typeByte.toString(16)} out of range`);
  const header = headerLength(dataType, simBytes);
  if (buf.length - offset < header) return 0;
  const bodyLength = buf.readUInt16BE(offset + header - 2);
  if (bodyLength > MAX_BODY) throw new Jt1078DecodeError(`body of ${bodyLength} bytes (at most ${MAX_BODY})`);
  return buf.length - offset < header + bodyLength ? 0 : header + bodyLength;
}

/** Decodes one whole packet (as packetLength measured it); the body is a view of `buf`. */
export function decodePacket(buf: Buffer, simBytes: 6 | 10 = 6): Jt1078Packet {
  const length = packetLength(buf, 0, simBytes);
  if (!length) throw new Jt1078DecodeError('truncated packet');
  const simEnd = 8 + simBytes;
  const typeByte = buf[simEnd + 1];
  const dataType = typeByte >> 4;
  let pos = simEnd + 2;
  let timestamp = 0;
  if (dataType !== DataType.TRANSPARENT) {
    timestamp = Number(buf.readBigUInt64BE(pos));
    pos += 8;
  }
  let lastIFrameInterval = 0;
  let lastFrameInterval = 0;
  if (isVideo(dataType)) {
    lastIFrameInterval = buf.readUInt16BE(pos);
    lastFrameInterval = buf.readUInt16BE(pos + 2);
    pos += 4;
  }
  const bodyLength = buf.readUInt16BE(pos);
  pos += 2;
  return {
    marker: (buf[5] & 0x80) !== 0,
    payloadType: buf[5] & 0x7f,
    serial: buf.readUInt16BE(6),
    sim: buf.subarray(8, simEnd).toString('hex'),
    channel: buf[simEnd],
    dataType,
    subpackage: typeByte & 0x0f,
    timestamp,
    lastIFrameInterval,
    lastFrameInterval,
    body: buf.subarray(pos, pos + bodyLength),
  };
}

/** Encodes a packet (the simulator's side, and tests); the SIM's digit count picks BCD[6] or BCD[10]. */
export function encodePacket(packet: Jt1078Packet): Buffer {
  if (!/^(\d{12}|\d{20})$/.test(packet.sim)) throw new Error(`SIM must be 12 or 20 digits: ${packet.sim}`);
  if (packet.body.length > MAX_BODY) throw new Error(`body of ${packet.body.length} bytes (at most ${MAX_BODY})`);
  const simBytes = packet.sim.length === 12 ? 6 : 10;
  const header = headerLength(packet.dataType, simBytes);
  const out = Buffer.alloc(header + packet.body.length);
  out.writeUInt32BE(PACKET_MAGIC, 0);
  out[4] = 0x81; // V=2, P=0, X=0, CC=1
  out[5] = (packet.marker ? 0x80 : 0) | (packet.payloadType & 0x7f);
  out.writeUInt16BE(packet.serial & 0xffff, 6);
  Buffer.from(packet.sim, 'hex').copy(out, 8);
  out[8 + simBytes] = packet.channel;
  out[9 + simBytes] = (packet.dataType << 4) | packet.subpackage;
  let pos = 10 + simBytes;
  if (packet.dataType !== DataType.TRANSPARENT) {
    out.writeBigUInt64BE(BigInt(packet.timestamp), pos);
    pos += 8;
  }
  if (isVideo(packet.dataType)) {
    out.writeUInt16BE(packet.lastIFrameInterval, pos);
    out.writeUInt16BE(packet.lastFrameInterval, pos + 2);
    pos += 4;
  }
  out.writeUInt16BE(packet.body.length, pos);
  packet.body.copy(out, pos + 2);
  return out;
}
