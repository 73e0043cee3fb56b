/** Codes carried by {@link Gb32960DecodeError}; stable, used in logs and gateway statistics. */
export const GB32960_ERROR_CODES = ['BAD_START', 'BCC_MISMATCH', 'LENGTH_MISMATCH', 'FRAME_TOO_LARGE', 'TRUNCATED', 'UNSUPPORTED_EDITION', 'ENCRYPTED', 'BAD_FIELD', 'UNKNOWN_UNIT'] as const;

export type Gb32960ErrorCode = (typeof GB32960_ERROR_CODES)[number];

export class Gb32960DecodeError extends Error {
  override readonly name = 'Gb32960DecodeError';

  constructor(
    readonly code: Gb32960ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export class Gb32960EncodeError extends Error {
  override readonly name = 'Gb32960EncodeError';
}
