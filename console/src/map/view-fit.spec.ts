import { FIT_MAX_ZOOM, fitTarget, followTarget, shouldFit, STREET_ZOOM } from './view-fit';
import { wgsToView } from './coordinate-boundary';

describe('fitting the map to checked vehicles', () => {
  it('fits the bounding box of several vehicles', () => {
    const beijing = wgsToView(116.4, 39.9, 3);
    const tianjin = wgsToView(117.2, 39.1, 3);
    expect(fitTarget([beijing, tianjin])).toEqual({ kind: 'extent', extent: [beijing[0], tianjin[1], tianjin[0], beijing[1]] });
  });

  it('centres one vehicle (or several in one place) at street zoom', () => {
    const at = wgsToView(116.4, 39.9, 3);
    expect(fitTarget([at])).toEqual({ kind: 'center', center: at, zoom: STREET_ZOOM });
    expect(fitTarget([at, [at[0] + 0.2, at[1]]])).toMatchObject({ kind: 'center', zoom: STREET_ZOOM });
    expect(STREET_ZOOM).toBeGreaterThanOrEqual(15);
    expect(FIT_MAX_ZOOM).toBeGreaterThanOrEqual(15);
  });

  it('has nothing to fit without a position', () => {
    expect(fitTarget([])).toEqual({ kind: 'none' });
    expect(fitTarget([[Number.NaN, 1]])).toEqual({ kind: 'none' });
  });

  it('fits 45 vehicles of a city to the city, not to China', () => {
    const points = Array.from({ length: 45 }, (_, i) => wgsToView(116.3 + (i % 9) * 0.02, 39.85 + Math.floor(i / 9) * 0.02, 3));
    const target = fitTarget(points);
    expect(target.kind).toBe('extent');
    const [minX, minY, maxX, maxY] = (target as { extent: number[] }).extent;
    // About 14 km x 9 km of Web Mercator metres (x 1.3 at 40° N), not thousands of km.
    expect(maxX! - minX!).toBeLessThan(25_000);
    expect(maxY! - minY!).toBeLessThan(25_000);
    expect(maxX! - minX!).toBeGreaterThan(15_000);
  });

  it('fits again when a vehicle with a position joins, not when one leaves or moves', () => {
    expect(shouldFit(new Set(), ['1'])).toBe(true);
    expect(shouldFit(new Set(['1']), ['1', '2'])).toBe(true);
    expect(shouldFit(new Set(['1', '2']), ['1', '2'])).toBe(false);
    expect(shouldFit(new Set(['1', '2']), ['1'])).toBe(false);
    expect(shouldFit(new Set(['1']), [])).toBe(false);
  });
});

describe('following one vehicle', () => {
  const extent = [0, 0, 1000, 1000] as const;

  it('zooms to street level on the first position, from the all-China view', () => {
    expect(followTarget([500, 500], { zoom: 5, extent }, false)).toEqual({ center: [500, 500], zoom: STREET_ZOOM });
  });

  it('keeps a closer zoom the operator chose', () => {
    expect(followTarget([500, 500], { zoom: 18, extent }, false)).toEqual({ center: [500, 500], zoom: 18 });
  });

  it('then re-centres only near the edge, without touching the zoom', () => {
    expect(followTarget([500, 500], { zoom: 16, extent }, true)).toBeNull();
    expect(followTarget([790, 500], { zoom: 16, extent }, true)).toBeNull();
    expect(followTarget([850, 500], { zoom: 16, extent }, true)).toEqual({ center: [850, 500] });
    expect(followTarget([500, 100], { zoom: 16, extent }, true)).toEqual({ center: [500, 100] });
  });
});
