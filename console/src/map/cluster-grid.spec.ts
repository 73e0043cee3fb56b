import { clusterPoints } from './cluster-grid';
import { parseTileConfig, tileUrlFor } from './map-tiles';

describe('clusterPoints', () => {
  it('groups points per grid cell at their mean position', () => {
    const clusters = clusterPoints([[1, 1], [3, 3], [15, 5], [-1, -1]], 10);
    expect(clusters).toHaveLength(3);
    expect(clusters).toContainEqual({ x: 2, y: 2, count: 2 });
    expect(clusters).toContainEqual({ x: 15, y: 5, count: 1 });
    expect(clusters).toContainEqual({ x: -1, y: -1, count: 1 });
  });

  it('skips non-finite points and rejects a non-positive cell', () => {
    expect(clusterPoints([[NaN, 1], [1, Infinity]], 10)).toEqual([]);
    expect(() => clusterPoints([], 0)).toThrow(RangeError);
  });

  it('counts ten thousand vehicles without losing any', () => {
    const points = Array.from({ length: 10_000 }, (_, i) => [i % 100, Math.floor(i / 100)] as const);
    const clusters = clusterPoints(points, 25);
    expect(clusters.reduce((sum, cluster) => sum + cluster.count, 0)).toBe(10_000);
    expect(clusters).toHaveLength(16);
  });
});

describe('tile configuration', () => {
  it('takes only known providers and kinds, and gives no URL where the provider has no such layer', () => {
    const config = parseTileConfig(JSON.stringify({ gaode: { road: 'https://t/{z}/{x}/{y}', bogus: 'x' }, tairui: { traffic: 'https://t' }, evil: { road: 'x' } }));
    expect(tileUrlFor(config, 'gaode', 'road')).toBe('https://t/{z}/{x}/{y}');
    expect(tileUrlFor(config, 'gaode', 'satellite')).toBeNull();
    expect(tileUrlFor(config, 'tairui', 'traffic')).toBeNull();
    expect(config).not.toHaveProperty('evil');
  });

  it('treats malformed or missing configuration as no tiles (neutral background)', () => {
    expect(parseTileConfig('{not json')).toEqual({});
    expect(parseTileConfig(undefined)).toEqual({});
    expect(parseTileConfig('"text"')).toEqual({});
  });
});
