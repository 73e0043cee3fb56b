import { buildFrame, LOCATION_TYPICAL, VECTORS } from '../test/vectors';
import {
  ALARM_BITS,
  alarmNames,
  decodeFrame,
  decodeHexToJson,
  encodeFrame,
  encodeJsonToHex,
  loadState,
  STATUS_BITS,
  statusNames,
} from './index';
import type { LocationBody } from './index';

describe('0x0200 location', () => {
  it('names all 32 alarm and status bits', () => {
    expect(ALARM_BITS).toHaveLength(32);
    expect(STATUS_BITS).toHaveLength(32);
    expect(new Set(ALARM_BITS).size).toBe(32);
    expect(alarmNames(0x80000001)).toEqual(['emergency', 'illegalDoorOpen']);
    expect(statusNames(0x000c0003)).toEqual(['accOn', 'positioned', 'gpsUsed', 'beidouUsed']);
    expect(loadState(0x300)).toBe('full');
  });

  it('applies the configured time zone to the BCD time', () => {
    const frame = buildFrame(LOCATION_TYPICAL);
    const utc = decodeFrame(frame, { timeZoneOffsetMinutes: 0 }).body as LocationBody;
    expect(utc.time?.toISOString()).toBe('2025-03-01T08:30:00.000Z');
    const m = decodeFrame(frame, { timeZoneOffsetMinutes: 0 });
    expect(encodeFrame(m, { timeZoneOffsetMinutes: 0 }).equals(frame)).toBe(true);
  });

  it('maps to operator JSON with units, names and an ISO time with offset', () => {
    const json = decodeHexToJson(buildFrame(LOCATION_TYPICAL).toString('hex'));
    expect(json).toEqual({
      msgId: '0x0200',
      name: 'location report',
      version: '2013',
      phone: '013912345678',
      serial: 1,
      body: {
        alarm: 1,
        alarmNames: ['emergency'],
        status: 0x000c0003,
        statusNames: ['accOn', 'positioned', 'gpsUsed', 'beidouUsed'],
        loadState: 'empty',
        latitude: 22.543096,
        longitude: 114.057865,
        altitude: 50,
        speed: 60.5,
        direction: 90,
        time: '2025-03-01T08:30:00+08:00',
        extras: { mileageKm: 1234.5, fuelL: 45.6, signalStrength: 25, satelliteCount: 12 },
      },
    });
  });

  it('JSON keeps unknown and duplicate items in order, and encodes back byte-exact', () => {
    const v = { ...LOCATION_TYPICAL, body: LOCATION_TYPICAL.body + 'e1 01 aa  e1 01 bb  01 04 00000001' };
    const hex = buildFrame(v).toString('hex');
    const json = decodeHexToJson(hex);
    const extras = (json.body as { extras: Record<string, unknown> }).extras;
    expect(Object.keys(extras)).toEqual([
      'mileageKm',
      'fuelL',
      'signalStrength',
      'satelliteCount',
      '0xE1',
      '0xE1#2',
      'mileageKm#2',
    ]);
    expect(encodeJsonToHex(json)).toBe(hex);
  });

  it('JSON with a negative latitude sets the south bit when encoding', () => {
    const json = decodeHexToJson(buildFrame(LOCATION_TYPICAL).toString('hex'));
    (json.body as { latitude: number }).latitude = -22.543096;
    const m = decodeFrame(Buffer.from(encodeJsonToHex(json), 'hex')).body as LocationBody;
    expect(m.latitude).toBe(-22.543096);
    expect(m.status & 4).toBe(4);
  });

  it('zero time survives JSON as timeBcd', () => {
    const v = VECTORS.find((x) => x.name.includes('without a fix'))!;
    const hex = buildFrame(v).toString('hex');
    const json = decodeHexToJson(hex);
    expect((json.body as { time: unknown }).time).toBeNull();
    expect(encodeJsonToHex(JSON.parse(JSON.stringify(json)))).toBe(hex);
  });
});
