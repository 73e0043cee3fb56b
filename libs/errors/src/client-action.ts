import { ErrorCode } from './error-code';
import type { ReceivedEnvelope as Envelope } from '@openfleet/contracts';
import { DEFAULT_LOCALE, type Locale, messageFor } from './messages';

/** What the console does with a response: log out, or show a toast. */
export interface ClientAction {
  readonly kind: 'logout' | 'toast';
  readonly text: string;
}

const logoutCodes: ReadonlySet<number> = new Set([
  ErrorCode.NOT_LOGGED_IN,
  ErrorCode.LOGIN_AGAIN,
  ErrorCode.NO_PERMISSION,
  ErrorCode.TOKEN_INVALID,
]);

function hasData(data: unknown): boolean {
  if (data === undefined || data === null || data === '') return false;
  return !(Array.isArray(data) && data.length === 0);
}

function dataText(data: unknown): string {
  return typeof data === 'string' ? data : JSON.stringify(data);
}

/**
 * The spec §8 client rules as a pure function: 401/402/403/41002 log out; otherwise a failed
 * envelope shows the server msg for 998, the message plus data when data is present, or
 * the message for the code. Returns null when there is nothing to show (success).
 */
export function clientActionFor(envelope: Envelope, locale: Locale = DEFAULT_LOCALE): ClientAction | null {
  const { errorCode, msg, data } = envelope;
  if (logoutCodes.has(errorCode)) return { kind: 'logout', text: messageFor(errorCode, locale) };
  if (envelope.flag) return null;
  if (errorCode === ErrorCode.SERVER_MESSAGE) {
    return { kind: 'toast', text: msg ? msg : messageFor(errorCode, locale) };
  }
  const text = messageFor(errorCode, locale);
  if (hasData(data)) {
    const separator = locale === 'zh_CN' ? '：' : ': ';
    return { kind: 'toast', text: `${text}${separator}${dataText(data)}` };
  }
  return { kind: 'toast', text };
}

/**
 * The envelope the console substitutes when the HTTP call itself failed (spec §8):
 * HTTP 401 -> code 401 (logout), HTTP 400 -> code 400, anything else -> 504 request timeout.
 */
export function envelopeForTransportFailure(httpStatus: number | undefined): Envelope<null> {
  if (httpStatus === 401) return { flag: false, errorCode: ErrorCode.NOT_LOGGED_IN, data: null };
  if (httpStatus === 400) return { flag: false, errorCode: ErrorCode.BAD_PARAMETER, data: null };
  return { flag: false, errorCode: ErrorCode.GATEWAY_TIMEOUT, data: null };
}
