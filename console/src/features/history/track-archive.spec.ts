import { gzipSync } from 'node:zlib';
import { DecompressionStream } from 'node:stream/web';
import { cstToEpoch, gunzipEnvelope, playbackPoints, readDailyMileage, windowProblem, type TrackPoint } from './track-archive';

const point = (gpsTime: string, longitude: number): TrackPoint => ({ gpsTime, gpsSpeed: 30, oilMass: 50, high: 40, latitude: 39.9, longitude, mapLatitude: 39.9, mapLongitude: longitude, direction: 90, mileage: 1, accState: 1 });

describe('findDailyMileage body', () => {
  it('unzips the gzip envelope and parses the listAll JSON string', async () => {
    const listAll = JSON.stringify([point('2026-11-22 08:00:00', 116.4), point('2026-11-22 08:00:10', 116.41)]);
    const body = gzipSync(Buffer.from(JSON.stringify({ flag: true, errorCode: 200, msg: 'ok', data: { listAll, charts: { gpsTime: [], gpsSpeed: [], oilMass: [], high: [] }, mileageTotal: 1.2, averageOil: null, averageSpeed: 30, oilTotal: null } })));
    const envelope = await gunzipEnvelope(body, DecompressionStream as never);
    const data = readDailyMileage(envelope);
    expect(data!.points).toHaveLength(2);
    expect(data!.mileageTotal).toBe(1.2);
    expect(data).not.toHaveProperty('listAll');
  });

  it('hands back nothing for flag false or an errorCode other than 200 (spec §8)', () => {
    expect(readDailyMileage({ flag: false, errorCode: 300, data: null })).toBeNull();
    expect(readDailyMileage({ flag: true, errorCode: 201, data: { listAll: '[]' } })).toBeNull();
  });

  it('rejects a body that is not gzip', async () => {
    await expect(gunzipEnvelope(Buffer.from('{"flag":true}'), DecompressionStream as never)).rejects.toThrow();
  });
});

describe('times and windows', () => {
  it('reads China Standard Time', () => {
    expect(cstToEpoch('2026-11-22 08:00:00')).toBe(Date.UTC(2026, 10, 22, 0, 0, 0) / 1000);
    expect(cstToEpoch('garbage')).toBeNaN();
  });

  it('builds playback points in time order from listAll', () => {
    const points = playbackPoints([point('2026-11-22 08:00:00', 116.4), point('bad', 0), point('2026-11-22 08:00:10', 116.41)]);
    expect(points.map((p) => p.time)).toEqual([1795305600, 1795305610]);
  });

  it('enforces the query window and the order of the times', () => {
    expect(windowProblem('2026-11-20 00:00:00', '2026-11-22 23:59:59', 3)).toBeNull();
    expect(windowProblem('2026-11-18 00:00:00', '2026-11-22 00:00:00', 3)).toBe('windowLimit');
    expect(windowProblem('2026-11-22 00:00:00', '2026-11-21 00:00:00', 3)).toBe('badTime');
  });
});
