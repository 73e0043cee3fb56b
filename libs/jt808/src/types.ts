/** Protocol edition of a message. 2019 is flagged in the header; 2011 and 2013 are told apart by body layout. */
export type Jt808Version = '2011' | '2013' | '2019';

export interface Jt808Subpackage {
  total: number;
  index: number;
}

/** One JT/T 808 message: header fields plus a typed body (or `{ hex }` for unknown ids and subpackage fragments). */
export interface Jt808Message<B = unknown> {
  msgId: number;
  version: Jt808Version;
  phone: string;
  serial: number;
  body: B;
  subpackage?: Jt808Subpackage;
  /** Encryption bits 10-12 of the message properties (1 = RSA). Absent when 0. */
  encryption?: number;
  /** 2019 protocol version byte; absent means 1. */
  protocolVersion?: number;
  /** Reserved bit 15 of the message properties, kept so that re-encoding is byte-exact. */
  reservedBit?: boolean;
}

/** Body of unknown message ids and of subpackage fragments: the body bytes in hex. */
export interface RawBody {
  hex: string;
}

export interface Jt808DecodeOptions {
  /** Offset of BCD times from UTC, in minutes. Default 480 (UTC+8, as the standard says). */
  timeZoneOffsetMinutes?: number;
  /** Decrypts RSA-flagged bodies; without it such frames fail with UNSUPPORTED_ENCRYPTION. */
  decrypt?: (body: Buffer, encryption: number) => Buffer;
}

export interface Jt808EncodeOptions {
  timeZoneOffsetMinutes?: number;
  /** Encrypts the body of messages whose `encryption` is set. */
  encrypt?: (body: Buffer, encryption: number) => Buffer;
}

/** What body codecs see while decoding or encoding. */
export interface CodecContext {
  version: Jt808Version;
  timeZoneOffsetMinutes: number;
}
