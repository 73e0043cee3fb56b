import { filteredDistance, fuelUsedL, mileageKm, segmentTrips, type TrackSample } from './track-math';

// ~111 m per 0.001 degree of latitude.
function sample(t: number, lat: number, speedKmh: number, extra: Partial<TrackSample> = {}): TrackSample {
  return { gpsTime: t, lng: 116.4, lat, speedKmh, accOn: true, mileageKm: null, oilL: null, ...extra };
}

describe('trip segmentation', () => {
  it('splits trips at a long ACC-off stop and keeps a short standstill inside the trip', () => {
    const points = [
      sample(0, 39.9, 40),
      sample(60, 39.91, 40),
      sample(120, 39.92, 0), // 60 s at a light: not a stop
      sample(180, 39.93, 40),
      sample(240, 39.94, 0, { accOn: false }), // parked 20 min
      sample(840, 39.94, 0, { accOn: false }),
      sample(1440, 39.94, 30),
      sample(1500, 39.95, 30),
    ];
    const { trips, stops } = segmentTrips(points, 3, 180);
    expect(stops).toEqual([{ startTime: 240, endTime: 1440, durationS: 1200, lng: 116.4, lat: 39.94, index: 4 }]);
    expect(trips.map((trip) => [trip.startTime, trip.endTime, trip.startIndex, trip.endIndex])).toEqual([
      [0, 240, 0, 4],
      [840, 1500, 5, 7],
    ]);
    expect(trips[0].distanceM).toBeGreaterThan(4400);
    expect(trips[0].distanceM).toBeLessThan(4500);
    expect(trips[0].durationS).toBe(240);
  });

  it('reports no trip for a vehicle that never moved', () => {
    const points = [sample(0, 39.9, 0, { accOn: false }), sample(600, 39.9, 0, { accOn: false })];
    expect(segmentTrips(points, 3, 180)).toEqual({ trips: [], stops: [expect.objectContaining({ durationS: 600 })] });
  });
});

describe('mileage', () => {
  it('uses the odometer when reported', () => {
    expect(mileageKm([sample(0, 39.9, 10, { mileageKm: 1000.2 }), sample(60, 39.95, 10, { mileageKm: 1012.7 })])).toEqual({ km: 12.5, source: 'odometer' });
  });

  it('computes from positions and skips a jump', () => {
    const points = [sample(0, 39.9, 36), sample(10, 39.9009, 36), sample(20, 40.9, 36), sample(30, 39.9018, 36)];
    expect(filteredDistance(points)).toBeGreaterThan(190);
    expect(filteredDistance(points)).toBeLessThan(210);
    expect(mileageKm(points)).toEqual({ km: 0.2, source: 'computed' });
  });

  it('counts fuel drops, not refuels', () => {
    expect(fuelUsedL([sample(0, 0, 0, { oilL: 100 }), sample(1, 0, 0, { oilL: 90 }), sample(2, 0, 0, { oilL: 150 }), sample(3, 0, 0, { oilL: 145.5 })])).toBe(14.5);
    expect(fuelUsedL([sample(0, 0, 0)])).toBeNull();
  });
});
