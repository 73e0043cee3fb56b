import { BusGate } from './bus-gate';

describe('BusGate', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('closes on failure, holds waiters, reopens after a growing backoff', async () => {
    const gate = new BusGate();
    const changes: boolean[] = [];
    gate.onChange((open) => changes.push(open));
    gate.failed();
    expect(gate.isOpen).toBe(false);
    let released = false;
    void gate.whenOpen().then(() => (released = true));
    jest.advanceTimersByTime(199);
    await Promise.resolve();
    expect(released).toBe(false);
    jest.advanceTimersByTime(1);
    await Promise.resolve();
    expect(released).toBe(true);
    gate.failed();
    jest.advanceTimersByTime(200);
    expect(gate.isOpen).toBe(false);
    jest.advanceTimersByTime(200);
    expect(gate.isOpen).toBe(true);
    gate.succeeded();
    gate.failed();
    jest.advanceTimersByTime(200);
    expect(gate.isOpen).toBe(true);
    expect(changes).toEqual([false, true, false, true, false, true]);
  });
});
