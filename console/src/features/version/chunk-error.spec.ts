import { StorageKey } from '../../app/storage-keys';
import {
  CHUNK_RELOAD_WINDOW_MS,
  ChunkLoadTimeoutError,
  decideChunkError,
  handleChunkError,
  isChunkLoadError,
  RELOAD_MARK,
  withChunkTimeout,
} from './chunk-error';

function memoryStore(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
    data,
  };
}

describe('decideChunkError (spec §8)', () => {
  const now = 10_000_000;

  it('sets the mark and reloads to the target when there is no mark', () => {
    expect(decideChunkError(null, now, '/index/simCare')).toEqual({
      kind: 'reloadTo',
      path: '/index/simCare',
      mark: String(now),
    });
  });

  it('reloads again when the mark is older than 60 s', () => {
    expect(decideChunkError(String(now - CHUNK_RELOAD_WINDOW_MS - 1), now, '/a').kind).toBe('reloadTo');
  });

  it('gives up inside the 60 s window instead of looping', () => {
    expect(decideChunkError(String(now - 1000), now, '/a')).toEqual({ kind: 'giveUp' });
    expect(decideChunkError(String(now - CHUNK_RELOAD_WINDOW_MS), now, '/a')).toEqual({ kind: 'giveUp' });
  });

  it('stores the time and forces a reload when the mark says reload', () => {
    expect(decideChunkError(RELOAD_MARK, now, '/a')).toEqual({ kind: 'forceReload', mark: String(now) });
  });

  it('treats a garbage mark as absent', () => {
    expect(decideChunkError('nonsense', now, '/a').kind).toBe('reloadTo');
  });
});

describe('handleChunkError', () => {
  it('writes the mark to session storage and navigates', () => {
    const session = memoryStore();
    const assign = jest.fn();
    const reload = jest.fn();
    expect(handleChunkError('/index/carList', { session, now: () => 42, assign, reload })).toBe(true);
    expect(session.data.get(StorageKey.CHUNK_ERROR)).toBe('42');
    expect(assign).toHaveBeenCalledWith('/index/carList');
    expect(reload).not.toHaveBeenCalled();
  });

  it('forces a reload for the reload mark', () => {
    const session = memoryStore({ [StorageKey.CHUNK_ERROR]: RELOAD_MARK });
    const reload = jest.fn();
    expect(handleChunkError('/x', { session, now: () => 7, assign: jest.fn(), reload })).toBe(true);
    expect(reload).toHaveBeenCalled();
    expect(session.data.get(StorageKey.CHUNK_ERROR)).toBe('7');
  });

  it('reports false inside the window so the error is shown', () => {
    const session = memoryStore({ [StorageKey.CHUNK_ERROR]: '100' });
    const assign = jest.fn();
    expect(handleChunkError('/x', { session, now: () => 200, assign, reload: jest.fn() })).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('chunk errors', () => {
  it('recognises chunk-load failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new ChunkLoadTimeoutError())).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('times a slow chunk out after the limit', async () => {
    jest.useFakeTimers();
    const pending = withChunkTimeout(() => new Promise<never>(() => undefined), 120_000);
    jest.advanceTimersByTime(120_000);
    await expect(pending).rejects.toBeInstanceOf(ChunkLoadTimeoutError);
    jest.useRealTimers();
  });

  it('passes a loaded chunk through', async () => {
    await expect(withChunkTimeout(() => Promise.resolve('ok'), 10)).resolves.toBe('ok');
  });
});
