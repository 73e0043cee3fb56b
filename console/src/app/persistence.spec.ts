import { loadPersisted, savePersisted } from './persistence';
import { StorageKey } from './storage-keys';
import { makeStore } from './store';
import { tokenGranted, userLoaded, loggedOut } from '../features/session/sessionSlice';
import { languageChanged, themeChanged } from '../features/layout/settingsSlice';
import { viewAdded } from '../features/layout/tagViewsSlice';
import { lastUrlRemembered } from '../features/access/accessSlice';

function memoryStore() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
    data,
  };
}

describe('local storage persistence', () => {
  it('starts with the spec defaults', () => {
    const state = loadPersisted(memoryStore());
    expect(state.settings).toMatchObject({
      language: 'zh_CN',
      themeColor: '10171E',
      navCollapsed: true,
      menuCollapsed: false,
    });
    expect(state.session.token).toBeNull();
    expect(state.access.routesRegistered).toBe(false);
  });

  it('round-trips session, settings, tag views and LastUrl under the spec keys', () => {
    const local = memoryStore();
    const store = makeStore();
    store.dispatch(
      tokenGranted({ grant: { access_token: 'a', refresh_token: 'r', expires_in: 60 }, receivedAt: 5 }),
    );
    store.dispatch(userLoaded({ id: '9', name: 'ann' }));
    store.dispatch(languageChanged('en_US'));
    store.dispatch(themeChanged('cyan'));
    store.dispatch(viewAdded({ path: '/index/simCare', title: 'SIM', name: 'simCare' }));
    store.dispatch(lastUrlRemembered('/index/simCare'));
    savePersisted(local, store.getState());
    expect(local.data.get(StorageKey.TOKEN)).toBe('a');
    expect(local.data.get(StorageKey.USER_ID)).toBe('9');
    expect(local.data.get(StorageKey.LAST_URL)).toBe('/index/simCare');
    expect(local.data.get(StorageKey.LANGUAGE)).toBe('en_US');
    const restored = loadPersisted(local);
    expect(restored.session).toMatchObject({
      token: 'a',
      refreshToken: 'r',
      timing: { expiresIn: 60, loadExpires: 5 },
      user: { id: '9' },
    });
    expect(restored.settings).toMatchObject({ language: 'en_US', theme: 'cyan' });
    expect(restored.tagViews.visited).toHaveLength(1);
    expect(restored.access.lastUrl).toBe('/index/simCare');

    store.dispatch(loggedOut());
    savePersisted(local, store.getState());
    expect(local.data.has(StorageKey.TOKEN)).toBe(false);
    expect(local.data.has(StorageKey.USER_ID)).toBe(false);
  });
});
