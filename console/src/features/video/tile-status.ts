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
  | { kind: 'lost' };

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
    case 'lost':
      return t('media.tile.lost');
  }
}
