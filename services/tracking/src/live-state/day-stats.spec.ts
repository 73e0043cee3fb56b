import { DEFAULT_DAY_RULES, foldDayPoint, newDayStats, nightSeconds, type DayPointInput } from './day-stats';

const cst = (text: string) => Date.parse(`${text}+08:00`) / 1000;
const point = (gpsTime: number, speedKmh: number, extra: Partial<DayPointInput> = {}): DayPointInput => ({
  gpsTime, latitudeE6: 39_900_000, longitudeE6: 116_400_000, speedDkmh: speedKmh * 10, direction: 90, accState: 1, alarmFlags: 0, mileageHm: null, fuelDl: null, ...extra,
});

function fold(points: DayPointInput[]) {
  const stats = newDayStats('2026-11-20');
  for (const p of points) foldDayPoint(stats, p, DEFAULT_DAY_RULES);
  return stats;
}

describe('day statistics: harsh driving', () => {
  const t0 = cst('2026-11-20T10:00:00');

  it('counts acceleration from 2.8 m/s² and braking from 3.5 m/s² between fixes at most 3 s apart', () => {
    // +10 km/h in 1 s = 2.78 m/s²: under the line; +11 km/h = 3.06 m/s²: harsh.
    expect(fold([point(t0, 40), point(t0 + 1, 50)]).harshAccelCount).toBe(0);
    expect(fold([point(t0, 40), point(t0 + 1, 51)]).harshAccelCount).toBe(1);
    // -13 km/h in 1 s = 3.61 m/s²: harsh braking; -12 km/h = 3.33 m/s²: not.
    expect(fold([point(t0, 60), point(t0 + 1, 47)]).harshBrakeCount).toBe(1);
    expect(fold([point(t0, 60), point(t0 + 1, 48)]).harshBrakeCount).toBe(0);
    // The same change over 4 s apart says nothing about how it happened.
    expect(fold([point(t0, 0), point(t0 + 4, 60)]).harshAccelCount).toBe(0);
  });

  it('counts turns of 30° per second above 20 km/h, across north', () => {
    expect(fold([point(t0, 40, { direction: 350 }), point(t0 + 1, 40, { direction: 20 })]).harshTurnCount).toBe(1);
    expect(fold([point(t0, 40, { direction: 350 }), point(t0 + 1, 40, { direction: 15 })]).harshTurnCount).toBe(0);
    expect(fold([point(t0, 15, { direction: 0 }), point(t0 + 1, 15, { direction: 90 })]).harshTurnCount).toBe(0);
  });

  it('counts fatigue alarms as rises of alarm bit 2', () => {
    const fatigue = { alarmFlags: 1 << 2 };
    expect(fold([point(t0, 40), point(t0 + 10, 40, fatigue), point(t0 + 20, 40, fatigue), point(t0 + 30, 40), point(t0 + 40, 40, fatigue)]).fatigueCount).toBe(2);
  });

  it('counts driving between 22:00 and 06:00 as night driving', () => {
    const evening = cst('2026-11-20T21:59:00');
    const stats = fold([point(evening, 50), point(evening + 60, 50), point(evening + 120, 50)]);
    expect(stats.drivingS).toBe(120);
    expect(stats.nightDrivingS).toBe(60);
  });
});

describe('nightSeconds', () => {
  it('cuts a span at 22:00 and 06:00 China time', () => {
    expect(nightSeconds(cst('2026-11-20T21:00:00'), cst('2026-11-20T23:00:00'))).toBe(3600);
    expect(nightSeconds(cst('2026-11-20T05:30:00'), cst('2026-11-20T06:30:00'))).toBe(1800);
    expect(nightSeconds(cst('2026-11-20T21:00:00'), cst('2026-11-21T07:00:00'))).toBe(8 * 3600);
    expect(nightSeconds(cst('2026-11-20T12:00:00'), cst('2026-11-20T13:00:00'))).toBe(0);
  });
});
