/** Turns a bus payload into bytes and back. `decode` also validates: it throws on a payload it cannot accept. */
export interface PayloadCodec<T> {
  readonly contentType: string;
  encode(value: T): Buffer;
  decode(bytes: Buffer): T;
}

/** Thrown by a codec or a handler for a message that can never be processed (it is parked, not retried). */
export class PoisonMessageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PoisonMessageError';
  }
}

/** JSON codec with a validator that names the first problem it finds, or returns null when the value is fine. */
export function jsonCodec<T>(validate: (value: unknown) => string | null): PayloadCodec<T> {
  return {
    contentType: 'application/json',
    encode: (value) => Buffer.from(JSON.stringify(value)),
    decode: (bytes) => {
      let value: unknown;
      try {
        value = JSON.parse(bytes.toString('utf8'));
      } catch (error) {
        throw new PoisonMessageError(`payload is not JSON: ${(error as Error).message}`);
      }
      const problem = validate(value);
      if (problem) throw new PoisonMessageError(`invalid payload: ${problem}`);
      return value as T;
    },
  };
}

/** Bytes pass through untouched (dead-letter topics, raw frames). */
export const rawCodec: PayloadCodec<Buffer> = {
  contentType: 'application/octet-stream',
  encode: (value) => value,
  decode: (bytes) => bytes,
};
