import * as wire from '@openfleet/wire';
import type { CodecErrors } from '@openfleet/wire';
import { Jt808DecodeError, Jt808EncodeError } from '../errors';

// Plain values, not `export ... from` (a getter per call in CommonJS, on the per-frame path).
export const hexOf = wire.hexOf;
export const Reader = wire.Reader;
export type Reader = wire.Reader;

/** JT/T 808's errors for the shared reader and writer of @openfleet/wire. */
export const JT808_ERRORS: CodecErrors = {
  truncated: (message) => new Jt808DecodeError('TRUNCATED', `body ${message}`),
  invalid: (message) => new Jt808DecodeError('BAD_FIELD', message),
  encode: (message) => new Jt808EncodeError(message),
};

/**
 * The shared bounds-checked reader over buf[pos, end), failing with Jt808DecodeError. A plain wire
 * Reader, not a subclass: every codec's readers then share one shape and the field types' calls stay
 * monomorphic.
 */
export const reader = (buf: Buffer, pos: number, end: number): Reader =>
  new Reader(buf, pos, end, JT808_ERRORS);
