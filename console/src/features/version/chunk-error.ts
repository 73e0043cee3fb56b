import { StorageKey, type KeyValueStore } from '../../app/storage-keys';

/** Spec §9: chunk-error reload window and chunk-load timeout. */
export const CHUNK_RELOAD_WINDOW_MS = 60_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Mark value a caller sets to ask for one forced reload regardless of the window. */
export const RELOAD_MARK = 'reload';

export class ChunkLoadTimeoutError extends Error {
  constructor() {
    super('Loading chunk timed out');
    this.name = 'ChunkLoadError';
  }
}

const chunkMessages = [
  /Failed to fetch dynamically imported module/i,
  /Importing a module script failed/i,
  /error loading dynamically imported module/i,
  /Loading (CSS )?chunk .* failed/i,
  /Unable to preload CSS/i,
];

/** A missing chunk file or a chunk timeout (spec §8). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || chunkMessages.some((pattern) => pattern.test(error.message));
}

export type ChunkErrorAction =
  | { readonly kind: 'reloadTo'; readonly path: string; readonly mark: string }
  | { readonly kind: 'forceReload'; readonly mark: string }
  | { readonly kind: 'giveUp' };

/**
 * Spec §8: with no mark, or a mark older than 60 s, set the mark and reload to the target
 * path; when the mark says "reload", store the time and force a reload. A fresh numeric
 * mark means we already reloaded within the window, so we stop instead of looping.
 */
export function decideChunkError(mark: string | null, now: number, targetPath: string): ChunkErrorAction {
  if (mark === RELOAD_MARK) return { kind: 'forceReload', mark: String(now) };
  const markedAt = mark === null ? Number.NaN : Number(mark);
  if (!Number.isFinite(markedAt) || now - markedAt > CHUNK_RELOAD_WINDOW_MS) {
    return { kind: 'reloadTo', path: targetPath, mark: String(now) };
  }
  return { kind: 'giveUp' };
}

export interface ChunkErrorDeps {
  readonly session: KeyValueStore;
  readonly now: () => number;
  readonly assign: (path: string) => void;
  readonly reload: () => void;
}

/** Applies {@link decideChunkError}; returns false when the error should be shown instead. */
export function handleChunkError(targetPath: string, deps: ChunkErrorDeps): boolean {
  const action = decideChunkError(deps.session.getItem(StorageKey.CHUNK_ERROR), deps.now(), targetPath);
  if (action.kind === 'giveUp') return false;
  deps.session.setItem(StorageKey.CHUNK_ERROR, action.mark);
  if (action.kind === 'reloadTo') deps.assign(action.path);
  else deps.reload();
  return true;
}

/** Rejects a dynamic import that takes longer than the chunk timeout. */
export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError()), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
