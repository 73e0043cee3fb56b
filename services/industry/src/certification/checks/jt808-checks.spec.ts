import type { Position } from '@openfleet/contracts';
import { checkCodes, finish, newCheck, optionalCodes, type TestProgress } from './check-state';
import { applyPosition, applyUplink } from './jt808-checks';
import { settingsOf } from './settings';

const settings = settingsOf({ minFrames: 1 });
const T = 1_790_000_000;
const fresh = (): TestProgress => ({ checks: checkCodes('jt808', settings).map(newCheck) });
const status = (progress: TestProgress, code: string) => progress.checks.find((c) => c.code === code)!.status;
const evidence = (progress: TestProgress, code: string) => progress.checks.find((c) => c.code === code)!.evidence;

function position(patch: Partial<Position> = {}, extras: Record<string, unknown> = { signalStrength: 20, satelliteCount: 9 }): Position {
  return {
    terminalPhone: '13900000001', vehicleId: 'v', gpsTimeS: T, receivedAtMs: T * 1000 + 500, latitudeE6: 30_000_000, longitudeE6: 120_000_000, altitudeM: 0, speedDkmh: 500, directionDeg: 0,
    alarmFlags: 0, statusFlags: 0b10, mileageHm: 10, hasMileage: true, fuelDl: 0, hasFuel: false, recordedSpeedDkmh: 0, hasRecordedSpeed: false, blindArea: false, serial: 1, sequence: 0, extrasJson: JSON.stringify(extras), ...patch,
  };
}

const withVersion = (version: '2011' | '2013' | '2019' | null) => {
  const progress = fresh();
  if (version) applyUplink(progress, { terminalPhone: '1', msgId: '0x0102', version, serial: 1, receivedAt: T * 1000, gatewayId: 'g', body: {} });
  return progress;
};

describe('JT/T 808 certification checks', () => {
  it.each([
    ['2011', 12, 'failed'],
    ['2013', 12, 'passed'],
    ['2013', 15, 'failed'],
    ['2013', 29, 'passed'],
    ['2011', 30, 'failed'],
    ['2019', 15, 'passed'],
    [null, 16, 'passed'],
  ] as const)('judges alarm bit %s/%i as %s (reserved bits of the version the terminal spoke)', (version, bit, expected) => {
    const progress = withVersion(version);
    applyPosition(progress, position({ alarmFlags: (1 << bit) >>> 0 }), settings);
    expect(status(progress, 'alarmBits')).toBe(expected);
  });

  it('finds the required items by their flags, their decoded names or their raw keys', () => {
    const needs = (requiredExtras: string[], patch: Partial<Position>, extras: Record<string, unknown>) => {
      const progress = fresh();
      applyPosition(progress, position(patch, extras), settingsOf({ minFrames: 1, requiredExtras }));
      return [status(progress, 'requiredExtras'), evidence(progress, 'requiredExtras')?.field];
    };
    expect(needs(['0x01', '0x30'], {}, { signalStrength: 1 })).toEqual(['passed', '0x01,0x30']);
    expect(needs(['0x01'], { hasMileage: false }, {})).toEqual(['failed', '0x01']);
    expect(needs(['0x02'], { hasFuel: true }, {})).toEqual(['passed', '0x02']);
    expect(needs(['0x31'], {}, { signalStrength: 1 })).toEqual(['failed', '0x31']);
    expect(needs(['0xe1'], {}, { raw0xe1: 'ff' })).toEqual(['passed', '0xe1']);
  });

  it('fails position fields on a bad time, speed or place, and ignores unpositioned fixes', () => {
    const judge = (patch: Partial<Position>, extras?: Record<string, unknown>) => {
      const progress = fresh();
      applyPosition(progress, position(patch, extras), settings);
      return [status(progress, 'positionFields'), evidence(progress, 'positionFields')?.field];
    };
    expect(judge({})).toEqual(['passed', 'latitude,longitude,time,speed']);
    expect(judge({ speedDkmh: 2200 })).toEqual(['passed', 'latitude,longitude,time,speed']);
    expect(judge({ speedDkmh: 2201 })).toEqual(['failed', 'speed']);
    expect(judge({ latitudeE6: 0, longitudeE6: 0 })).toEqual(['failed', 'latitude,longitude']);
    expect(judge({ latitudeE6: 0, longitudeE6: 0, statusFlags: 0 })).toEqual(['pending', undefined]);
    expect(judge({}, { invalidTimeBcd: '991399000000' })).toEqual(['failed', 'time']);
    expect(judge({ receivedAtMs: (T + 300) * 1000 })).toEqual(['passed', 'latitude,longitude,time,speed']);
    expect(judge({ receivedAtMs: (T + 301) * 1000 })).toEqual(['failed', 'time']);
    // A blind-area backfill is old by nature.
    expect(judge({ receivedAtMs: (T + 3600) * 1000, blindArea: true })).toEqual(['passed', 'latitude,longitude,time,speed']);
  });

  it('measures the interval between live positions only, up to the bound included', () => {
    const run = (times: [number, boolean][]) => {
      const progress = fresh();
      for (const [s, blindArea] of times) applyPosition(progress, position({ gpsTimeS: T + s, receivedAtMs: (T + s) * 1000, blindArea }), settingsOf({ minFrames: 3 }));
      return [status(progress, 'reportInterval'), evidence(progress, 'reportInterval')?.value];
    };
    expect(run([[0, false], [30, false], [60, false]])).toEqual(['passed', '30s']);
    expect(run([[0, false], [31, false]])).toEqual(['failed', '31s']);
    expect(run([[0, false], [20, false], [100, true], [40, false]])).toEqual(['passed', '20s']);
    // A repeated or older position is no interval.
    expect(run([[0, false], [20, false], [20, false], [10, false]])).toEqual(['pending', undefined]);
  });

  it('ends a test: what is pending fails, optional checks are skipped, one failure fails the test', () => {
    const progress = fresh();
    for (const check of progress.checks) if (check.code !== 'registration') Object.assign(check, { status: 'passed' });
    expect(finish(structuredClone(progress), 1, optionalCodes(settingsOf({ requireRegistration: false })))).toBe(true);
    const strict = structuredClone(progress);
    expect(finish(strict, 1, optionalCodes(settings))).toBe(false);
    expect(strict.checks[0]).toMatchObject({ status: 'failed', evidence: { at: 1, value: 'notObserved' } });
  });
});
