import { drivingScore, scoreGrade } from './driving-score';

const none = { mileageKm: 0, harshAccelCount: 0, harshBrakeCount: 0, harshTurnCount: 0, overspeedCount: 0, fatigueCount: 0, nightDrivingS: 0 };

describe('driving score', () => {
  it('is 100 without events', () => {
    expect(drivingScore({ ...none, mileageKm: 500 })).toBe(100);
  });

  it('takes the weighted points per 100 km, never over less than 100 km', () => {
    // 2 + 2 + 2 + 3 + 5 + 1 = 15 points over 50 km: counted over 100 km -> 85.
    const once = { harshAccelCount: 1, harshBrakeCount: 1, harshTurnCount: 1, overspeedCount: 1, fatigueCount: 1, nightDrivingS: 3600 };
    expect(drivingScore({ ...none, ...once, mileageKm: 50 })).toBe(85);
    // The same over 300 km: 5 points per 100 km -> 95.
    expect(drivingScore({ ...none, ...once, mileageKm: 300 })).toBe(95);
    // Half an hour of night driving over 100 km: 0.5 points.
    expect(drivingScore({ ...none, nightDrivingS: 1800, mileageKm: 100 })).toBe(99.5);
  });

  it('does not go below 0, and grades at 90, 80 and 60', () => {
    expect(drivingScore({ ...none, fatigueCount: 50, mileageKm: 100 })).toBe(0);
    expect([90, 89.9, 80, 79.9, 60, 59.9].map(scoreGrade)).toEqual(['A', 'B', 'B', 'C', 'C', 'D']);
  });
});
