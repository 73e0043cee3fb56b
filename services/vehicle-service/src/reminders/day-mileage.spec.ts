import type { Position } from '@openfleet/contracts';
import { DayMileageAccumulator } from './day-mileage';

// 2026-03-10 00:00 China time.
const MIDNIGHT_S = Date.UTC(2026, 2, 9, 16) / 1000;

const report = (gpsTimeS: number, odometerKm: number | null, longitudeE6 = 116_400_000): Position => ({
  terminalPhone: '013800000001', vehicleId: 'v1', gpsTimeS, receivedAtMs: gpsTimeS * 1000, latitudeE6: 39_900_000, longitudeE6, altitudeM: 0, speedDkmh: 600, directionDeg: 0, alarmFlags: 0, statusFlags: 3,
  mileageHm: Math.round((odometerKm ?? 0) * 10), hasMileage: odometerKm !== null, fuelDl: 0, hasFuel: false, recordedSpeedDkmh: 0, hasRecordedSpeed: false, blindArea: false, serial: 1, sequence: 0, extrasJson: '',
});

describe('DayMileageAccumulator', () => {
  it("adds the odometer's rise to the China day of the later report", () => {
    const days = new DayMileageAccumulator();
    days.offer('v1', report(MIDNIGHT_S - 600, 1000));
    days.offer('v1', report(MIDNIGHT_S + 600, 1020));
    days.offer('v1', report(MIDNIGHT_S + 1200, 1030.5));
    expect(days.drain()).toEqual([{ vehicleId: 'v1', day: '2026-03-10', km: 30.5 }]);
    expect(days.drain()).toEqual([]);
  });

  it('skips older reports (redelivered, blind area), impossible jumps and a falling odometer', () => {
    const days = new DayMileageAccumulator();
    days.offer('v1', report(MIDNIGHT_S + 600, 1000));
    days.offer('v1', report(MIDNIGHT_S + 300, 900));
    days.offer('v1', report(MIDNIGHT_S + 1200, 1200));
    days.offer('v1', report(MIDNIGHT_S + 1800, 1190));
    days.offer('v1', report(MIDNIGHT_S + 2400, 1200));
    expect(days.drain()).toEqual([{ vehicleId: 'v1', day: '2026-03-10', km: 10 }]);
  });

  it('falls back to the straight distance without an odometer, and keeps failed rows for the next flush', () => {
    const days = new DayMileageAccumulator();
    days.offer('v1', report(MIDNIGHT_S + 600, null, 116_400_000));
    // 0.01 degree of longitude at 39.9° N: about 0.853 km.
    days.offer('v1', report(MIDNIGHT_S + 660, null, 116_410_000));
    const rows = days.drain();
    expect(rows[0].km).toBeCloseTo(0.853, 2);
    days.restore(rows);
    expect(days.drain()[0].km).toBeCloseTo(0.853, 2);
  });
});
