import { ErrorCode } from './error-code';
import type { ErrorEnvelope } from '@openfleet/contracts';
import { DEFAULT_LOCALE, type Locale, messageFor } from './messages';

/** Optional details of an {@link AppError}. */
export interface AppErrorOptions<T> {
  /** Extra payload the client shows after the message (e.g. the offending plate). */
  readonly data?: T;
  /** Overrides the default HTTP status (200, or 401 for NOT_LOGGED_IN). */
  readonly httpStatus?: number;
  /** Server-side text; shown as-is for SERVER_MESSAGE (998), otherwise only logged. */
  readonly detail?: string;
  readonly cause?: unknown;
}

// The envelope carries the error, so HTTP stays 200 except where the client reacts to the status.
const defaultHttpStatus: Readonly<Partial<Record<number, number>>> = {
  [ErrorCode.NOT_LOGGED_IN]: 401,
};

/** A catalogued failure that services throw and the API turns into an error envelope. */
export class AppError<T = unknown> extends Error {
  readonly errorCode: number;
  readonly data?: T;
  readonly httpStatus: number;
  readonly detail?: string;

  constructor(errorCode: number, options: AppErrorOptions<T> = {}) {
    // English in Error.message because it ends up in logs.
    super(options.detail ?? messageFor(errorCode, 'en_US'), { cause: options.cause });
    this.name = 'AppError';
    this.errorCode = errorCode;
    this.data = options.data;
    this.httpStatus = options.httpStatus ?? defaultHttpStatus[errorCode] ?? 200;
    this.detail = options.detail;
  }

  /** The `{flag:false, errorCode, msg, data}` envelope in the caller's language. */
  toEnvelope(locale: Locale = DEFAULT_LOCALE): ErrorEnvelope<T> {
    const useDetail = this.errorCode === ErrorCode.SERVER_MESSAGE && this.detail !== undefined;
    return {
      flag: false,
      errorCode: this.errorCode,
      msg: useDetail ? (this.detail as string) : messageFor(this.errorCode, locale),
      data: this.data ?? null,
    };
  }
}

/** Type guard that also works across module copies (checks the shape, not only the prototype). */
export function isAppError(value: unknown): value is AppError {
  if (value instanceof AppError) return true;
  if (!(value instanceof Error) || value.name !== 'AppError') return false;
  const candidate = value as Partial<AppError>;
  return typeof candidate.errorCode === 'number' && typeof candidate.toEnvelope === 'function';
}
