import { AppError, ErrorCode } from '@openfleet/errors';
import { createHmac, timingSafeEqual } from 'node:crypto';

export const MEDIA_TOKENS = Symbol('MEDIA_TOKENS');

/** Who a media URL was issued to. */
export interface MediaGrant {
  streamKey: string;
  userId: string;
  expiresAt: number;
}

/**
 * Short-lived signed media URLs. A browser cannot put a bearer header on a WebSocket or on the
 * requests a video element makes, so the API that opens a stream (after the token, action code
 * and vehicle scope checks) issues `<streamKey>.<user>.<expiry>.<HMAC>`; the media endpoints accept
 * only that stream until the expiry. The key comes from configuration or is generated at first start.
 */
export class MediaTokens {
  constructor(
    private readonly secret: string,
    private readonly ttlMs: number,
  ) {}

  issue(streamKey: string, userId: string, now = Date.now()): { token: string; expiresAt: number } {
    const expiresAt = now + this.ttlMs;
    const payload = `${Buffer.from(streamKey).toString('base64url')}.${Buffer.from(userId).toString('base64url')}.${expiresAt}`;
    return { token: `${payload}.${this.sign(payload)}`, expiresAt };
  }

  /** The grant when the token is genuine, for this stream and not expired; 3012 otherwise. */
  verify(token: string | undefined, streamKey: string, now = Date.now()): MediaGrant {
    const parts = (token ?? '').split('.');
    if (parts.length !== 4) throw new AppError(ErrorCode.VIDEO_URL_EXPIRED);
    const payload = parts.slice(0, 3).join('.');
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(parts[3]);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new AppError(ErrorCode.VIDEO_URL_EXPIRED);
    const grant = { streamKey: Buffer.from(parts[0], 'base64url').toString(), userId: Buffer.from(parts[1], 'base64url').toString(), expiresAt: Number(parts[2]) };
    if (grant.streamKey !== streamKey || !(grant.expiresAt > now)) throw new AppError(ErrorCode.VIDEO_URL_EXPIRED);
    return grant;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }
}
