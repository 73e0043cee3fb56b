import { PointQuality, type TrackPointRow } from '../ingest/track-point';
import { copyState, judge, type VehicleLiveState } from './vehicle-live-state';

const row = (gpsTime: number, latitudeE6: number, extra: Partial<TrackPointRow> = {}): TrackPointRow => ({
  terminalPhone: '13900000001', gpsTime, sequence: 0, vehicleId: 'v1', receivedAt: gpsTime * 1000, latitudeE6, longitudeE6: 116_400_000,
  mapLatitudeE6: latitudeE6, mapLongitudeE6: 116_400_000, altitudeM: 50, speedDkmh: 400, recordedSpeedDkmh: null, direction: 90, alarmFlags: 0,
  statusFlags: 3, mileageHm: null, fuelDl: null, accState: 1, liftingState: null, loadCondition: 0, openCapState: null, blindArea: 0,
  quality: PointQuality.GOOD, extras: null, ...extra,
});

const T0 = Date.UTC(2026, 10, 20, 2) / 1000;

describe('judge and copyState', () => {
  it('a copy taken before a fold restores the state exactly, although judge updates records in place', () => {
    const state: VehicleLiveState = { terminalPhone: '13900000001', vehicleId: '', sessionOnline: true, lastHeardMs: 0 };
    for (let i = 0; i < 5; i++) judge(state, row(T0 + i * 10, 39_900_000 + i * 100), 250);
    const before = copyState(state);
    const frozen = JSON.parse(JSON.stringify(state));
    // A later batch moves every nested record, then its write fails: the copy is what remains.
    judge(state, row(T0 + 60, 39_901_000), 250);
    judge(state, row(T0 + 70, 45_000_000), 250); // a jump: sets the candidate
    expect(state.latest?.gpsTime).toBe(T0 + 70);
    expect(state.jumpCandidate?.gpsTime).toBe(T0 + 70);
    expect(JSON.parse(JSON.stringify(before))).toEqual(frozen);
  });

  it('counts distance only between trusted fixes and flags the jump on the row', () => {
    const state: VehicleLiveState = { terminalPhone: '13900000001', vehicleId: '', sessionOnline: true, lastHeardMs: 0 };
    judge(state, row(T0, 39_900_000), 250);
    judge(state, row(T0 + 10, 39_900_900), 250); // 100 m
    const jump = row(T0 + 20, 45_000_000);
    judge(state, jump, 250);
    judge(state, row(T0 + 30, 39_901_800), 250); // 100 m from the last trusted fix
    expect(jump.quality & PointQuality.JUMP).toBe(PointQuality.JUMP);
    expect(state.day?.points).toBe(3);
    expect(state.day?.computedM).toBeGreaterThan(190);
    expect(state.day?.computedM).toBeLessThan(210);
    expect(state.lastFix).toMatchObject({ gpsTime: T0 + 30, latitudeE6: 39_901_800 });
  });
});
