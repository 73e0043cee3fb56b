/** Codes carried by {@link Jt809DecodeError}; stable, used in logs and link statistics. */
export const JT809_ERROR_CODES = ['CRC_MISMATCH', 'LENGTH_MISMATCH', 'BAD_ESCAPE', 'FRAME_TOO_LARGE', 'TRUNCATED', 'ENCRYPTED_WITHOUT_KEY', 'BAD_FIELD', 'UNKNOWN_MESSAGE'] as const;

export type Jt809ErrorCode = (typeof JT809_ERROR_CODES)[number];

/** A frame or body that cannot be decoded. */
export class Jt809DecodeError extends Error {
  override readonly name = 'Jt809DecodeError';

  constructor(
    readonly code: Jt809ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** A message that cannot be turned into bytes (a value out of range, a string too long...). */
export class Jt809EncodeError extends Error {
  override readonly name = 'Jt809EncodeError';
}
