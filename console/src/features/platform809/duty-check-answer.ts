import { ErrorCode, messageFor, type Locale } from '@openfleet/errors';
import type { ApiError } from '../session/error-mapping';

/**
 * What the duty-check panel says when an answer was not sent, read from the API's answer: the link is
 * down, the check was answered or expired meanwhile, or the request itself failed. Stays on the panel
 * (a toast would vanish before the operator reads it).
 */
export function answerFailure(error: ApiError, locale: Locale): { key: string; message?: string } {
  if (error.transport) return { key: 'platform809.dutyCheckPanel.networkFailed' };
  const { errorCode, data } = error.envelope;
  if (errorCode === ErrorCode.SUPERIOR_PLATFORM_NOT_CONNECTED) return { key: 'platform809.dutyCheckPanel.linkDown' };
  const reason = (data as { reason?: string } | null | undefined)?.reason;
  if (reason === 'already answered') return { key: 'platform809.dutyCheckPanel.alreadyAnswered' };
  if (reason === 'deadline passed') return { key: 'platform809.dutyCheckPanel.deadlinePassed' };
  return { key: 'platform809.dutyCheckPanel.failed', message: messageFor(errorCode, locale) };
}
