/** Every local/session storage key the console uses, in one place (spec §1, §4, §8). */
export const StorageKey = {
  TOKEN: 'token',
  REFRESH_TOKEN: 'refresh_token',
  EXPIRES_IN: 'expiresIn',
  LOAD_EXPIRES: 'loadExpires',
  USER: 'user',
  USER_ID: 'userId',
  LAST_URL: 'LastUrl',
  MENU: 'menu',
  VERSION: 'version',
  LANGUAGE: 'language',
  THEME: 'theme',
  THEME_COLOR: 'themeColor',
  NAV_COLLAPSE: 'navCollapse',
  MENU_COLLAPSE: 'menuCollapse',
  TAGS_VIEW: 'tagsView',
  /** sessionStorage: the chunk-load reload mark. */
  CHUNK_ERROR: 'chunkError',
} as const;

export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

/** A storage that can be swapped in tests. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function readJson<T>(store: KeyValueStore, key: StorageKey, fallback: T): T {
  const raw = store.getItem(key);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeJson(store: KeyValueStore, key: StorageKey, value: unknown): void {
  store.setItem(key, JSON.stringify(value));
}
