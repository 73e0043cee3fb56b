import { nextPendingCheckMs, patchKafkajsIdleLoop } from './kafkajs-idle-loop';

// kafkajs's own RequestQueue (one per broker connection), with the replaced scheduler.
interface Queue {
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  pending: unknown[];
  push(request: { entry: { correlationId: number; apiName: string; resolve: () => void; reject: () => void }; expectResponse: boolean; sendRequest: () => void }): void;
  maybeThrottle(ms: number): void;
  checkPendingRequests(): void;
  fulfillRequest(response: { correlationId: number; payload: Buffer | null; size: number }): void;
  destroy(): void;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const RequestQueue = require('kafkajs/src/network/requestQueue') as new (options: Record<string, unknown>) => Queue;
const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const queue = (maxInFlightRequests: number | null = null) =>
  new RequestQueue({ maxInFlightRequests, requestTimeout: 30_000, enforceRequestTimeout: false, clientId: 'spec', broker: '127.0.0.1:9092', logger: quiet });
const request = (correlationId: number, sent: number[], expectResponse = false) => ({
  entry: { correlationId, apiName: 'Fetch', apiKey: 1, apiVersion: 11, resolve: () => undefined, reject: () => undefined },
  expectResponse,
  sendRequest: () => void sent.push(correlationId),
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('kafkajs idle loop', () => {
  const queues: Queue[] = [];
  const make = (max: number | null = null) => {
    const q = queue(max);
    queues.push(q);
    return q;
  };
  beforeAll(() => expect(patchKafkajsIdleLoop()).toBe(true));
  afterEach(() => queues.splice(0).forEach((q) => q.destroy()));

  it('schedules the next check only while a request waits, at the end of a throttle or 10 ms on', () => {
    expect(nextPendingCheckMs(0, -1, 1_000)).toBeUndefined();
    expect(nextPendingCheckMs(0, 1_500, 1_000)).toBeUndefined();
    expect(nextPendingCheckMs(1, 1_500, 1_000)).toBe(500);
    expect(nextPendingCheckMs(1, 1_000, 1_000)).toBe(10);
    expect(nextPendingCheckMs(2, -1, 1_000)).toBe(10);
  });

  it('arms no timer on an idle connection (kafkajs 2.2.4 re-armed one with a negative delay after every check)', async () => {
    const q = make();
    const sent: number[] = [];
    q.push(request(1, sent));
    q.checkPendingRequests();
    expect(sent).toEqual([1]);
    expect(q.throttleCheckTimeoutId).toBeNull();
    await sleep(20);
    expect(q.throttleCheckTimeoutId).toBeNull();
  });

  it('sends a request held by a client-side throttle when the throttle ends, then arms nothing', async () => {
    const q = make();
    const sent: number[] = [];
    q.maybeThrottle(60);
    q.push(request(7, sent));
    expect(sent).toEqual([]);
    expect(q.throttleCheckTimeoutId).not.toBeNull();
    await sleep(40);
    expect(sent).toEqual([]);
    await sleep(80);
    expect(sent).toEqual([7]);
    expect(q.pending).toHaveLength(0);
    expect(q.throttleCheckTimeoutId).toBeNull();
  });

  it('sends a request queued behind the in-flight limit when the one before it is answered, then arms nothing', async () => {
    const q = make(1);
    const sent: number[] = [];
    q.push(request(1, sent, true));
    q.push(request(2, sent, true));
    expect(sent).toEqual([1]);
    q.fulfillRequest({ correlationId: 1, payload: null, size: 0 });
    expect(sent).toEqual([1, 2]);
    q.fulfillRequest({ correlationId: 2, payload: null, size: 0 });
    await sleep(30); // the 10 ms check armed while request 2 waited finds nothing and arms no other
    expect(q.throttleCheckTimeoutId).toBeNull();
  });
});
