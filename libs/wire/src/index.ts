// Values are exported as plain properties, not `export ... from` re-exports: CommonJS output turns
// those into getters, and a getter on every `new Reader()` or `hexOf()` cost the 808 decoder ~10%.
import * as errors from './errors';
import * as reader from './reader';
import * as schema from './schema';
import * as text from './text';
import * as writer from './writer';

export type { CodecErrors, WireErrorCode } from './errors';
export type { FieldSpec, FieldType, LengthWidth, ListOptions, Obj } from './schema';

export const WireError = errors.WireError;
export type WireError = errors.WireError;
export const WIRE_ERRORS = errors.WIRE_ERRORS;
export const Reader = reader.Reader;
export type Reader = reader.Reader;
export const Writer = writer.Writer;
export type Writer = writer.Writer;
export const { decodeGbk, encodeGbk, hexOf } = text;
export const {
  f,
  skipField,
  u8,
  u16,
  u32,
  u64,
  bcd,
  hexFixed,
  hexRest,
  bytesFixed,
  bytesRest,
  gbkFixed,
  gbkRest,
  latin1Fixed,
  gbkLen,
  hexLen,
  bytesLen,
  lengthOf,
  bytesOf,
  list,
  listRest,
  mapped,
  withDefault,
  struct,
} = schema;
