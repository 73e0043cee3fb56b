/**
 * @jest-environment node
 */
// Node's own fetch/Request/Headers drive fetchBaseQuery here; jsdom has none of them.
import { api } from './api';
import { withTimestamp } from './base-query';
import { DEFAULT_OAUTH_CLIENT, type ConsoleEnv } from './console-env';
import { makeStore } from './store';
import { initialSessionState } from '../features/session/sessionSlice';

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, { silent?: boolean } | void>({
      query: (args) => ({ url: 'basic/probe', method: 'GET', silent: args?.silent }),
    }),
  }),
});

const NOW = 1_700_000_000_000;

function envWith(
  overrides: Partial<ConsoleEnv> = {},
): ConsoleEnv & { notify: jest.Mock; goToRoot: jest.Mock } {
  return {
    notify: jest.fn(),
    goToRoot: jest.fn(),
    locale: () => 'en_US',
    now: () => NOW,
    oauthClient: DEFAULT_OAUTH_CLIENT,
    ...overrides,
  } as ConsoleEnv & { notify: jest.Mock; goToRoot: jest.Mock };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function signedIn(expiresIn: number, loadExpires: number) {
  return {
    session: {
      ...initialSessionState,
      token: 'old',
      refreshToken: 'r-old',
      timing: { expiresIn, loadExpires },
      user: { id: '7', name: 'ann' },
    },
  };
}

const fetchMock = jest.fn<Promise<Response>, [Request]>();

// Browsers resolve the console's relative URLs against the page; Node needs an origin.
const NodeRequest = globalThis.Request;
globalThis.Request = class extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://console.test') : input, init);
  }
} as typeof Request;

const stores: ReturnType<typeof makeStore>[] = [];

afterEach(() => {
  // Drops RTK Query's 60 s cache-removal timers so jest can exit.
  for (const store of stores.splice(0)) store.dispatch(api.util.resetApiState());
});

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

async function probe(store: ReturnType<typeof makeStore>, silent?: boolean) {
  stores.push(store);
  return store.dispatch(
    probeApi.endpoints.probe.initiate(silent ? { silent } : undefined, {
      subscribe: false,
      forceRefetch: true,
    }),
  );
}

describe('console base query', () => {
  it('sends the bearer token, credentials and a GET timestamp', async () => {
    fetchMock.mockResolvedValue(json({ flag: true, errorCode: 200, msg: '', data: { ok: 1 } }));
    const store = makeStore(signedIn(3600, NOW), envWith());
    const result = await probe(store);
    expect(result.data).toEqual({ ok: 1 });
    const request = fetchMock.mock.calls[0]![0];
    expect(request.headers.get('Authorization')).toBe('Bearer old');
    expect(request.credentials).toBe('include');
    expect(new URL(request.url).searchParams.get('_t')).toBe(String(NOW));
  });

  it('leaves non-GET requests without a timestamp', () => {
    expect(withTimestamp({ url: 'x', method: 'POST' }, 1)).toEqual({ url: 'x', method: 'POST' });
    expect(withTimestamp({ url: 'x', params: { a: 1 } }, 5).params).toEqual({ a: 1, _t: 5 });
  });

  it('refreshes the token first when under 60 s remain', async () => {
    fetchMock
      .mockResolvedValueOnce(json({ access_token: 'new', refresh_token: 'r-new', expires_in: 7200 }))
      .mockResolvedValueOnce(json({ flag: true, errorCode: 200, msg: '', data: null }));
    const store = makeStore(signedIn(3600, NOW - 3600_000 + 30_000), envWith());
    await probe(store);
    const refresh = fetchMock.mock.calls[0]![0];
    expect(new URL(refresh.url).pathname).toBe('/auth/oauth/token');
    expect(refresh.headers.get('Authorization')).toBe(`Basic ${btoa(DEFAULT_OAUTH_CLIENT)}`);
    expect(await refresh.text()).toBe('refresh_token=r-old&grant_type=refresh_token&scope=server');
    expect(fetchMock.mock.calls[1]![0].headers.get('Authorization')).toBe('Bearer new');
    expect(store.getState().session).toMatchObject({
      token: 'new',
      refreshToken: 'r-new',
      timing: { expiresIn: 7200, loadExpires: NOW },
    });
  });

  it('does not refresh while more than 60 s remain', async () => {
    fetchMock.mockResolvedValue(json({ flag: true, errorCode: 200, msg: '', data: null }));
    await probe(makeStore(signedIn(3600, NOW - 3600_000 + 61_000), envWith()));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('clears the tokens on refresh error 100', async () => {
    fetchMock
      .mockResolvedValueOnce(json({ errorCode: 100 }))
      .mockResolvedValueOnce(json({ flag: true, errorCode: 200, msg: '', data: null }));
    const store = makeStore(signedIn(3600, NOW - 3600_000), envWith());
    await probe(store);
    expect(store.getState().session.token).toBeNull();
    expect(store.getState().session.refreshToken).toBeNull();
  });

  it.each([401, 402, 403, 41002])('removes user and token and goes to root on %s', async (errorCode) => {
    fetchMock.mockResolvedValue(json({ flag: false, errorCode, msg: '', data: null }));
    const env = envWith();
    const store = makeStore(signedIn(3600, NOW), env);
    const result = await probe(store);
    expect(result.error).toBeDefined();
    expect(store.getState().session).toEqual(initialSessionState);
    expect(env.goToRoot).toHaveBeenCalled();
  });

  it('toasts the translated message, unless silenced', async () => {
    fetchMock.mockImplementation(async () => json({ flag: false, errorCode: 4000, msg: '', data: null }));
    const env = envWith();
    const store = makeStore(signedIn(3600, NOW), env);
    const result = await probe(store);
    expect(result.error).toMatchObject({ envelope: { errorCode: 4000 }, transport: false });
    expect(env.notify).toHaveBeenCalledWith('error', 'The SIM card number already exists');
    env.notify.mockClear();
    await probe(store, true);
    expect(env.notify).not.toHaveBeenCalled();
  });

  it('maps HTTP 400 to code 400 and network failures to 504', async () => {
    const env = envWith();
    const store = makeStore(signedIn(3600, NOW), env);
    fetchMock.mockResolvedValueOnce(new Response('bad', { status: 400 }));
    expect((await probe(store)).error).toMatchObject({
      envelope: { flag: false, errorCode: 400 },
      httpStatus: 400,
    });
    fetchMock.mockRejectedValueOnce(new TypeError('network down'));
    expect((await probe(store)).error).toMatchObject({
      envelope: { flag: false, errorCode: 504 },
      transport: true,
    });
    expect(env.notify).toHaveBeenLastCalledWith('error', expect.stringMatching(/time/i));
  });
});
