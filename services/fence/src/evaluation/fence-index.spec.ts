// The R-tree's boxes never hide a fence a point is in: index + shape test against brute force.
import type { FenceGeometry } from '@openfleet/contracts';
import RBush from 'rbush';
import { boundsOf, contains, type Bounds } from './fence-shape';

let seed = 7;
const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);

function randomShape(i: number): FenceGeometry {
  const lng = 116 + random() * 0.2;
  const lat = 39.8 + random() * 0.2;
  const size = 0.002 + random() * 0.02;
  if (i % 4 === 0) return { type: 'circle', center: [lng, lat], radiusM: 50 + random() * 2000 };
  if (i % 4 === 1) return { type: 'rectangle', northWest: [lng, lat + size], southEast: [lng + size, lat] };
  if (i % 4 === 2) return { type: 'polygon', points: Array.from({ length: 7 }, (_, k) => [lng + size * Math.cos(k) * random(), lat + size * Math.sin(k) * random()] as [number, number]) };
  return { type: 'route', points: [[lng, lat], [lng + size, lat + size], [lng + 2 * size, lat]], segments: [{ widthM: 30 + random() * 200, longThresholdS: 0, shortThresholdS: 0, maxSpeedKmh: 0 }, { widthM: 30 + random() * 200, longThresholdS: 0, shortThresholdS: 0, maxSpeedKmh: 0 }] };
}

describe('fence index', () => {
  it('finds exactly the fences brute force finds, over 20,000 random points and 120 fences', () => {
    const shapes = Array.from({ length: 120 }, (_, i) => randomShape(i));
    const tree = new RBush<Bounds & { index: number }>();
    tree.load(shapes.map((shape, index) => ({ ...boundsOf(shape), index })));
    let hits = 0;
    for (let p = 0; p < 20_000; p++) {
      const lng = 116 + random() * 0.22;
      const lat = 39.8 + random() * 0.22;
      const brute = shapes.flatMap((shape, index) => (contains(shape, lng, lat) ? [index] : []));
      const indexed = tree.search({ minX: lng, minY: lat, maxX: lng, maxY: lat }).map((item) => item.index).filter((index) => contains(shapes[index], lng, lat)).sort((a, b) => a - b);
      expect(indexed).toEqual(brute);
      hits += brute.length;
    }
    expect(hits).toBeGreaterThan(100);
  });
});
