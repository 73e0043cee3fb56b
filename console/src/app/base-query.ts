import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
} from '@reduxjs/toolkit/query/react';
import type { ConsoleEnv } from './console-env';
import {
  actionForEnvelope,
  envelopeFromResult,
  type ApiError,
  type RawResult,
} from '../features/session/error-mapping';
import { loggedOut, tokenGranted, tokensCleared, type SessionState } from '../features/session/sessionSlice';
import { needsRefresh, REFRESH_FAILED_CODE, refreshRequestBody } from '../features/session/token-refresh';

/** Spec §9 request timeout. */
export const REQUEST_TIMEOUT_MS = 60_000;

/** A request; `silent` suppresses the error toast for this call only. */
export interface RequestArgs extends FetchArgs {
  readonly silent?: boolean;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/',
  credentials: 'include',
  timeout: REQUEST_TIMEOUT_MS,
  prepareHeaders: (headers, { getState }) => {
    const { token } = (getState() as { session: SessionState }).session;
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    return headers;
  },
});

function envOf(api: BaseQueryApi): ConsoleEnv {
  return api.extra as ConsoleEnv;
}

/** GET requests carry a timestamp `_t` (the admin API's cache-buster name) so no cache answers them (spec §7). */
export function withTimestamp(args: RequestArgs, now: number): RequestArgs {
  const method = (args.method ?? 'GET').toUpperCase();
  if (method !== 'GET') return args;
  return { ...args, params: { ...(args.params ?? {}), _t: now } };
}

let refreshInFlight: Promise<void> | null = null;

async function refreshToken(api: BaseQueryApi, refresh: string): Promise<void> {
  const env = envOf(api);
  const result = (await rawBaseQuery(
    {
      url: 'auth/oauth/token',
      method: 'POST',
      body: refreshRequestBody(refresh),
      headers: { Authorization: `Basic ${btoa(env.oauthClient)}` },
    },
    api,
    {},
  )) as RawResult;
  const body = (result.error ? result.error.data : result.data) as
    { access_token?: string; refresh_token?: string; expires_in?: number; errorCode?: number } | undefined;
  if (body?.access_token && body.refresh_token && typeof body.expires_in === 'number') {
    api.dispatch(
      tokenGranted({
        grant: {
          access_token: body.access_token,
          refresh_token: body.refresh_token,
          expires_in: body.expires_in,
        },
        receivedAt: env.now(),
      }),
    );
  } else if (body?.errorCode === REFRESH_FAILED_CODE) {
    api.dispatch(tokensCleared());
  }
}

async function ensureFreshToken(api: BaseQueryApi): Promise<void> {
  const { session } = api.getState() as { session: SessionState };
  if (!session.refreshToken || !needsRefresh(session.timing, envOf(api).now())) return;
  refreshInFlight ??= refreshToken(api, session.refreshToken).finally(() => {
    refreshInFlight = null;
  });
  await refreshInFlight;
}

/**
 * The one base query: bearer token, JSON, 60 s timeout, credentials, GET timestamp, token
 * refresh, and the §8 client rules (logout codes, translated toasts unless silenced).
 * Resolves with the envelope's `data`; rejects with an {@link ApiError}.
 */
export const consoleBaseQuery: BaseQueryFn<string | RequestArgs, unknown, ApiError> = async (
  args,
  api,
  extra,
) => {
  const env = envOf(api);
  const request: RequestArgs = typeof args === 'string' ? { url: args } : args;
  const { silent = false, ...fetchArgs } = request;
  await ensureFreshToken(api);
  const raw = (await rawBaseQuery(withTimestamp(fetchArgs, env.now()), api, extra ?? {})) as RawResult;
  const { envelope, httpStatus, transport } = envelopeFromResult(raw);
  const action = actionForEnvelope(envelope, env.locale(), silent);
  if (action?.kind === 'logout') {
    api.dispatch(loggedOut());
    env.goToRoot();
  } else if (action?.kind === 'toast') {
    env.notify('error', action.text);
  }
  if (envelope.flag && !logoutCode(envelope.errorCode)) return { data: envelope.data ?? null };
  return { error: { envelope, httpStatus, transport } };
};

function logoutCode(code: number): boolean {
  return code === 401 || code === 402 || code === 403 || code === 41002;
}
