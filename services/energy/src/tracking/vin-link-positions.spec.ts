import type { DieselStream, RealtimeUnit } from '@openfleet/gb32960';
import { positionOf32960, positionOfHj1239 } from './vin-link-positions';

const report = { vin: 'lsjmev00000000001', vehicleId: '7', collectedAtMs: Date.UTC(2026, 10, 24, 2, 0, 5), receivedAtMs: 1_000, reissued: false };
const vehicle = (state: number): RealtimeUnit => ({
  type: 1,
  vehicle: { vehicleState: state, chargeState: 3, runMode: 1, speedKmh: 42.5, mileageKm: 12345.6, voltageV: 350, currentA: 10, socPercent: 80, dcdcState: 1, gear: 0, insulationKOhm: 5000, acceleratorPercent: 0, brakePercent: 0 },
});

describe('positionOf32960', () => {
  it('reads unit 0x05 and the whole-vehicle speed, odometer and started state as an 808 position under the EV link key', () => {
    const position = positionOf32960(report, [vehicle(1), { type: 5, position: { status: 0, longitude: 116.397128, latitude: 39.916527 } }]);
    expect(position).toEqual(expect.objectContaining({
      terminalPhone: 'EV:LSJMEV00000000001', vehicleId: '7', gpsTimeS: report.collectedAtMs / 1000, receivedAtMs: 1_000,
      latitudeE6: 39_916_527, longitudeE6: 116_397_128, speedDkmh: 425, mileageHm: 123_456, hasMileage: true,
      // ACC on (started) and positioned.
      statusFlags: 0b11, directionDeg: 0, blindArea: false,
    }));
  });

  it('signs south and west, marks an invalid fix unpositioned at 0,0, a reissue as blind area', () => {
    const south = positionOf32960(report, [{ type: 5, position: { status: 0b110, longitude: 70.5, latitude: 33.25 } }])!;
    expect([south.latitudeE6, south.longitudeE6, south.statusFlags]).toEqual([-33_250_000, -70_500_000, 0b1110]);
    // No whole-vehicle unit: no speed, no odometer, ACC off.
    expect([south.speedDkmh, south.hasMileage]).toEqual([0, false]);
    const invalid = positionOf32960({ ...report, reissued: true }, [vehicle(2), { type: 5, position: { status: 1, longitude: 116.4, latitude: 39.9 } }])!;
    expect([invalid.latitudeE6, invalid.longitudeE6, invalid.statusFlags, invalid.blindArea]).toEqual([0, 0, 0, true]);
    const sentinel = positionOf32960(report, [{ type: 5, position: { status: 0, longitude: 'invalid', latitude: 39.9 } }])!;
    expect(sentinel.statusFlags & 0b10).toBe(0);
  });

  it('carries the engine unit\'s crankshaft rpm, and none without an engine unit or with an invalid reading', () => {
    const fix: RealtimeUnit = { type: 5, position: { status: 0, longitude: 116.4, latitude: 39.9 } };
    const engine = (crankshaftRpm: number | 'invalid' | 'abnormal'): RealtimeUnit => ({ type: 4, engine: { state: 1, crankshaftRpm, consumptionLPer100km: 8.5 } });
    expect(positionOf32960(report, [vehicle(1), engine(2150), fix])!.engineRpm).toBe(2150);
    expect(positionOf32960(report, [engine(0), fix])!.engineRpm).toBe(0);
    expect('engineRpm' in positionOf32960(report, [vehicle(1), fix])!).toBe(false);
    expect('engineRpm' in positionOf32960(report, [engine('invalid'), fix])!).toBe(false);
    expect('engineRpm' in positionOf32960(report, [engine('abnormal'), fix])!).toBe(false);
  });

  it('gives nothing for a report without a position unit', () => {
    expect(positionOf32960(report, [vehicle(1)])).toBeUndefined();
  });
});

describe('positionOfHj1239', () => {
  const stream = (rpm: number, status: number): DieselStream => ({
    speedKmh: 60.5, atmosphericPressureKpa: 101, engineTorquePercent: 40, frictionTorquePercent: 5, engineRpm: rpm, fuelFlowLph: 12.5, noxUpstreamPpm: 450, noxDownstreamPpm: 30,
    reagentPercent: 80, intakeAirKgph: 600, scrInletTempC: 300, scrOutletTempC: 280, dpfPressureDropKpa: 2.5, coolantTempC: 85, fuelLevelPercent: 50,
    positionStatus: status, longitude: 116.397128, latitude: 39.916527, odometerKm: 8000.2,
  });

  it('reads the data stream\'s fix at its collection time under the HJ link key; a turning engine is ACC on', () => {
    const position = positionOfHj1239({ vin: 'LFWHJ000000000001', vehicleId: '9', receivedAtMs: 5, reissued: true }, '2026-11-25 08:00:10', stream(1500, 0))!;
    expect(position).toEqual(expect.objectContaining({
      terminalPhone: 'HJ:LFWHJ000000000001', vehicleId: '9', gpsTimeS: Date.UTC(2026, 10, 25, 0, 0, 10) / 1000,
      latitudeE6: 39_916_527, longitudeE6: 116_397_128, speedDkmh: 605, mileageHm: 80_002, statusFlags: 0b11, blindArea: true,
    }));
    expect(positionOfHj1239({ vin: 'LFWHJ000000000001', vehicleId: '9', receivedAtMs: 5, reissued: false }, '2026-11-25 08:00:10', stream(0, 0b100))!.statusFlags).toBe(0b1010);
  });

  it('carries the engine rpm in whole rpm (1/8 rpm on the wire), and none for an invalid reading', () => {
    const at = { vin: 'LFWHJ000000000001', vehicleId: '9', receivedAtMs: 5, reissued: false };
    expect(positionOfHj1239(at, '2026-11-25 08:00:10', stream(1500, 0))!.engineRpm).toBe(1500);
    expect(positionOfHj1239(at, '2026-11-25 08:00:10', stream(2099.625, 0))!.engineRpm).toBe(2100);
    expect(positionOfHj1239(at, '2026-11-25 08:00:10', stream(0, 0))!.engineRpm).toBe(0);
    expect('engineRpm' in positionOfHj1239(at, '2026-11-25 08:00:10', { ...stream(0, 0), engineRpm: 'invalid' })!).toBe(false);
  });

  it('gives nothing for a collection time that is not a date', () => {
    expect(positionOfHj1239({ vin: 'LFWHJ000000000001', vehicleId: '9', receivedAtMs: 5, reissued: false }, '2026-02-30 08:00:10', stream(0, 0))).toBeUndefined();
  });
});
