import { readJson, StorageKey, writeJson, type KeyValueStore } from './storage-keys';
import { initialSessionState, type SessionState, type SessionUser } from '../features/session/sessionSlice';
import {
  initialSettingsState,
  THEMES,
  type SettingsState,
  type Theme,
} from '../features/layout/settingsSlice';
import { initialTagViewsState, type TagView, type TagViewsState } from '../features/layout/tagViewsSlice';
import { initialAccessState, type AccessState } from '../features/access/accessSlice';
import type { MenuNode } from '../features/access/menu-tree';

export interface PersistedSlices {
  session: SessionState;
  settings: SettingsState;
  tagViews: TagViewsState;
  access: AccessState;
}

function numberOrNull(raw: string | null): number | null {
  if (raw === null) return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

/** Rebuilds the persisted parts of the state from local storage (keys: spec §1, §4). */
export function loadPersisted(local: KeyValueStore): PersistedSlices {
  const expiresIn = numberOrNull(local.getItem(StorageKey.EXPIRES_IN));
  const loadExpires = numberOrNull(local.getItem(StorageKey.LOAD_EXPIRES));
  const user = readJson<SessionUser | null>(local, StorageKey.USER, null);
  const theme = local.getItem(StorageKey.THEME);
  const language = local.getItem(StorageKey.LANGUAGE);
  const visited = readJson<TagView[]>(local, StorageKey.TAGS_VIEW, []);
  return {
    session: {
      ...initialSessionState,
      token: local.getItem(StorageKey.TOKEN),
      refreshToken: local.getItem(StorageKey.REFRESH_TOKEN),
      timing: expiresIn !== null && loadExpires !== null ? { expiresIn, loadExpires } : null,
      user,
    },
    settings: {
      ...initialSettingsState,
      language: language === 'en_US' ? 'en_US' : 'zh_CN',
      theme: THEMES.includes(theme as Theme) ? (theme as Theme) : initialSettingsState.theme,
      themeColor: local.getItem(StorageKey.THEME_COLOR) ?? initialSettingsState.themeColor,
      navCollapsed: local.getItem(StorageKey.NAV_COLLAPSE) !== 'false',
      menuCollapsed: local.getItem(StorageKey.MENU_COLLAPSE) === 'true',
    },
    tagViews: {
      ...initialTagViewsState,
      visited: Array.isArray(visited) ? visited : [],
      cached: Array.isArray(visited) ? visited.filter((v) => !v.noCache).map((v) => v.name) : [],
    },
    // Routes are registered again after every page load (spec §4); the menu is only a cache.
    access: {
      ...initialAccessState,
      lastUrl: local.getItem(StorageKey.LAST_URL),
      menu: readJson<MenuNode[]>(local, StorageKey.MENU, []),
    },
  };
}

function setOrRemove(local: KeyValueStore, key: StorageKey, value: string | null | undefined): void {
  if (value === null || value === undefined) local.removeItem(key);
  else local.setItem(key, value);
}

/** Writes the persisted parts back; called on every state change that touches them. */
export function savePersisted(local: KeyValueStore, state: PersistedSlices): void {
  const { session, settings, tagViews, access } = state;
  setOrRemove(local, StorageKey.TOKEN, session.token);
  setOrRemove(local, StorageKey.REFRESH_TOKEN, session.refreshToken);
  setOrRemove(local, StorageKey.EXPIRES_IN, session.timing ? String(session.timing.expiresIn) : null);
  setOrRemove(local, StorageKey.LOAD_EXPIRES, session.timing ? String(session.timing.loadExpires) : null);
  setOrRemove(local, StorageKey.USER, session.user ? JSON.stringify(session.user) : null);
  setOrRemove(local, StorageKey.USER_ID, session.user?.id);
  setOrRemove(local, StorageKey.LAST_URL, access.lastUrl);
  writeJson(local, StorageKey.MENU, access.menu);
  local.setItem(StorageKey.LANGUAGE, settings.language);
  local.setItem(StorageKey.THEME, settings.theme);
  local.setItem(StorageKey.THEME_COLOR, settings.themeColor);
  local.setItem(StorageKey.NAV_COLLAPSE, String(settings.navCollapsed));
  local.setItem(StorageKey.MENU_COLLAPSE, String(settings.menuCollapsed));
  writeJson(local, StorageKey.TAGS_VIEW, tagViews.visited);
}
