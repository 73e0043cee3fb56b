import { RECONNECT_DELAYS_MS, reconnectDelay, statusText } from './tile-status';

const t = (key: string) => key;

describe('a tile whose media connection dropped', () => {
  it('reopens after a short gap that grows to 3 s, and gives up after the last', () => {
    expect(reconnectDelay(0)).toBe(500);
    expect(reconnectDelay(1)).toBe(1000);
    expect(reconnectDelay(3)).toBe(3000);
    expect(reconnectDelay(RECONNECT_DELAYS_MS.length - 1)).toBe(3000);
    expect(reconnectDelay(RECONNECT_DELAYS_MS.length)).toBeNull();
    // The attempts cover a video replica's lease (15 s) lapsing before another takes the stream over.
    expect(RECONNECT_DELAYS_MS.reduce((sum, delay) => sum + delay, 0)).toBeGreaterThan(15_000);
  });

  it('says it reconnects, not that the video failed', () => {
    expect(statusText({ kind: 'reconnecting', attempt: 1 }, t, 'zh_CN')).toBe('media.tile.reconnecting');
    expect(statusText({ kind: 'lost' }, t, 'zh_CN')).toBe('media.tile.lost');
  });
});
