/** Codes carried by {@link Jt808DecodeError}; stable, used as metric labels by the gateway. */
export const JT808_ERROR_CODES = [
  'CHECKSUM_MISMATCH',
  'LENGTH_MISMATCH',
  'BAD_ESCAPE',
  'FRAME_TOO_LARGE',
  'TRUNCATED',
  'UNSUPPORTED_ENCRYPTION',
  'BAD_FIELD',
] as const;

export type Jt808ErrorCode = (typeof JT808_ERROR_CODES)[number];

/** A frame or body that cannot be decoded. `hex` holds the raw bytes as received, for operators. */
export class Jt808DecodeError extends Error {
  override readonly name = 'Jt808DecodeError';

  constructor(
    readonly code: Jt808ErrorCode,
    message: string,
    public hex = '',
  ) {
    super(message);
  }
}

/** A message object that cannot be turned into bytes (value out of range, string too long...). */
export class Jt808EncodeError extends Error {
  override readonly name = 'Jt808EncodeError';
}
