/** Spec §9: refresh the token when under 60 s remain. */
export const REFRESH_MARGIN_MS = 60_000;

export interface TokenTiming {
  /** Lifetime in seconds as answered by /login or /auth/oauth/token. */
  readonly expiresIn: number;
  /** Epoch ms when that answer was received. */
  readonly loadExpires: number;
}

/** Epoch ms at which the access token expires. */
export function expiresAt(timing: TokenTiming): number {
  return timing.loadExpires + timing.expiresIn * 1000;
}

/** True when the token is within the refresh margin of expiry (or already expired). */
export function needsRefresh(timing: TokenTiming | null, now: number): boolean {
  if (!timing || !Number.isFinite(timing.expiresIn) || !Number.isFinite(timing.loadExpires)) return false;
  return expiresAt(timing) - now < REFRESH_MARGIN_MS;
}

/** Spec §7: the refresh call is a form post with the refresh token and client credentials. */
export function refreshRequestBody(refreshToken: string): URLSearchParams {
  return new URLSearchParams({ refresh_token: refreshToken, grant_type: 'refresh_token', scope: 'server' });
}

/** Error code the token endpoint answers when the refresh token is no good (spec §4). */
export const REFRESH_FAILED_CODE = 100;
