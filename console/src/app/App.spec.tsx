import { screen, waitFor } from '@testing-library/react';
import { App } from './App';
import { renderWithProviders } from '../test/render';
import { initialSessionState } from '../features/session/sessionSlice';
import { initialAccessState } from '../features/access/accessSlice';
import type { MenuTreeResult } from '../features/access/AccessGuard';
import type { MenuNode } from '../features/access/menu-tree';

/** How long a lazily loaded chunk may take under jest's on-the-fly compilation. */
const CHUNK_WAIT = 20_000;
jest.setTimeout(3 * CHUNK_WAIT);

// The layout connects to the socket.io hub; no hub runs under jest.
jest.mock('socket.io-client', () => ({ io: () => ({ on: jest.fn(), onAny: jest.fn(), emit: jest.fn(), disconnect: jest.fn() }) }));

const tree: MenuNode[] = [
  {
    id: 2,
    label: 'Console',
    children: [
      { id: 21, label: 'Unknown screen', href: '/index/notAScreen' },
      { id: 22, label: 'Big data', href: '/monitor/bigDataShow' },
    ],
  },
];

const signedIn = { session: { ...initialSessionState, token: 't1', refreshToken: 'r1' } };

function loader(result: MenuTreeResult | Error) {
  return jest.fn(() => (result instanceof Error ? Promise.reject(result) : Promise.resolve(result)));
}

const location = () => screen.getByTestId('location').textContent;

describe('App access guard (spec §4)', () => {
  it('redirects / to /login and shows the sign-in screen', async () => {
    renderWithProviders(<App loadMenuTree={loader({ flag: false })} />, { path: '/' });
    await waitFor(() => expect(location()).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('sends a protected path to /login without a token, never fetching the menu', async () => {
    const load = loader({ flag: false });
    renderWithProviders(<App loadMenuTree={load} />, { path: '/index/simCare' });
    await waitFor(() => expect(location()).toBe('/login'));
    expect(load).not.toHaveBeenCalled();
  });

  it('shows the same auth screen in register mode with SMS code and password rules', async () => {
    renderWithProviders(<App loadMenuTree={loader({ flag: false })} />, { path: '/register' });
    expect(await screen.findByLabelText('SMS code')).toBeTruthy();
    expect(screen.getByText(/Starts with a letter, at least 8 characters/)).toBeTruthy();
  });

  it('loads the tree with a token, registers routes and renders the 404 placeholder for an unknown screen', async () => {
    const load = loader({ flag: true, nodes: tree });
    const { store } = renderWithProviders(<App loadMenuTree={load} />, {
      path: '/index/notAScreen',
      state: signedIn,
    });
    // Lazy chunks (the layout, the screen) load first: generous waits, the behaviour is what counts.
    expect(await screen.findByText('Page not found', {}, { timeout: CHUNK_WAIT })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    expect(store.getState().access.routesRegistered).toBe(true);
    expect(location()).toBe('/index/notAScreen');
    await waitFor(() => expect(store.getState().access.lastUrl).toBe('/index/notAScreen'));
  });

  it('sends a page missing from the menu to /404', async () => {
    renderWithProviders(<App loadMenuTree={loader({ flag: true, nodes: tree })} />, {
      path: '/index/userManage',
      state: signedIn,
    });
    await waitFor(() => expect(location()).toBe('/404'), { timeout: CHUNK_WAIT });
  });

  it('goes from /login to the remembered LastUrl', async () => {
    renderWithProviders(<App loadMenuTree={loader({ flag: true, nodes: tree })} />, {
      path: '/login',
      state: { ...signedIn, access: { ...initialAccessState, lastUrl: '/monitor/bigDataShow' } },
    });
    await waitFor(() => expect(location()).toBe('/monitor/bigDataShow'), { timeout: CHUNK_WAIT });
  });

  it('does not remember the big-data-show page as LastUrl', async () => {
    const { store } = renderWithProviders(<App loadMenuTree={loader({ flag: true, nodes: tree })} />, {
      path: '/monitor/bigDataShow',
      state: signedIn,
    });
    await waitFor(() => expect(store.getState().access.routesRegistered).toBe(true));
    await screen.findByTestId('big-screen', {}, { timeout: CHUNK_WAIT });
    expect(store.getState().access.lastUrl).toBeNull();
  });

  it('clears the token and goes to /login when the tree answers flag false', async () => {
    const { store } = renderWithProviders(<App loadMenuTree={loader({ flag: false })} />, {
      path: '/index/notAScreen',
      state: signedIn,
    });
    await waitFor(() => expect(location()).toBe('/login'));
    expect(store.getState().session.token).toBeNull();
  });

  it('clears the token when the tree request throws', async () => {
    const { store } = renderWithProviders(<App loadMenuTree={loader({ thrown: new Error('offline') })} />, {
      path: '/index/notAScreen',
      state: signedIn,
    });
    await waitFor(() => expect(store.getState().session.token).toBeNull());
    await waitFor(() => expect(location()).toBe('/login'));
  });
});
