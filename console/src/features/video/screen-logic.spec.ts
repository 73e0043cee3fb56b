import type { ResourceItem } from '@openfleet/contracts/video';
import { itemAt, parseCst, speedCode, timeAt, timelineSegments, windowError } from './playback-window';
import { fillTiles, resizeTiles, resourceVideoAlarms, splitFor, splitLayout, videoAlarmLabels, type TileSource } from './tile-grid';

const src = (vehicleId: string, channel: number): TileSource => ({ vehicleId, plateCode: `P${vehicleId}`, channel });

describe('tile grid', () => {
  it('fills free tiles in order, skipping open channels, and counts what does not fit', () => {
    const start = [null, src('1', 1), null, null];
    const { tiles, added, overflow } = fillTiles(start, [src('1', 1), src('1', 2), src('1', 3), src('1', 4), src('1', 5)]);
    expect(tiles).toEqual([src('1', 2), src('1', 1), src('1', 3), src('1', 4)]);
    expect(added).toEqual([src('1', 2), src('1', 3), src('1', 4)]);
    expect(overflow).toBe(1);
  });

  it('resizes to a split and reports the tiles closed by shrinking', () => {
    const { tiles, closed } = resizeTiles([src('1', 1), null, null, src('2', 1)], 1);
    expect(tiles).toEqual([src('1', 1)]);
    expect(closed).toEqual([src('2', 1)]);
    expect(resizeTiles([src('1', 1)], 4).tiles).toEqual([src('1', 1), null, null, null]);
  });

  it('lays the splits out, the 6-split with one big tile', () => {
    expect(splitLayout(6)).toEqual({ columns: 3, firstSpan: 2 });
    expect(splitLayout(9)).toEqual({ columns: 3, firstSpan: 1 });
    expect(splitLayout(16).columns).toBe(4);
    expect(splitFor(5)).toBe(6);
    expect(splitFor(10)).toBe(16);
    expect(splitFor(40)).toBe(16);
  });

  it('names video alarm bits, reading bits 32-38 of a resource item', () => {
    expect(videoAlarmLabels(0b101, true)).toEqual(['Video signal loss', 'Storage fault']);
    expect(videoAlarmLabels(2, false)).toEqual(['视频信号遮挡']);
    expect(resourceVideoAlarms('0000000300000001')).toBe(3);
    expect(resourceVideoAlarms('0000000000000001')).toBe(0);
    expect(resourceVideoAlarms('zz')).toBe(0);
  });
});

const item = (startTime: string, endTime: string, alarmFlags = '0000000000000000'): ResourceItem => ({
  channel: 1, startTime, endTime, alarmFlags, mediaType: 0, streamType: 1, storageType: 1, fileSize: 1000,
});

describe('playback window', () => {
  it('accepts a window of at most one day and names what is wrong otherwise', () => {
    expect(windowError('2026-11-25 00:00:00', '2026-11-26 00:00:00', 1)).toBeNull();
    expect(windowError('2026-11-25 00:00:00', '2026-11-26 00:00:01', 1)).toBe('media.window.oneDay');
    expect(windowError('2026-11-25 10:00:00', '2026-11-25 09:00:00', 1)).toBe('media.window.order');
    expect(windowError('2026-11-25', '2026-11-25 09:00:00', 1)).toBe('media.window.invalid');
    expect(windowError('2026-11-01 00:00:00', '2026-12-03 00:00:00', 31)).toBe('media.window.tooLong');
  });

  it('places items on the window as percent segments, clipped, alarms marked', () => {
    const start = parseCst('2026-11-25 00:00:00');
    const end = parseCst('2026-11-26 00:00:00');
    const segments = timelineSegments([item('2026-11-25 06:00:00', '2026-11-25 12:00:00'), item('2026-11-24 23:00:00', '2026-11-25 01:00:00', '0000000100000000'), item('2026-11-27 00:00:00', '2026-11-27 01:00:00')], start, end);
    expect(segments.map((s) => [s.left, Math.round(s.width * 1000) / 1000, s.alarm, s.videoAlarms])).toEqual([[25, 25, false, 0], [0, 4.167, true, 1]]);
  });

  it('turns a timeline fraction into a time, and finds the item there', () => {
    const start = parseCst('2026-11-25 00:00:00');
    const end = parseCst('2026-11-26 00:00:00');
    expect(timeAt(0.5, start, end)).toBe('2026-11-25 12:00:00');
    expect(timeAt(2, start, end)).toBe('2026-11-26 00:00:00');
    const items = [item('2026-11-25 13:00:00', '2026-11-25 14:00:00'), item('2026-11-25 06:00:00', '2026-11-25 12:30:00')];
    expect(itemAt(items, parseCst('2026-11-25 12:00:00'))).toBe(items[1]);
    expect(itemAt(items, parseCst('2026-11-25 12:45:00'))).toBe(items[0]);
    expect(itemAt(items, parseCst('2026-11-25 15:00:00'))).toBeNull();
  });

  it('codes the speeds 1-16x as 1-5', () => {
    expect([1, 2, 4, 8, 16].map(speedCode)).toEqual([1, 2, 3, 4, 5]);
    expect(speedCode(3)).toBe(1);
  });
});
