import { jsonCodec } from '../codec';
import { checkFields } from '../validation';

/**
 * A login session the admin service revoked (topic admin.session-revocations.v1, key user id): every
 * service refuses access tokens carrying this `sid` until `expiresAt`, when they have expired anyway.
 */
export interface SessionRevocation {
  sessionId: string;
  userId: string;
  /** Epoch ms of the revocation. */
  revokedAt: number;
  /** Epoch ms after which no access token of the session can still be valid: the entry is dropped. */
  expiresAt: number;
}

export const sessionRevocationCodec = jsonCodec<SessionRevocation>((value) =>
  checkFields(value, { sessionId: 'string', userId: 'string', revokedAt: 'number', expiresAt: 'number' }),
);
