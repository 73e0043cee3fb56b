import type { LocationBody } from '@openfleet/jt808';
import { toPosition } from './position-mapper';

const ctx = { terminalPhone: '013800000001', vehicleId: 'v1', serial: 7, receivedAtMs: 1_700_000_000_000, blindArea: true, sequence: 3 };

describe('toPosition', () => {
  it('keeps wire units, maps mileage/fuel/recorded speed and puts other extras in extrasJson', () => {
    const body: LocationBody = {
      alarm: 1,
      status: 0b1100,
      latitude: -39.9,
      longitude: -116.4,
      altitude: 12,
      speed: 60.3,
      direction: 361,
      time: new Date('2024-01-02T03:04:05Z'),
      extras: [
        { id: 1, kind: 'mileageKm', value: 100.1 },
        { id: 2, kind: 'fuelL', value: 20.5 },
        { id: 3, kind: 'recordedSpeedKmh', value: 61 },
        { id: 0x31, kind: 'satelliteCount', value: 9 },
        { id: 0xe1, kind: 'raw', value: 'abcd' },
      ],
    };
    expect(toPosition(body, ctx)).toEqual({
      terminalPhone: '013800000001',
      vehicleId: 'v1',
      gpsTimeS: 1704164645,
      receivedAtMs: ctx.receivedAtMs,
      latitudeE6: -39_900_000,
      longitudeE6: -116_400_000,
      altitudeM: 12,
      speedDkmh: 603,
      directionDeg: 1,
      alarmFlags: 1,
      statusFlags: 0b1100,
      mileageHm: 1001,
      hasMileage: true,
      fuelDl: 205,
      hasFuel: true,
      recordedSpeedDkmh: 610,
      hasRecordedSpeed: true,
      blindArea: true,
      serial: 7,
      sequence: 3,
      extrasJson: '{"satelliteCount":9,"raw0xe1":"abcd"}',
    });
  });

  it('stamps fixes without a valid time with the arrival time', () => {
    const body = { alarm: 0, status: 0, latitude: 0, longitude: 0, altitude: 0, speed: 0, direction: 0, time: null, timeBcd: '999999999999', extras: [] };
    const position = toPosition(body, ctx);
    expect(position.gpsTimeS).toBe(1_700_000_000);
    expect(position.extrasJson).toBe('{"invalidTimeBcd":"999999999999"}');
  });

  // extrasJson of numeric extras is written by hand: it must be the text JSON.stringify gives.
  it.each<[string, LocationBody['extras'], string]>([
    ['no other extras', [{ id: 1, kind: 'mileageKm', value: 1 }], ''],
    ['numbers', [{ id: 0x30, kind: 'signalStrength', value: 25 }, { id: 0x31, kind: 'satelliteCount', value: 12 }], '{"signalStrength":25,"satelliteCount":12}'],
    ['fractions, negatives and -0', [{ id: 0x2d, kind: 'compartmentTemperatureC', value: -12.5 }, { id: 0x25, kind: 'extendedSignalStatus', value: -0 }], '{"compartmentTemperatureC":-12.5,"extendedSignalStatus":0}'],
    ['a number that is not finite', [{ id: 0x30, kind: 'signalStrength', value: NaN }], '{"signalStrength":null}'],
    ['an id twice (the last value, at the first place)', [{ id: 0x30, kind: 'signalStrength', value: 1 }, { id: 0x31, kind: 'satelliteCount', value: 2 }, { id: 0x30, kind: 'signalStrength', value: 3 }], '{"signalStrength":3,"satelliteCount":2}'],
    ['numbers, then an object', [{ id: 0x31, kind: 'satelliteCount', value: 2 }, { id: 0x2b, kind: 'analog', value: { ad0: 1, ad1: 2 } }], '{"satelliteCount":2,"analog":{"ad0":1,"ad1":2}}'],
    ['a raw number-like id', [{ id: 0x05, kind: 'raw', value: '0a' }, { id: 0x31, kind: 'satelliteCount', value: 2 }], '{"raw0x05":"0a","satelliteCount":2}'],
  ])('writes extrasJson as JSON.stringify would: %s', (_, extras, expected) => {
    const body: LocationBody = { alarm: 0, status: 0, latitude: 0, longitude: 0, altitude: 0, speed: 0, direction: 0, time: new Date(0), extras };
    expect(toPosition(body, ctx).extrasJson).toBe(expected);
  });

  it('adds invalidTimeBcd after numeric extras', () => {
    const body: LocationBody = { alarm: 0, status: 0, latitude: 0, longitude: 0, altitude: 0, speed: 0, direction: 0, time: null, timeBcd: '999999999999', extras: [{ id: 0x31, kind: 'satelliteCount', value: 2 }] };
    expect(toPosition(body, ctx).extrasJson).toBe('{"satelliteCount":2,"invalidTimeBcd":"999999999999"}');
  });
});
