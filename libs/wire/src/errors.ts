/**
 * How a codec reports a bad body: each protocol binds its own error classes and codes once, and
 * every reader, writer and field type of this lib throws through them.
 */
export interface CodecErrors {
  /** The data ends before a field (`message` starts "ends before ..."). */
  truncated(message: string): Error;
  /** A decoded field holds a value the protocol does not allow. */
  invalid(message: string): Error;
  /** A value cannot be written (out of range, too long, wrong shape). */
  encode(message: string): Error;
}

/** Codes carried by {@link WireError}, for callers that use this lib without binding their own. */
export type WireErrorCode = 'TRUNCATED' | 'BAD_FIELD' | 'ENCODE';

export class WireError extends Error {
  override readonly name = 'WireError';

  constructor(
    readonly code: WireErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const WIRE_ERRORS: CodecErrors = {
  truncated: (message) => new WireError('TRUNCATED', `data ${message}`),
  invalid: (message) => new WireError('BAD_FIELD', message),
  encode: (message) => new WireError('ENCODE', message),
};
