import { StorageKey, type KeyValueStore } from '../../app/storage-keys';

export type VersionOutcome = 'unchanged' | 'firstSeen' | 'changed';

/** Compare the fetched version with the stored one (spec §4: a difference reloads). */
export function compareVersion(stored: string | null, fetched: string | null | undefined): VersionOutcome {
  if (!fetched) return 'unchanged';
  if (stored === null) return 'firstSeen';
  return stored === fetched ? 'unchanged' : 'changed';
}

export interface VersionCheckDeps {
  readonly fetchVersion: () => Promise<string | null>;
  readonly store: KeyValueStore;
  readonly reload: () => void;
}

/**
 * Runs on every navigation: stores the version and reloads when it differs. The first
 * version ever seen is only stored, so a fresh browser does not reload once for nothing.
 */
export async function checkVersion(deps: VersionCheckDeps): Promise<VersionOutcome> {
  let fetched: string | null;
  try {
    fetched = await deps.fetchVersion();
  } catch {
    return 'unchanged';
  }
  const outcome = compareVersion(deps.store.getItem(StorageKey.VERSION), fetched);
  if (outcome !== 'unchanged' && fetched) deps.store.setItem(StorageKey.VERSION, fetched);
  if (outcome === 'changed') deps.reload();
  return outcome;
}

/** Reads `js/version.json` from the host, bypassing caches. */
export async function fetchVersionJson(now: number = Date.now()): Promise<string | null> {
  const response = await fetch(`/js/version.json?t=${now}`, { cache: 'no-store' });
  if (!response.ok) return null;
  const body = (await response.json()) as { version?: unknown };
  return typeof body.version === 'string' ? body.version : null;
}
