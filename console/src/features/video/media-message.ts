import type { MediaSocketMessage } from '@openfleet/contracts/video';

const UNSUPPORTED_REASONS = new Set(['h265', 'avs', 'svac', 'codec']);
const CLOSED_REASONS = new Set(['idle', 'terminal', 'admin', 'expired']);

/** Reads one text message of the media WebSocket; null for anything that is not one of ours (ignored, never thrown). */
export function parseMediaMessage(text: string): MediaSocketMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const message = value as Record<string, unknown>;
  switch (message.type) {
    case 'init':
      if (typeof message.mime !== 'string' || !message.mime) return null;
      return {
        type: 'init',
        mime: message.mime,
        videoCodec: String(message.videoCodec ?? ''),
        audioCodec: String(message.audioCodec ?? ''),
        width: Number(message.width) || 0,
        height: Number(message.height) || 0,
      };
    case 'unsupported':
      if (!UNSUPPORTED_REASONS.has(String(message.reason))) return null;
      return { type: 'unsupported', reason: message.reason as 'h265', codec: String(message.codec ?? '') };
    case 'origin':
      if (typeof message.originMs !== 'number' || !Number.isFinite(message.originMs)) return null;
      return typeof message.captureOriginMs === 'number' && Number.isFinite(message.captureOriginMs) ? { type: 'origin', originMs: message.originMs, captureOriginMs: message.captureOriginMs } : { type: 'origin', originMs: message.originMs };
    case 'closed':
      if (!CLOSED_REASONS.has(String(message.reason))) return null;
      return { type: 'closed', reason: message.reason as 'idle' };
    default:
      return null;
  }
}

/** What a tile does with an init message: play it, or say why not (an H.265 the browser cannot decode counts as unsupported). */
export function initOutcome(
  message: Extract<MediaSocketMessage, { type: 'init' }>,
  isTypeSupported: (mime: string) => boolean,
): { play: true } | { play: false; reason: 'h265' | 'codec'; codec: string } {
  if (isTypeSupported(message.mime)) return { play: true };
  const hevc = /hev1|hvc1/i.test(message.mime) || /265|hevc/i.test(message.videoCodec);
  return { play: false, reason: hevc ? 'h265' : 'codec', codec: message.videoCodec || message.mime };
}

/** The absolute WebSocket address of a stream's same-origin path. */
export function mediaSocketUrl(origin: string, wsUrl: string): string {
  return origin.replace(/^http/, 'ws') + wsUrl;
}
