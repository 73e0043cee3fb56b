import {
  clientActionFor,
  envelopeForTransportFailure,
  type ClientAction,
  type Locale,
} from '@openfleet/errors';
import type { ReceivedEnvelope } from '@openfleet/contracts';

/** The error value every console request rejects with. */
export interface ApiError {
  readonly envelope: ReceivedEnvelope;
  /** HTTP status when the server answered, else undefined. */
  readonly httpStatus?: number;
  /** True when the request itself failed (network, timeout, HTTP error without envelope). */
  readonly transport: boolean;
}

/** The shapes fetchBaseQuery answers with, reduced to what the mapping needs. */
export type RawResult =
  | { readonly data: unknown; readonly error?: undefined }
  | {
      readonly error: {
        readonly status: number | string;
        readonly originalStatus?: number;
        readonly data?: unknown;
      };
      readonly data?: undefined;
    };

export function isEnvelope(value: unknown): value is ReceivedEnvelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { flag?: unknown }).flag === 'boolean' &&
    typeof (value as { errorCode?: unknown }).errorCode === 'number'
  );
}

/**
 * Turns one raw HTTP outcome into the envelope the §8 rules work on: a body envelope as is,
 * HTTP 400 -> flag false code 400, HTTP 401 -> 401, any other failure -> 504 request timeout.
 * A successful body that is not an envelope (static files) counts as success.
 */
export function envelopeFromResult(result: RawResult): {
  envelope: ReceivedEnvelope;
  httpStatus?: number;
  transport: boolean;
} {
  if (result.error === undefined) {
    if (isEnvelope(result.data)) return { envelope: result.data, transport: false };
    return { envelope: { flag: true, errorCode: 200, data: result.data }, transport: false };
  }
  const { status, originalStatus, data } = result.error;
  // A non-JSON error body comes back as PARSING_ERROR with the real status beside it.
  const httpStatus = typeof status === 'number' ? status : originalStatus;
  if (httpStatus !== undefined && httpStatus !== 400 && httpStatus !== 401 && isEnvelope(data)) {
    return { envelope: data, httpStatus, transport: false };
  }
  return { envelope: envelopeForTransportFailure(httpStatus), httpStatus, transport: true };
}

/** What the client does for an envelope; silenced requests never toast but still log out. */
export function actionForEnvelope(
  envelope: ReceivedEnvelope,
  locale: Locale,
  silent: boolean,
): ClientAction | null {
  const action = clientActionFor(envelope, locale);
  if (action?.kind === 'toast' && silent) return null;
  return action;
}

/** i18next language tag to catalogue locale. */
export function toCatalogueLocale(language: string | undefined): Locale {
  return language === 'en_US' ? 'en_US' : 'zh_CN';
}
