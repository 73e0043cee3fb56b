/**
 * kafkajs 2.2.4, its last release (the project takes no more), spins a timer on every open broker
 * connection. Its RequestQueue re-arms `checkPendingRequests` after every check with the delay
 * `throttledUntil - now`, negative when nothing is throttled, so each connection runs a ~1 ms timer
 * loop for as long as it is open, with nothing waiting (tulios/kafkajs#1556; the fix proposed in
 * #1667 was never released). Every consumer, producer and admin holds such connections: an idle
 * cluster of compose's replica count (26 processes) burned most of a 2-core machine, 3-9 % of a core
 * per idle service (docs/bus.md, "Idle cost").
 *
 * The replacement schedules a check only while a request waits for one: queued behind the
 * in-flight limit or a broker's client-side throttle (then at the throttle's end, at least 10 ms
 * later as before). Every other way a request can go out already checks the queue itself: `push`
 * sends at once when it can, and a request answered or timed out calls `checkPendingRequests`.
 * No library replaces kafkajs under the design card, so the one method is replaced here, for the
 * version whose code was read; any other version is left as it is.
 */
const PATCHED_VERSION = '2.2.4';
/** kafkajs's own retry interval for a queued request whose throttle has (nearly) ended. */
const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10;

interface RequestQueueState {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
}

/** The delay of the next check, or undefined when nothing waits for one. */
export function nextPendingCheckMs(pending: number, throttledUntil: number, now: number): number | undefined {
  if (pending === 0) return undefined;
  const throttledFor = throttledUntil - now;
  return throttledFor > 0 ? throttledFor : CHECK_PENDING_REQUESTS_INTERVAL_MS;
}

function scheduleCheckPendingRequests(this: RequestQueueState): void {
  if (this.throttleCheckTimeoutId) return;
  const delay = nextPendingCheckMs(this.pending.length, this.throttledUntil, Date.now());
  if (delay === undefined) return;
  this.throttleCheckTimeoutId = setTimeout(() => {
    this.throttleCheckTimeoutId = null;
    this.checkPendingRequests();
  }, delay);
}

let patched: boolean | undefined;

/** Replaces RequestQueue's scheduler once per process; true when kafkajs is the version it fits. */
export function patchKafkajsIdleLoop(): boolean {
  if (patched !== undefined) return patched;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- kafkajs has no exports map; these paths are its published files
  const { version } = require('kafkajs/package.json') as { version: string };
  patched = version === PATCHED_VERSION;
  if (patched) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const RequestQueue = require('kafkajs/src/network/requestQueue') as { prototype: { scheduleCheckPendingRequests: () => void } };
    RequestQueue.prototype.scheduleCheckPendingRequests = scheduleCheckPendingRequests;
  }
  return patched;
}
