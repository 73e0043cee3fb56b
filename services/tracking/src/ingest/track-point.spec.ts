import type { Position } from '@openfleet/contracts';
import { PointQuality, toTrackPointRow } from './track-point';

const base: Position = {
  terminalPhone: '13800000001', vehicleId: '7', gpsTimeS: 1_795_000_000, receivedAtMs: 1_795_000_001_000, latitudeE6: 39_908_692, longitudeE6: 116_397_477,
  altitudeM: 52, speedDkmh: 605, directionDeg: 91, alarmFlags: 0, statusFlags: 0b11, mileageHm: 123_456, hasMileage: true, fuelDl: 420, hasFuel: true,
  recordedSpeedDkmh: 0, hasRecordedSpeed: false, blindArea: false, serial: 9, sequence: 0, extrasJson: '{"signal":25}',
};

describe('track point row', () => {
  it('keeps a good report as it is, with GCJ-02 map coordinates beside the raw WGS-84', () => {
    const row = toTrackPointRow(base, '7');
    expect(row).toMatchObject({ quality: PointQuality.GOOD, speedDkmh: 605, mileageHm: 123_456, fuelDl: 420, recordedSpeedDkmh: null, accState: 1, loadCondition: 0, liftingState: null, extras: '{"signal":25}' });
    expect(row.mapLongitudeE6 - row.longitudeE6).toBeGreaterThan(5000); // Beijing: GCJ-02 is ~600 m east
  });

  it('flags sentinel readings and stores them as NULL', () => {
    const row = toTrackPointRow({ ...base, speedDkmh: 2150, fuelDl: 55_535, recordedSpeedDkmh: 655, hasRecordedSpeed: true }, '7');
    expect(row.quality).toBe(PointQuality.SENTINEL);
    expect(row).toMatchObject({ speedDkmh: null, fuelDl: null, recordedSpeedDkmh: 655, mileageHm: 123_456 });
    expect(toTrackPointRow({ ...base, mileageHm: 655_3, hasMileage: true }, '7').mileageHm).toBe(6553);
  });

  it('flags a report without a fix and does not shift its coordinates', () => {
    const row = toTrackPointRow({ ...base, statusFlags: 0b01 }, '7');
    expect(row.quality & PointQuality.NO_FIX).toBeTruthy();
    expect(row.mapLatitudeE6).toBe(row.latitudeE6);
    expect(toTrackPointRow({ ...base, latitudeE6: 0, longitudeE6: 0 }, '7').quality & PointQuality.NO_FIX).toBeTruthy();
  });

  it('reads the load bits and the body-state extras', () => {
    expect(toTrackPointRow({ ...base, statusFlags: 0b11 | (0b11 << 8) }, '7').loadCondition).toBe(2);
    expect(toTrackPointRow({ ...base, statusFlags: 0b11 | (0b01 << 8) }, '7').loadCondition).toBe(1);
    expect(toTrackPointRow({ ...base, statusFlags: 0b11 | (0b10 << 8) }, '7').loadCondition).toBeNull();
    const row = toTrackPointRow({ ...base, extrasJson: '{"liftingState":1,"openCapState":2}' }, '7');
    expect(row).toMatchObject({ liftingState: 1, openCapState: 2 });
    expect(toTrackPointRow({ ...base, extrasJson: '{"liftingState":"up"' }, '7').liftingState).toBeNull();
  });
});
