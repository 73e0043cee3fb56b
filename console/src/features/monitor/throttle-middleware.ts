import type { Middleware } from '@reduxjs/toolkit';
import type { LivePosition } from './live-types';
import { positionsApplied, positionsArrived } from './liveSlice';

/** Spec §9 throttle default. */
export const DEFAULT_LIVE_TICK_MS = 500;

export interface ThrottleTimers {
  readonly setTimeout: (callback: () => void, ms: number) => unknown;
}

/**
 * Swallows `live/positionsArrived` (one per socket message) and dispatches one
 * `live/positionsApplied` per interval with the newest position of each vehicle, so ten thousand
 * vehicles cost one store update and one render per tick however the messages arrive.
 */
export function createLiveThrottle(intervalMs = DEFAULT_LIVE_TICK_MS, timers: ThrottleTimers = globalThis): Middleware {
  return (store) => {
    let pending = new Map<string, LivePosition>();
    let scheduled = false;
    const flush = () => {
      scheduled = false;
      if (!pending.size) return;
      const batch = [...pending.values()];
      pending = new Map();
      const started = globalThis.performance?.now();
      store.dispatch(positionsApplied(batch));
      // React flushes the store update (render + effects) in a microtask queued during the dispatch;
      // this one runs after it, so the measure is the tick's whole synchronous cost (devtools, bench).
      if (started !== undefined) queueMicrotask(() => globalThis.performance?.measure?.('live-tick', { start: started, end: performance.now() }));
    };
    return (next) => (action) => {
      if (!positionsArrived.match(action)) return next(action);
      for (const position of action.payload) {
        const key = position.vehicleId || position.terminalPhone;
        const known = pending.get(key);
        // An older report (blind-area upload) never replaces a newer one within the tick.
        if (!known || known.gpsTimeS <= position.gpsTimeS) pending.set(key, position);
      }
      if (!scheduled && pending.size) {
        scheduled = true;
        timers.setTimeout(flush, intervalMs);
      }
      return action;
    };
  };
}
