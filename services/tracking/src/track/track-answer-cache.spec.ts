import { TrackAnswerCache } from './track-answer-cache';

const MB = 1024 * 1024;
const body = (bytes: number, fill = 1) => Buffer.alloc(bytes, fill);

describe('track answer cache', () => {
  it('is off at 0 MB', () => {
    const cache = new TrackAnswerCache(0);
    cache.set('a', '1:0', body(10));
    expect(cache.enabled).toBe(false);
    expect(cache.get('a', '1:0')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('answers a body only while its rows have the same fingerprint, and forgets it once they changed', () => {
    const cache = new TrackAnswerCache(1);
    cache.set('a', '10:100', body(100, 7));
    expect(cache.get('a', '10:100')?.[0]).toBe(7);
    expect(cache.get('a', '11:100')).toBeUndefined();
    expect(cache.get('a', '10:100')).toBeUndefined(); // dropped, not kept for a fingerprint that can never return
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 1, misses: 2 });
  });

  it('stays within its bytes, dropping the least recently used body first', () => {
    const cache = new TrackAnswerCache(1);
    cache.set('a', 'v', body(400_000));
    cache.set('b', 'v', body(400_000));
    expect(cache.get('a', 'v')).toBeDefined(); // a is now more recent than b
    cache.set('c', 'v', body(400_000));
    expect(cache.get('b', 'v')).toBeUndefined();
    expect(cache.get('a', 'v')).toBeDefined();
    expect(cache.get('c', 'v')).toBeDefined();
    expect(cache.size).toBeLessThanOrEqual(MB);
    expect(cache.size).toBeGreaterThan(800_000);
  });

  it('does not keep a body larger than the whole bound', () => {
    const cache = new TrackAnswerCache(1);
    cache.set('small', 'v', body(1000));
    cache.set('huge', 'v', body(MB + 1));
    expect(cache.get('huge', 'v')).toBeUndefined();
    expect(cache.get('small', 'v')).toBeDefined();
  });

  it('counts a slice of a larger allocation as its own length, holding a copy of it', () => {
    const cache = new TrackAnswerCache(1);
    const large = body(600_000, 3);
    cache.set('slice', 'v', large.subarray(0, 1000));
    expect(cache.size).toBeLessThan(2000);
    const kept = cache.get('slice', 'v') as Buffer;
    expect(kept.buffer.byteLength).toBe(1000);
    expect(kept.equals(large.subarray(0, 1000))).toBe(true);
  });
});
