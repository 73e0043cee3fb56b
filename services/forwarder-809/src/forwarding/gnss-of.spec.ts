import type { Position } from '@openfleet/contracts';
import { decodeBody } from '@openfleet/jt808';
import type { Gnss2011, Gnss2019 } from '@openfleet/jt809';
import { gnssFromJson, gnssOf, gnssToJson } from './gnss-of';

// 2024-11-20 02:30:05 UTC = 10:30:05 China time.
const AT_S = Date.UTC(2024, 10, 20, 2, 30, 5) / 1000;
const position = (over: Partial<Position> = {}): Position => ({ terminalPhone: '13800000001', vehicleId: 'v1', gpsTimeS: AT_S, receivedAtMs: AT_S * 1000, latitudeE6: 22_543_096, longitudeE6: 114_057_865, altitudeM: 35, speedDkmh: 605, directionDeg: 270, alarmFlags: 0x80000001, statusFlags: 0x000c0003, mileageHm: 123_459, hasMileage: true, fuelDl: 0, hasFuel: false, recordedSpeedDkmh: 0, hasRecordedSpeed: false, blindArea: false, serial: 1, sequence: 0, extrasJson: '', ...over });

describe('gnssOf (a position in the superior platform\'s edition)', () => {
  it('2011: the GNSS block in China time, km/h rounded, whole km, unsigned alarm and state words', () => {
    expect(gnssOf(position(), '2011')).toEqual({ encrypt: 0, time: '2024-11-20 10:30:05', lonE6: 114_057_865, latE6: 22_543_096, speed: 61, recorderSpeed: 61, mileage: 12_345, direction: 270, altitude: 35, state: 0x000c0003, alarm: 0x80000001 });
  });

  it('2011: the recorder speed when the terminal reported one; altitude kept within the field (0..65535)', () => {
    const gnss = gnssOf(position({ hasRecordedSpeed: true, recordedSpeedDkmh: 584, altitudeM: -12 }), '2011') as Gnss2011;
    expect(gnss.recorderSpeed).toBe(58);
    expect(gnss.altitude).toBe(0);
    expect((gnssOf(position({ altitudeM: 70_000 }), '2011') as Gnss2011).altitude).toBe(0xffff);
  });

  it('2011: the date turns at China midnight, not UTC midnight', () => {
    expect((gnssOf(position({ gpsTimeS: Date.UTC(2024, 10, 20, 16, 0, 0) / 1000 }), '2011') as Gnss2011).time).toBe('2024-11-21 00:00:00');
    expect((gnssOf(position({ gpsTimeS: Date.UTC(2024, 10, 20, 15, 59, 59) / 1000 }), '2011') as Gnss2011).time).toBe('2024-11-20 23:59:59');
  });

  it('2019: the 0x0200 body itself, with the mileage extra, and our platform code', () => {
    const gnss = gnssOf(position(), '2019', '11000001') as Gnss2019;
    expect(gnss).toMatchObject({ encrypt: 0, platformId1: '11000001', alarm1: 0, platformId2: '', platformId3: '' });
    const body = decodeBody(0x0200, gnss.data, '2019') as Record<string, unknown>;
    expect(body).toMatchObject({ alarm: 0x80000001, status: 0x000c0003, latitude: 22.543096, longitude: 114.057865, altitude: 35, speed: 60.5, direction: 270 });
    expect(JSON.stringify(body.extras)).toContain('12345.9');
  });

  it('2019 without mileage: no extras', () => {
    const gnss = gnssOf(position({ hasMileage: false }), '2019') as Gnss2019;
    expect((decodeBody(0x0200, gnss.data, '2019') as { extras?: unknown[] }).extras ?? []).toEqual([]);
  });

  it('survives the backlog table both ways (the 2019 body as hex)', () => {
    const g2019 = gnssOf(position(), '2019', 'P1') as Gnss2019;
    const json = gnssToJson(g2019);
    expect(JSON.parse(json).data).toBe(g2019.data.toString('hex'));
    expect(gnssFromJson(json)).toEqual(g2019);
    const g2011 = gnssOf(position(), '2011');
    expect(gnssFromJson(gnssToJson(g2011))).toEqual(g2011);
  });
});
