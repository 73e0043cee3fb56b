import type { HubEventName, ServerToClientEvents } from '@openfleet/contracts/live';
import { useEffect, useMemo } from 'react';
import { useAppSelector } from './hooks';
import { liveSocket } from './live-socket';

/** Hands the session's token to the tab's live socket (rendered once, by the app). */
export function useLiveSocketSession(): void {
  const token = useAppSelector((state) => state.session.token);
  useEffect(() => liveSocket.setToken(token), [token]);
}

/** Calls `listener` (memoise it) for every `event` of the live hub while the component is mounted. */
export function useLiveEvent<E extends HubEventName>(event: E, listener: ServerToClientEvents[E]): void {
  useEffect(() => liveSocket.on(event, listener), [event, listener]);
}

/** Asks the hub for the positions of `vehicleIds` while mounted (with every other follower's). */
export function useFollowVehicles(vehicleIds: readonly string[]): void {
  // A new array with the same vehicles does not resubscribe.
  const key = vehicleIds.join(',');
  const ids = useMemo(() => (key ? key.split(',') : []), [key]);
  useEffect(() => liveSocket.follow(ids), [ids]);
}

/**
 * For an RTK Query endpoint's `onCacheEntryAdded`: calls `listener` for every `event` while the
 * cache entry lives, so the event updates that entry (`updateQueryData`) or invalidates its tags.
 */
export async function listenWhileCached<E extends HubEventName>(
  event: E,
  listener: ServerToClientEvents[E],
  { cacheEntryRemoved }: { cacheEntryRemoved: Promise<unknown> },
): Promise<void> {
  const stop = liveSocket.on(event, listener);
  await cacheEntryRemoved;
  stop();
}

/** One call at most per `ms`, at its end: a batch of events costs one refetch. */
export function trailing(ms: number, run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return () => {
    timer ??= setTimeout(() => {
      timer = null;
      run();
    }, ms);
  };
}
