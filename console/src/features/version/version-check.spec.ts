import { StorageKey } from '../../app/storage-keys';
import { checkVersion, compareVersion } from './version-check';

function memoryStore(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
    data,
  };
}

describe('version check (spec §4)', () => {
  it('compares versions', () => {
    expect(compareVersion('1', '1')).toBe('unchanged');
    expect(compareVersion('1', '2')).toBe('changed');
    expect(compareVersion(null, '2')).toBe('firstSeen');
    expect(compareVersion('1', null)).toBe('unchanged');
  });

  it('stores a differing version and reloads', async () => {
    const store = memoryStore({ [StorageKey.VERSION]: 'a' });
    const reload = jest.fn();
    await expect(checkVersion({ fetchVersion: async () => 'b', store, reload })).resolves.toBe('changed');
    expect(store.data.get(StorageKey.VERSION)).toBe('b');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does nothing for the same version', async () => {
    const store = memoryStore({ [StorageKey.VERSION]: 'a' });
    const reload = jest.fn();
    await checkVersion({ fetchVersion: async () => 'a', store, reload });
    expect(reload).not.toHaveBeenCalled();
  });

  it('stores the first version without reloading', async () => {
    const store = memoryStore();
    const reload = jest.fn();
    await expect(checkVersion({ fetchVersion: async () => 'a', store, reload })).resolves.toBe('firstSeen');
    expect(store.data.get(StorageKey.VERSION)).toBe('a');
    expect(reload).not.toHaveBeenCalled();
  });

  it('survives a failed fetch', async () => {
    const reload = jest.fn();
    await expect(
      checkVersion({
        fetchVersion: () => Promise.reject(new Error('offline')),
        store: memoryStore(),
        reload,
      }),
    ).resolves.toBe('unchanged');
    expect(reload).not.toHaveBeenCalled();
  });
});
