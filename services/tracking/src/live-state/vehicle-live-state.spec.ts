import { PointQuality, type TrackPointRow } from '../ingest/track-point';
import { distanceMeters } from '@openfleet/geo';
import { isImpossibleJump } from '../ingest/jump-filter';
import { copyState, dayMileageMeters, judge, type VehicleLiveState } from './vehicle-live-state';

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
    expect(state.latest?.gpsTime).toBe(T0 + 60);
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

const fresh = (): VehicleLiveState => ({ terminalPhone: '13900000001', vehicleId: '', sessionOnline: true, lastHeardMs: 0 });

describe('latest state after a report flagged as a jump', () => {
  it('leaves the flagged report out whole, and takes the next agreeing fix whole', () => {
    const state = fresh();
    judge(state, row(T0, 39_900_000, { mileageHm: 1000, fuelDl: 300 }), 250);
    const jump = row(T0 + 10, 45_000_000, { mileageHm: 1001, fuelDl: 290 });
    judge(state, jump, 250);
    expect(jump.quality & PointQuality.JUMP).toBe(PointQuality.JUMP);
    // Never the jump's time, mileage or fuel beside the previous fix's coordinates.
    expect(state.latest).toMatchObject({ gpsTime: T0, latitudeE6: 39_900_000, mileageHm: 1000, fuelDl: 300 });
    expect(state.lastHeardMs).toBe((T0 + 10) * 1000);
    // The next fix agrees with the candidate: the vehicle really moved, and that report is shown whole.
    judge(state, row(T0 + 20, 45_000_100, { mileageHm: 1002, fuelDl: 289 }), 250);
    expect(state.latest).toMatchObject({ gpsTime: T0 + 20, latitudeE6: 45_000_100, mileageHm: 1002, fuelDl: 289 });
    expect(state.lastFix).toMatchObject({ gpsTime: T0 + 20, latitudeE6: 45_000_100 });
  });
});

describe('daily mileage across midnight, China time (16:00 UTC)', () => {
  const MIDNIGHT_CST = Date.UTC(2026, 10, 20, 16) / 1000; // 2026-11-21 00:00 UTC+8

  it('starts a new day at 16:00 UTC carrying the interval across midnight, and answers a late row of the previous day as a backfill', () => {
    const state = fresh();
    judge(state, row(MIDNIGHT_CST - 20, 39_900_000, { mileageHm: 1000 }), 250);
    judge(state, row(MIDNIGHT_CST - 10, 39_900_900, { mileageHm: 1001 }), 250);
    expect(state.day).toMatchObject({ day: '2026-11-20', odometerStartHm: 1000, odometerEndHm: 1001, points: 2 });
    judge(state, row(MIDNIGHT_CST, 39_901_800, { mileageHm: 1002 }), 250);
    // The day starts from the last reading before midnight: daily mileages add up to the distance driven.
    expect(state.day).toMatchObject({ day: '2026-11-21', odometerStartHm: 1001, odometerEndHm: 1002, points: 1 });
    expect(state.day!.computedM).toBeGreaterThan(95);
    expect(state.day!.computedM).toBeLessThan(105);
    judge(state, row(MIDNIGHT_CST + 10, 39_902_700, { mileageHm: 1005 }), 250);
    expect(state.day).toMatchObject({ day: '2026-11-21', odometerStartHm: 1001, odometerEndHm: 1005, points: 2 });
    expect(dayMileageMeters(state.day!)).toBe(400);
    const before = JSON.stringify(state.day);
    // A late blind-area row of 2026-11-20: the live day is untouched and the caller refolds that day.
    expect(judge(state, row(MIDNIGHT_CST - 5, 39_901_300, { mileageHm: 1001 }), 250)).toBe(true);
    expect(JSON.stringify(state.day)).toBe(before);
  });
});

describe('isImpossibleJump at the speed limit', () => {
  const last = { gpsTime: T0, latitudeE6: 39_900_000, longitudeE6: 116_400_000 };
  // 10 s apart at 250 km/h is 694.4 m: legs of ~680 m (245 km/h) and ~710 m (256 km/h).
  const under = { gpsTime: T0 + 10, latitudeE6: 39_906_115, longitudeE6: 116_400_000 };
  const over = { gpsTime: T0 + 10, latitudeE6: 39_906_385, longitudeE6: 116_400_000 };

  it('passes a leg just under the limit and flags one just over it', () => {
    const kmh = (fix: typeof under) => distanceMeters(116.4, 39.9, 116.4, fix.latitudeE6 / 1e6) / 1000 / (10 / 3600);
    expect(kmh(under)).toBeGreaterThan(240);
    expect(kmh(under)).toBeLessThan(250);
    expect(kmh(over)).toBeGreaterThan(250);
    expect(kmh(over)).toBeLessThan(260);
    expect(isImpossibleJump(last, under, 250)).toBe(false);
    expect(isImpossibleJump(last, over, 250)).toBe(true);
  });

  it('never judges a fix older than the last one (blind-area uploads)', () => {
    expect(isImpossibleJump(last, { ...over, gpsTime: T0 - 10 }, 250)).toBe(false);
  });
});
