import { AppError, ErrorCode } from '@openfleet/errors';
import { createHmac, timingSafeEqual } from 'node:crypto';

export const EMBED_TOKENS = Symbol('EMBED_TOKENS');

/** Shortest and longest life of an embed token (a third-party page keeps its URL for days, not for ever). */
export const EMBED_TTL_MIN_S = 60;
export const EMBED_TTL_MAX_S = 30 * 86_400;
export const EMBED_TTL_DEFAULT_S = 86_400;

/** What an embed token allows: live video of one vehicle, on these channels (empty: all of them), until expiresAt. */
export interface EmbedGrant {
  vehicleId: string;
  channels: number[];
  /** Who issued it: the streams it opens are opened in that user's name. */
  issuedBy: string;
  expiresAt: number;
}

/**
 * The `token` of /videoJsH5 for embedding in third-party pages: `<vehicle>.<channels>.<issuer>.<expiry>.<HMAC>`
 * (base64url fields, channels joined by `-`, `*` for all). The key is derived from the media-URL secret
 * with a label of its own, so neither kind of token can pass for the other. A token is checked against
 * the vehicle and channel the caller asks for: another vehicle, another channel, a changed byte or an
 * expired token is refused with 3012, as a media URL is.
 */
export class EmbedTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('openfleet-video-embed-v1').digest();
  }

  issue(grant: Omit<EmbedGrant, 'expiresAt'>, ttlS: number, now = Date.now()): { token: string; expiresAt: number } {
    const expiresAt = now + ttlS * 1000;
    const channels = grant.channels.length ? [...new Set(grant.channels)].sort((a, b) => a - b).join('-') : '*';
    const payload = [b64(grant.vehicleId), channels, b64(grant.issuedBy), String(expiresAt)].join('.');
    return { token: `${payload}.${this.sign(payload)}`, expiresAt };
  }

  /** The grant of a genuine, unexpired token for this vehicle (and channel, when given); 3012 otherwise. */
  verify(token: string | undefined, vehicleId: string, channel?: number, now = Date.now()): EmbedGrant {
    const grant = this.read(token, now);
    if (grant.vehicleId !== vehicleId) throw refused();
    if (channel !== undefined && grant.channels.length && !grant.channels.includes(channel)) throw refused();
    return grant;
  }

  /** The grant of a genuine, unexpired token, whatever vehicle it names; 3012 otherwise. */
  read(token: string | undefined, now = Date.now()): EmbedGrant {
    const parts = (token ?? '').split('.');
    if (parts.length !== 5) throw refused();
    const payload = parts.slice(0, 4).join('.');
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(parts[4]);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw refused();
    const expiresAt = Number(parts[3]);
    if (!(expiresAt > now)) throw refused();
    const channels = parts[1] === '*' ? [] : parts[1].split('-').map(Number);
    return { vehicleId: unb64(parts[0]), channels, issuedBy: unb64(parts[2]), expiresAt };
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}

const b64 = (text: string) => Buffer.from(text).toString('base64url');
const unb64 = (text: string) => Buffer.from(text, 'base64url').toString();
const refused = () => new AppError(ErrorCode.VIDEO_URL_EXPIRED);
