import { ErrorCode, messageFor, type Locale } from '@openfleet/errors';
import type { ApiError } from '../session/error-mapping';

/** The ledger is away (the vehicle-service down or too slow): a panel may show what it had before it. */
const AWAY: ReadonlySet<number> = new Set([ErrorCode.SERVICE_UNAVAILABLE, ErrorCode.GATEWAY_TIMEOUT]);

/**
 * Why a fuel curve did not come: `away` when the ledger cannot answer (the caller's fallback fits),
 * else the refusal in words, so a real fault (a 400 from a query the API does not take) is not
 * hidden behind the tracking curve.
 */
export type FuelCurveFailure = { readonly kind: 'away' } | { readonly kind: 'refused'; readonly code: number; readonly reason: string };

export function fuelCurveFailure(error: unknown, locale: Locale): FuelCurveFailure {
  const envelope = (error as Partial<ApiError> | undefined)?.envelope;
  if (!envelope || AWAY.has(envelope.errorCode)) return { kind: 'away' };
  const reason = envelope.errorCode === ErrorCode.SERVER_MESSAGE && envelope.msg ? envelope.msg : messageFor(envelope.errorCode, locale);
  return { kind: 'refused', code: envelope.errorCode, reason };
}
