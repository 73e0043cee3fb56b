import { okEnvelope } from '@openfleet/contracts';
import { dailyMileageEnvelopeJson, type DailyMileageFigures } from './daily-mileage-json';
import { TrackQueryService } from './track-query.service';
import type { TrackRow } from './track-row';

// The bytes written by hand must be exactly what the views and two JSON.stringify passes gave.
function reference(rows: TrackRow[], listed: number[] | null, mapType: number, figures: DailyMileageFigures): Buffer {
  const tracks = new TrackQueryService(null as never, null as never, null as never, null as never);
  const track = { rows, samples: [] };
  const all = rows.map((_, index) => index);
  const points = tracks.view(track, listed ?? all, mapType);
  const chart = tracks.view(track, all, mapType);
  const data = {
    listAll: JSON.stringify(points),
    charts: { gpsTime: chart.map((p) => p.gpsTime), gpsSpeed: chart.map((p) => p.gpsSpeed), oilMass: chart.map((p) => p.oilMass), high: chart.map((p) => p.high) },
    ...figures,
  };
  return Buffer.from(JSON.stringify(okEnvelope(data)), 'utf8');
}

// A small deterministic generator (mulberry32), so a failure can be reproduced.
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function rowsOf(count: number, seed: number): TrackRow[] {
  const next = random(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const maybe = (value: number) => (next() < 0.15 ? null : value);
  // Round values now and then: 39.9 (trailing zeros dropped), 30 km/h (no decimals), 0.
  const e6 = (min: number, max: number) => (next() < 0.1 ? Math.round(int(min, max) / 100_000) * 100_000 : int(min, max));
  let time = Date.UTC(2026, 10, 19, 15, 59, 0) / 1000;
  return Array.from({ length: count }, () => {
    time += int(0, 4000);
    const lat = e6(-89_999_999, 89_999_999);
    const lng = e6(-179_999_999, 179_999_999);
    return [
      time, lat, lng, lat + int(-3000, 3000), lng + int(-3000, 3000), maybe(int(-400, 9000)), maybe(next() < 0.2 ? int(0, 30) * 10 : int(0, 2200)),
      maybe(int(0, 2200)), int(0, 359), next() < 0.1 ? 0xffffffff : int(0, 7), int(0, 0x3ffff), maybe(int(0, 99_999_999)), maybe(int(0, 999_999)),
      int(0, 1), maybe(int(0, 1)), maybe(int(0, 3)), maybe(int(0, 1)), int(0, 1),
    ];
  });
}

const figures: DailyMileageFigures = { mileageTotal: 123.4, mileageSource: 'odometer', averageOil: 12.35, averageSpeed: 41.7, oilTotal: null };

describe('findDailyMileage bytes', () => {
  it.each([3, 5, 1, 4])('writes what JSON.stringify of the views gives, map type %d', (mapType) => {
    const rows = rowsOf(2000, mapType);
    expect(dailyMileageEnvelopeJson(rows, null, mapType, figures).equals(reference(rows, null, mapType, figures))).toBe(true);
  });

  it('lists only the key points and charts every point', () => {
    const rows = rowsOf(500, 7);
    const listed = [0, 3, 4, 99, 250, 499];
    const computed: DailyMileageFigures = { mileageTotal: 0, mileageSource: 'computed', averageOil: null, averageSpeed: 0, oilTotal: 3.5 };
    expect(dailyMileageEnvelopeJson(rows, listed, 3, computed).toString('utf8')).toBe(reference(rows, listed, 3, computed).toString('utf8'));
  });

  it('writes an empty track and a single point', () => {
    expect(dailyMileageEnvelopeJson([], null, 3, figures).toString('utf8')).toBe(reference([], null, 3, figures).toString('utf8'));
    const one = rowsOf(1, 11);
    expect(dailyMileageEnvelopeJson(one, [0], 1, figures).toString('utf8')).toBe(reference(one, [0], 1, figures).toString('utf8'));
  });

  it('writes exotic numbers as JSON.stringify does (big flags, a non-integer, a negative zero)', () => {
    const [row] = rowsOf(1, 13);
    const odd: TrackRow = row.map((value, index) => (index === 9 ? 2 ** 60 : index === 5 ? -0 : index === 6 ? 12.5 : value));
    expect(dailyMileageEnvelopeJson([odd], null, 3, figures).toString('utf8')).toBe(reference([odd], null, 3, figures).toString('utf8'));
  });

  it('decodes as the console decodes it', () => {
    const rows = rowsOf(20, 17);
    const envelope = JSON.parse(dailyMileageEnvelopeJson(rows, null, 3, figures).toString('utf8'));
    expect(envelope).toMatchObject({ flag: true, errorCode: 200, data: figures });
    const points = JSON.parse(envelope.data.listAll);
    expect(points).toHaveLength(20);
    expect(Object.keys(points[0])).toEqual([
      'gpsTime', 'liftingState', 'loadCondition', 'openCapState', 'high', 'gpsSpeed', 'dspeed', 'oilMass', 'accState', 'mapLatitude', 'mapLongitude',
      'latitude', 'longitude', 'direction', 'directionName', 'mileage', 'alarmFlags', 'statusFlags', 'blindArea',
    ]);
    expect(points[0].latitude).toBe((rows[0][1] as number) / 1e6);
  });
});
