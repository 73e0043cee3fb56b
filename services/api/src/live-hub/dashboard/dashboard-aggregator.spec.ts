import { chinaDayStart, type VehicleRegistryEntry } from '@openfleet/contracts';
import { placeIndexReady } from '@openfleet/geo';
import { DashboardAggregator, socBucketOf } from './dashboard-aggregator';
import type { DashboardScope } from './dashboard-figures';
import { dashboardScopeOf, scopeKeyOf } from './dashboard.gateway';

const DAY = '2026-11-27';
const T0 = chinaDayStart(DAY) + 9 * 3_600_000; // 09:00 China time
const STEP = 600_000;

function vehicle(vehicleId: string, companyPath: string[], fleetPath: string[] = []): VehicleRegistryEntry {
  return { vehicleId, plateCode: `京A${vehicleId}`, plateColor: 1, vin: '', companyId: companyPath.at(-1)!, companyPath, fleetPath, terminalPhone: `1380000000${vehicleId}`, deleted: false, updatedAt: 1 };
}

const all: DashboardScope = { superAdmin: true, companies: new Set(), fleets: new Set() };
const companyB: DashboardScope = { superAdmin: false, companies: new Set(['B']), fleets: new Set() };
const fleetF: DashboardScope = { superAdmin: false, companies: new Set(), fleets: new Set(['F']) };
const alarm = (alarmId: string, vehicleId: string, level: number, extra: object = {}) =>
  ({ alarmId, vehicleId, type: 'overspeed', level, startedAt: T0, latitude: 31.23, longitude: 121.47, ...extra });

// Provinces come from the offline boundary index (libs/geo), loaded once for the file.
beforeAll(() => placeIndexReady(), 120_000);

describe('DashboardAggregator', () => {
  let aggregator: DashboardAggregator;
  beforeEach(() => {
    aggregator = new DashboardAggregator(T0);
    aggregator.applyVehicle('1', vehicle('1', ['R', 'A']));
    aggregator.applyVehicle('2', vehicle('2', ['R', 'B']));
    aggregator.applyVehicle('3', vehicle('3', ['R', 'B'], ['F']));
  });

  it('counts vehicles total, online, moving and offline, by province, for each scope', () => {
    aggregator.applyPosition('1', 116.4, 39.9, 30, undefined, T0); // Beijing, moving
    aggregator.applyState('2', true, 0, 121.47, 31.23); // Shanghai, standing
    aggregator.applyState('3', false, 0, 116.68, 39.52); // offline in Langfang: Hebei, though Tianjin's middle is nearer
    const everything = aggregator.payloadFor(all, '*', T0);
    expect(everything.vehicles).toEqual({ total: 3, online: 2, moving: 1, offline: 1 });
    expect(everything.provinces).toEqual([{ key: '11', count: 1 }, { key: '13', count: 1 }, { key: '31', count: 1 }]);
    aggregator.applyState('3', false, 0, 130, 30); // at sea: keeps its last province
    expect(aggregator.payloadFor(all, '*', T0).provinces).toEqual([{ key: '11', count: 1 }, { key: '13', count: 1 }, { key: '31', count: 1 }]);
    expect(aggregator.payloadFor(companyB, 'B', T0).vehicles).toEqual({ total: 2, online: 1, moving: 0, offline: 1 });
    expect(aggregator.payloadFor(fleetF, 'F', T0).vehicles).toEqual({ total: 1, online: 0, moving: 0, offline: 1 });
  });

  it('never counts another company’s vehicles, mileage or alarms in a scope', () => {
    aggregator.applyPosition('1', 116.4, 39.9, 30, 1000, T0);
    aggregator.applyPosition('1', 116.4, 39.9, 30, 1250, T0 + 1000); // company A drives 25 km
    aggregator.applyAlarm(alarm('a1', '1', 0), T0);
    const b = aggregator.payloadFor(companyB, 'B', T0);
    expect(b.mileageKm).toBe(0);
    expect(b.alarms.total).toBe(0);
    expect(b.ticker).toEqual([]);
    expect(b.topCompaniesByMileage).toEqual([]);
    expect(aggregator.payloadFor(all, '*', T0).topCompaniesByMileage).toEqual([{ companyId: 'A', value: 25 }]);
  });

  it('adds today’s mileage from odometer steps, skipping jumps and resets', () => {
    aggregator.applyPosition('2', 121.47, 31.23, 40, 500, T0);
    aggregator.applyPosition('2', 121.47, 31.23, 40, 520, T0 + 1); // +2 km
    aggregator.applyPosition('2', 121.47, 31.23, 40, 100, T0 + 2); // odometer reset: nothing
    aggregator.applyPosition('2', 121.47, 31.23, 40, 105, T0 + 3); // +0.5 km
    aggregator.applyPosition('2', 121.47, 31.23, 40, 105 + 5001, T0 + 4); // a jump over 500 km: nothing
    expect(aggregator.payloadFor(companyB, 'B', T0).mileageKm).toBe(2.5);
  });

  it('counts an alarm once (its updates and end are not new), by level and type, and puts it on the ticker', () => {
    aggregator.applyAlarm(alarm('a1', '2', 1), T0);
    aggregator.applyAlarm(alarm('a1', '2', 1), T0 + 5); // an update of the open alarm
    aggregator.applyAlarm(alarm('a1', '2', 1, { endedAt: T0 + 9 }), T0 + 9);
    aggregator.applyAlarm(alarm('a2', '3', 0, { type: 'emergency', startedAt: T0 + 20 }), T0 + 20);
    aggregator.applyAlarm(alarm('old', '3', 0, { startedAt: T0 - 10 * 3_600_000 }), T0 + 30); // started yesterday
    const b = aggregator.payloadFor(companyB, 'B', T0 + 30);
    expect(b.alarms).toEqual({ total: 2, byLevel: [1, 1, 0, 0], byType: [{ key: 'emergency', count: 1 }, { key: 'overspeed', count: 1 }] });
    expect(b.ticker.map((item) => [item.alarmId, item.plateCode, item.province])).toEqual([['a2', '京A3', '31'], ['a1', '京A2', '31']]);
    expect(b.topCompaniesByAlarms).toEqual([{ companyId: 'B', value: 2 }]);
  });

  it('keeps a company’s older alarms on its ticker when other companies’ alarms fill the shared ring', () => {
    aggregator.applyAlarm(alarm('b-old', '2', 2, { startedAt: T0 + 1 }), T0 + 1);
    for (let i = 0; i < 1_000; i++) aggregator.applyAlarm(alarm(`a${i}`, '1', 3, { startedAt: T0 + 10 + i }), T0 + 10 + i);
    expect(aggregator.payloadFor(companyB, 'B', T0 + 2_000).ticker.map((item) => item.alarmId)).toEqual(['b-old']);
    const everything = aggregator.payloadFor(all, '*', T0 + 2_000).ticker;
    expect(everything).toHaveLength(12);
    expect(everything[0].alarmId).toBe('a999');
  });

  it('moves a vehicle’s counts when it changes company and drops them when deleted', () => {
    aggregator.applyState('2', true, 10, 121.47, 31.23);
    aggregator.applyVehicle('2', vehicle('2', ['R', 'A']));
    expect(aggregator.payloadFor(companyB, 'B', T0).vehicles).toEqual({ total: 1, online: 0, moving: 0, offline: 1 });
    expect(aggregator.payloadFor(all, '*', T0).vehicles).toEqual({ total: 3, online: 1, moving: 1, offline: 2 });
    aggregator.applyVehicle('2', undefined);
    expect(aggregator.payloadFor(all, '*', T0).vehicles).toEqual({ total: 2, online: 0, moving: 0, offline: 2 });
    expect(aggregator.payloadFor(all, '*', T0).provinces).toEqual([]);
  });

  it('samples the online trend once per step and starts a new day from zero', () => {
    aggregator.tick(T0, STEP);
    aggregator.applyState('1', true, 0, 116.4, 39.9);
    aggregator.tick(T0 + 1000, STEP); // same step: no new point
    aggregator.tick(T0 + STEP, STEP);
    aggregator.applyState('2', true, 0, 121.47, 31.23);
    expect(aggregator.payloadFor(all, '*', T0 + STEP + 5).onlineTrend).toEqual([
      { at: T0, online: 0, total: 3 },
      { at: T0 + STEP, online: 1, total: 3 },
      { at: T0 + STEP + 5, online: 2, total: 3 }, // now, after the last step
    ]);
    aggregator.applyAlarm(alarm('a1', '1', 2), T0);
    const tomorrow = chinaDayStart(DAY) + 86_400_000;
    aggregator.tick(tomorrow + 1, STEP);
    const next = aggregator.payloadFor(all, '*', tomorrow + 1);
    expect(next.day).toBe('2026-11-28');
    expect(next.alarms.total).toBe(0);
    expect(next.onlineTrend).toEqual([{ at: tomorrow, online: 2, total: 3 }, { at: tomorrow + 1, online: 2, total: 3 }]);
    expect(next.vehicles.online).toBe(2);
  });

  it('takes today’s figures from a seed: the larger mileage per vehicle, each alarm once, nothing of another day', () => {
    aggregator.applyPosition('1', 116.4, 39.9, 30, 1000, T0);
    aggregator.applyPosition('1', 116.4, 39.9, 30, 1030, T0); // 3 km counted live since the start
    aggregator.applyAlarm(alarm('a1', '2', 1), T0);
    const seed = {
      day: DAY,
      mileage: [{ vehicleId: '1', mileageHm: 125 }, { vehicleId: '2', mileageHm: 20 }, { vehicleId: 'gone', mileageHm: 99 }],
      alarms: [alarm('a1', '2', 1), alarm('a2', '2', 0, { type: 'emergency', endedAt: T0 + 1 }), alarm('old', '2', 0, { startedAt: T0 - 10 * 3_600_000 })],
    };
    expect(aggregator.applyDaySeed(seed, T0)).toBe(true);
    expect(aggregator.applyDaySeed(seed, T0)).toBe(true); // a retried seed changes nothing
    let figures = aggregator.payloadFor(all, '*', T0);
    expect(figures.mileageKm).toBe(14.5);
    expect(figures.alarms).toEqual({ total: 2, byLevel: [1, 1, 0, 0], byType: [{ key: 'emergency', count: 1 }, { key: 'overspeed', count: 1 }] });
    expect(figures.ticker.map((item) => item.alarmId)).toEqual(['a1']); // the ticker shows what arrives live
    expect(aggregator.payloadFor(companyB, 'B', T0).mileageKm).toBe(2);
    // Driving after the seed adds to it; a seed smaller than the count leaves it; the end of a seeded alarm is no new alarm.
    aggregator.applyPosition('1', 116.4, 39.9, 30, 1040, T0);
    aggregator.applyAlarm(alarm('a2', '2', 0, { type: 'emergency', endedAt: T0 + 1 }), T0);
    aggregator.applyDaySeed({ day: DAY, mileage: [{ vehicleId: '1', mileageHm: 50 }], alarms: [] }, T0);
    figures = aggregator.payloadFor(all, '*', T0);
    expect(figures.mileageKm).toBe(15.5);
    expect(figures.alarms.total).toBe(2);
    expect(aggregator.applyDaySeed({ ...seed, day: '2026-11-26' }, T0)).toBe(false);
    expect(aggregator.payloadFor(all, '*', T0).mileageKm).toBe(15.5);
    // After midnight the seeded vehicle starts from zero: yesterday's seed is no floor.
    aggregator.applyPosition('1', 116.4, 39.9, 30, 1045, T0 + 86_400_000);
    aggregator.applyDaySeed({ day: '2026-11-28', mileage: [{ vehicleId: '1', mileageHm: 8 }], alarms: [] }, T0 + 86_400_000);
    expect(aggregator.payloadFor(all, '*', T0 + 86_400_000).mileageKm).toBe(0.8);
  });

  it('puts tracking’s online counts of the steps before its start in front of every group’s trend', () => {
    const HOUR = 3_600_000;
    const start = chinaDayStart(DAY);
    aggregator.tick(start + 2 * HOUR + 5, HOUR);
    const gaps = aggregator.trendGaps(HOUR, start + 2 * HOUR + 10);
    expect(gaps.steps).toEqual([start, start + HOUR]);
    expect(gaps.groups).toEqual([{ key: 'R/A|', vehicleIds: ['1'] }, { key: 'R/B|', vehicleIds: ['2'] }, { key: 'R/B|F', vehicleIds: ['3'] }]);
    const online = new Map([['R/A|', [0, 1]], ['R/B|', [1, 1]]]);
    expect(aggregator.applyTrendSeed(DAY, gaps.steps, online, start + 2 * HOUR + 10)).toBe(true);
    expect(aggregator.applyTrendSeed(DAY, gaps.steps, online, start + 2 * HOUR + 10)).toBe(false); // once
    expect(aggregator.payloadFor(all, '*', start + 2 * HOUR + 20).onlineTrend).toEqual([
      { at: start, online: 1, total: 2 }, // group R/B|F had no answer: zeros
      { at: start + HOUR, online: 2, total: 2 },
      { at: start + 2 * HOUR, online: 0, total: 3 },
      { at: start + 2 * HOUR + 20, online: 0, total: 3 },
    ]);
    expect(aggregator.payloadFor(companyB, 'B', start + 2 * HOUR + 20).onlineTrend.map((point) => point.online)).toEqual([1, 1, 0, 0]);
    expect(aggregator.applyTrendSeed('2026-11-26', gaps.steps, online, start + 2 * HOUR + 10)).toBe(false);
  });

  it('counts new-energy vehicles, charging and SOC buckets from their reports', () => {
    aggregator.applyEnergy('2', 1, 15);
    aggregator.applyEnergy('3', 3, 80);
    aggregator.applyEnergy('3', 2, 79.9); // the latest report wins
    expect(aggregator.payloadFor(companyB, 'B', T0).energy).toEqual({ vehicles: 2, charging: 2, socBuckets: [1, 0, 0, 1, 0] });
    expect(socBucketOf(20)).toBe(1);
    expect(socBucketOf(100)).toBe(4);
  });

  describe('a scope with single granted vehicles', () => {
    const only = (vehicles: string[], fleets: string[] = []): DashboardScope => ({ superAdmin: false, companies: new Set(), fleets: new Set(fleets), vehicles: new Set(vehicles) });
    beforeEach(() => {
      aggregator.applyVehicle('4', vehicle('4', ['R', 'B'], ['G']));
      aggregator.applyPosition('2', 121.47, 31.23, 40, 500, T0); // Shanghai, moving
      aggregator.applyPosition('2', 121.47, 31.23, 40, 530, T0 + 1); // +3 km
      aggregator.applyPosition('3', 116.4, 39.9, 20, 100, T0); // Beijing, moving
      aggregator.applyPosition('3', 116.4, 39.9, 20, 170, T0 + 1); // +7 km
      aggregator.applyState('4', true, 0, 121.47, 31.23); // online, standing
      aggregator.applyAlarm(alarm('a2', '2', 1), T0 + 2);
      aggregator.applyAlarm(alarm('a3', '3', 2, { type: 'emergency', startedAt: T0 + 3 }), T0 + 3);
      aggregator.applyAlarm(alarm('a4', '4', 0, { startedAt: T0 + 4 }), T0 + 4);
      aggregator.applyEnergy('4', 1, 50);
    });

    it('counts exactly its vehicles: vehicles, mileage, alarms, ticker, provinces and energy, not their groups', () => {
      const figures = aggregator.payloadFor(only(['2', '4']), '|v:2,4', T0 + 10);
      expect(figures.vehicles).toEqual({ total: 2, online: 2, moving: 1, offline: 0 });
      expect(figures.mileageKm).toBe(3);
      expect(figures.alarms).toEqual({ total: 2, byLevel: [1, 1, 0, 0], byType: [{ key: 'overspeed', count: 2 }] });
      expect(figures.ticker.map((item) => item.alarmId)).toEqual(['a4', 'a2']);
      expect(figures.provinces).toEqual([{ key: '31', count: 2 }]);
      expect(figures.energy).toEqual({ vehicles: 1, charging: 1, socBuckets: [0, 0, 1, 0, 0] });
      expect(figures.topCompaniesByAlarms).toEqual([{ companyId: 'B', value: 2 }]);
      expect(figures.topCompaniesByMileage).toEqual([{ companyId: 'B', value: 3 }]);
      // One vehicle: its own figures only.
      const one = aggregator.payloadFor(only(['3']), '|v:3', T0 + 10);
      expect(one.vehicles).toEqual({ total: 1, online: 1, moving: 1, offline: 0 });
      expect([one.mileageKm, one.alarms.total, one.ticker.map((item) => item.alarmId)]).toEqual([7, 1, ['a3']]);
      // Without the grant the same user saw nothing; an unknown granted id counts nothing.
      expect(aggregator.payloadFor(only([]), '|', T0 + 10).vehicles.total).toBe(0);
      expect(aggregator.payloadFor(only(['gone']), '|v:gone', T0 + 10).vehicles.total).toBe(0);
    });

    it('counts a granted vehicle of a visible fleet once, and adds one of another fleet', () => {
      const once = aggregator.payloadFor(only(['3'], ['F']), 'F|v:3', T0 + 10);
      expect(once.vehicles).toEqual({ total: 1, online: 1, moving: 1, offline: 0 });
      expect([once.mileageKm, once.alarms.total, once.ticker.map((item) => item.alarmId)]).toEqual([7, 1, ['a3']]);
      const both = aggregator.payloadFor(only(['3', '2'], ['F']), 'F|v:2,3', T0 + 10);
      expect(both.vehicles).toEqual({ total: 2, online: 2, moving: 2, offline: 0 });
      expect([both.mileageKm, both.alarms.total, both.ticker.map((item) => item.alarmId)]).toEqual([10, 2, ['a3', 'a2']]);
      expect(both.alarms.byLevel).toEqual([0, 1, 1, 0]);
    });

    it('follows a granted vehicle that changes group: counted once whether its new group is visible or not', () => {
      aggregator.applyVehicle('2', vehicle('2', ['R', 'B'], ['F']));
      expect(aggregator.payloadFor(only(['2'], ['F']), 'F|v:2', T0 + 10).vehicles.total).toBe(2);
      aggregator.applyVehicle('2', vehicle('2', ['R', 'A']));
      expect(aggregator.payloadFor(only(['2'], ['F']), 'F|v:2', T0 + 10).vehicles.total).toBe(2);
    });

    it('samples its vehicles in the trend, and starts a new day with no alarms of theirs', () => {
      const scope = only(['2']);
      aggregator.tick(T0, STEP);
      aggregator.applyState('2', false, 0, 121.47, 31.23);
      aggregator.tick(T0 + STEP, STEP);
      expect(aggregator.payloadFor(scope, '|v:2', T0 + STEP + 5).onlineTrend).toEqual([
        { at: T0, online: 1, total: 1 },
        { at: T0 + STEP, online: 0, total: 1 },
        { at: T0 + STEP + 5, online: 0, total: 1 },
      ]);
      // With a fleet: the fleet's points plus the vehicle's own.
      expect(aggregator.payloadFor(only(['2'], ['F']), 'F|v:2', T0 + STEP + 5).onlineTrend.map((point) => [point.online, point.total])).toEqual([[2, 2], [1, 2], [1, 2]]);
      const tomorrow = chinaDayStart(DAY) + 86_400_000;
      aggregator.tick(tomorrow + 1, STEP);
      const next = aggregator.payloadFor(scope, '|v:2', tomorrow + 1);
      expect([next.alarms.total, next.mileageKm, next.ticker]).toEqual([0, 0, []]);
      expect(next.onlineTrend).toEqual([{ at: tomorrow, online: 0, total: 1 }, { at: tomorrow + 1, online: 0, total: 1 }]);
    });

    it('keeps the ticker of its vehicles when other vehicles’ alarms fill the shared ring', () => {
      for (let i = 0; i < 1_000; i++) aggregator.applyAlarm(alarm(`x${i}`, '1', 3, { startedAt: T0 + 10 + i }), T0 + 10 + i);
      expect(aggregator.payloadFor(only(['2', '4']), '|v:2,4', T0 + 2_000).ticker.map((item) => item.alarmId)).toEqual(['a4', 'a2']);
    });
  });

  it('keys and reads a scope with its granted vehicles', () => {
    const user = (vehicles?: string[]) => ({ id: '1', companyId: 'B', userType: 1, roleIds: [], superAdmin: false, scope: { companies: [], fleets: ['F'], ...(vehicles ? { vehicles } : {}) } });
    expect(scopeKeyOf(user())).toBe('|F');
    expect(scopeKeyOf(user(['3', '2']))).toBe(scopeKeyOf(user(['2', '3'])));
    expect(scopeKeyOf(user(['2']))).not.toBe(scopeKeyOf(user(['3'])));
    expect(scopeKeyOf(user(['2']))).not.toBe(scopeKeyOf(user()));
    expect([...(dashboardScopeOf(user(['2'])).vehicles ?? [])]).toEqual(['2']);
    expect(dashboardScopeOf(user()).vehicles).toBeUndefined();
  });
});
