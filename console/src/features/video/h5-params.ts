import { StreamType, VIDEO_CHANNEL_MAX, VIDEO_CHANNEL_MIN } from '@openfleet/contracts/video';

/** What /videoJsH5 plays, from its query string; null when the vehicle or channel is missing or out of range. */
export function h5PlayerParams(search: string): { vehicleId: string; channel: number; streamType: number } | null {
  const params = new URLSearchParams(search);
  const vehicleId = params.get('vehicleId')?.trim() ?? '';
  const channel = Number(params.get('channel') ?? '1');
  if (!vehicleId || !Number.isInteger(channel) || channel < VIDEO_CHANNEL_MIN || channel > VIDEO_CHANNEL_MAX) return null;
  const streamType = params.get('streamType') === '0' ? StreamType.MAIN : StreamType.SUB;
  return { vehicleId, channel, streamType };
}

/** The embed token of /videoJsH5?token= (a third-party page without a session); null when absent. */
export function embedToken(search: string): string | null {
  const token = new URLSearchParams(search).get('token')?.trim() ?? '';
  return token || null;
}

/** Whether a visit is a token-carrying embed of the player page, which needs no session (the token is checked by the server). */
export function isEmbedVisit(path: string, search: string): boolean {
  return path.replace(/\/+$/, '') === '/videoJsH5' && embedToken(search) !== null;
}
