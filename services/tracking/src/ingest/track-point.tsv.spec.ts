import { tsvLine } from '@openfleet/storage';
import type { TrackPointRow } from './track-point';
import { trackPointTsv } from './track-point.tsv';
import { rowValues } from './track-point.writer';

const base: TrackPointRow = {
  terminalPhone: '13800138000', gpsTime: 1_732_300_000, sequence: 0, vehicleId: 'v-1', receivedAt: 1_732_300_000_812,
  latitudeE6: 39_907_375, longitudeE6: 116_391_275, mapLatitudeE6: 39_908_775, mapLongitudeE6: 116_397_516,
  altitudeM: 52, speedDkmh: 635, recordedSpeedDkmh: null, direction: 359, alarmFlags: 0x8000_0001 >>> 0, statusFlags: 0xffff_ffff >>> 0,
  mileageHm: 1_234_567, fuelDl: 0, accState: 1, liftingState: null, loadCondition: 2, openCapState: 0, blindArea: 0, quality: 0,
  extras: '{"signal":25,"satellites":11}',
};

/** What libs/storage's generic path writes for the same rows. */
const generic = (rows: TrackPointRow[]) => `${rows.map((row) => tsvLine(rowValues(row))).join('\n')}\n`;

describe('trackPointTsv', () => {
  it('writes byte for byte what tsvLine of the row values gives: numbers, NULLs, escapes, Chinese', () => {
    const rows: TrackPointRow[] = [
      base,
      { ...base, latitudeE6: -33_868_820, longitudeE6: -151_209_296, mapLatitudeE6: -33_868_820, mapLongitudeE6: -151_209_296, altitudeM: -12, sequence: 9 },
      { ...base, altitudeM: null, speedDkmh: null, mileageHm: null, fuelDl: null, loadCondition: null, openCapState: null, vehicleId: '', extras: null, quality: 5 },
      // JSON-escaped tab and newline (a backslash each), raw tab, newline, carriage return and backslash, quotes, Chinese, an emoji.
      { ...base, terminalPhone: 'EV:LSVAU2180N2183294', extras: '{"note":"a\\tb\\nc","raw":"x\ty\nz\r\\\\","plate":"京A·12345 \'q\' 🚚"}' },
      { ...base, vehicleId: '车辆\t1', gpsTime: 1, receivedAt: 9_007_199_254_740_991, direction: 10, speedDkmh: 100, mileageHm: 1_000_000_000 },
      { ...base, altitudeM: 1.5, speedDkmh: -0, fuelDl: Number.NaN, mileageHm: Number.POSITIVE_INFINITY, recordedSpeedDkmh: 2 ** 60 },
    ];
    const bytes = Buffer.concat(trackPointTsv(rows));
    expect(bytes.toString('utf8')).toBe(generic(rows));
    expect(bytes.equals(Buffer.from(generic(rows)))).toBe(true);
  });

  it('every integer from 0 to 10^7 in steps that hit every digit count, and their negatives', () => {
    const rows: TrackPointRow[] = [];
    for (let value = 0; value < 10_000_000; value = value * 3 + 1) rows.push({ ...base, latitudeE6: value, longitudeE6: -value, gpsTime: value + 9 });
    for (const power of [10, 100, 1000, 10 ** 9, 10 ** 12, 10 ** 15]) rows.push({ ...base, latitudeE6: power - 1, longitudeE6: power, mapLatitudeE6: power + 1, mapLongitudeE6: -power });
    expect(Buffer.concat(trackPointTsv(rows)).toString('utf8')).toBe(generic(rows));
  });

  it('splits a large batch into pieces of about 1 MiB that end at line ends, and gives a huge row a piece of its own', () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ ...base, gpsTime: base.gpsTime + i, extras: i === 7_000 ? `{"blob":"${'x'.repeat(3 << 20)}"}` : base.extras }));
    const pieces = trackPointTsv(rows);
    expect(pieces.length).toBeGreaterThan(4);
    expect(pieces.filter((piece) => piece.includes('blob')).map((piece) => piece.toString().split('\n').length - 1)).toEqual([1]);
    for (const piece of pieces) {
      expect(piece[piece.length - 1]).toBe(10);
      if (!piece.includes('blob')) expect(piece.length).toBeLessThanOrEqual(1 << 20);
    }
    expect(Buffer.concat(pieces).toString('utf8')).toBe(generic(rows));
  });

  it('writes nothing for no rows', () => {
    expect(trackPointTsv([])).toEqual([]);
  });
});
