import { messageFor, type Locale } from '@openfleet/errors';
import type { StreamEvent } from './mse-ws-session';

/** What a tile shows over (or instead of) its video. */
export type TileStatus =
  | { kind: 'idle' }
  | { kind: 'opening' }
  | { kind: 'playing' }
  | { kind: 'error'; code: number | null }
  | { kind: 'unsupported'; reason: string; codec: string }
  | { kind: 'closed'; reason: string }
  | { kind: 'reconnecting'; attempt: number }
  | { kind: 'lost' };

/** Reopens of a lost stream before the tile gives up, and the gap before each (a video replica that died is replaced within a lease, ~15 s). */
export const RECONNECT_DELAYS_MS = [500, 1000, 2000, 3000, 3000, 3000, 3000, 3000, 3000, 3000];

/**
 * How long a tile whose media connection dropped waits before opening the stream again (the
 * `attempt`-th time since it last played), or null to give up and say the connection is lost.
 * A dropped connection is usually the video replica going away: the reopen lands on a live one,
 * which asks the terminal again, so the operator sees a short gap rather than an error.
 */
export function reconnectDelay(attempt: number): number | null {
  return attempt >= 0 && attempt < RECONNECT_DELAYS_MS.length ? RECONNECT_DELAYS_MS[attempt] : null;
}

/** The status a stream event moves a tile to. */
export function statusAfter(event: StreamEvent): TileStatus {
  switch (event.type) {
    case 'playing':
      return { kind: 'playing' };
    case 'unsupported':
      return { kind: 'unsupported', reason: event.reason, codec: event.codec };
    case 'closed':
      return { kind: 'closed', reason: event.reason };
    case 'lost':
      return { kind: 'lost' };
  }
}

/** The text of a status (null: nothing over the video), in the console's language. */
export function statusText(status: TileStatus, t: (key: string, options?: Record<string, unknown>) => string, locale: Locale): string | null {
  switch (status.kind) {
    case 'idle':
    case 'playing':
      return null;
    case 'opening':
      return t('media.tile.opening');
    case 'error':
      return status.code === null ? t('media.tile.openFailed') : messageFor(status.code, locale);
    case 'unsupported':
      return t(`media.unsupported.${status.reason}`, { codec: status.codec });
    case 'closed':
      return t(`media.closed.${status.reason}`);
    case 'reconnecting':
      return t('media.tile.reconnecting');
    case 'lost':
      return t('media.tile.lost');
  }
}
