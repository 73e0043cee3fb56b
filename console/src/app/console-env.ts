import type { Locale } from '@openfleet/errors';

export type ToastKind = 'success' | 'warning' | 'info' | 'error';

/** Side effects the store's requests need, injected so tests can replace them. */
export interface ConsoleEnv {
  readonly notify: (kind: ToastKind, text: string, timeoutMs?: number) => void;
  /** Spec §4: after 401/402/403/41002 the browser goes to the root. */
  readonly goToRoot: () => void;
  readonly locale: () => Locale;
  readonly now: () => number;
  /** `client:secret` for the Basic header of /auth/oauth/token. */
  readonly oauthClient: string;
}

/** Default client credentials of the console's OAuth client (see docs/console.md). */
export const DEFAULT_OAUTH_CLIENT = 'console:console';
