// The bytes a terminal receives, laid out by hand from JT/T 808's tables (2013: 49-58, 2019 adds
// the night speed and the name), from the JSON setAreaCommand builds and libs/jt808 encodes.
import { FenceAttribute } from '@openfleet/contracts';
import { encodeBody, messageFromJson } from '@openfleet/jt808';
import { deleteAreaCommand, setAreaCommand, type IssuableFence } from './issue-body';

const bytes = (command: { msgId: string; body: Record<string, unknown> }, version: '2013' | '2019') =>
  encodeBody(Number(command.msgId), messageFromJson({ msgId: command.msgId, version, phone: '0', body: command.body }).body, version).toString('hex');
const hex = (...parts: string[]) => parts.join('').replace(/\s+/g, '').toLowerCase();
const u32 = (n: number) => n.toString(16).padStart(8, '0');

describe('fences as terminals receive them', () => {
  it('0x8600 circle, 2013: set type, count, id, attributes, lat, lng (1e-6 degrees), radius, then speed limit', () => {
    const circle: IssuableFence = { areaId: 7, name: '场站', geometry: { type: 'circle', center: [116.397428, 39.90923], radiusM: 500 }, attributes: FenceAttribute.SPEED_LIMIT | FenceAttribute.ENTRY_ALARM_PLATFORM, maxSpeedKmh: 40, overspeedDurationS: 10 };
    const command = setAreaCommand(circle);
    expect(command.msgId).toBe('0x8600');
    expect(bytes(command, '2013')).toBe(hex('01', '01', u32(7), '000a', u32(39_909_230), u32(116_397_428), u32(500), '0028', '0a'));
  });

  it('0x8600 circle, 2019: adds the night speed limit and the GBK name with its WORD length', () => {
    const circle: IssuableFence = { areaId: 7, name: '场站', geometry: { type: 'circle', center: [116.397428, 39.90923], radiusM: 500 }, attributes: FenceAttribute.SPEED_LIMIT, maxSpeedKmh: 40, overspeedDurationS: 10, nightMaxSpeedKmh: 30 };
    // 场站 in GBK: B3 A1 D5 BE.
    expect(bytes(setAreaCommand(circle, 2), '2019')).toBe(hex('02', '01', u32(7), '0002', u32(39_909_230), u32(116_397_428), u32(500), '0028', '0a', '001e', '0004', 'b3a1d5be'));
  });

  it('0x8602 rectangle with a daily time window (date digits 00)', () => {
    const rect: IssuableFence = { areaId: 8, name: 'r', geometry: { type: 'rectangle', northWest: [116.3, 40.0], southEast: [116.4, 39.9] }, attributes: FenceAttribute.BY_TIME, startTime: '22:00:00', endTime: '06:00:00' };
    expect(bytes(setAreaCommand(rect), '2013')).toBe(hex('01', '01', u32(8), '0001', u32(40_000_000), u32(116_300_000), u32(39_900_000), u32(116_400_000), '000000220000', '000000060000'));
  });

  it('0x8604 polygon: id, attributes, vertex count (WORD), lat/lng pairs; south/west set the hemisphere bits', () => {
    const polygon: IssuableFence = { areaId: 9, name: 'p', geometry: { type: 'polygon', points: [[-70.6, -33.4], [-70.5, -33.4], [-70.5, -33.5]] }, attributes: FenceAttribute.EXIT_ALARM_PLATFORM };
    const attributes = (FenceAttribute.EXIT_ALARM_PLATFORM | FenceAttribute.SOUTH_LATITUDE | FenceAttribute.WEST_LONGITUDE).toString(16).padStart(4, '0');
    expect(bytes(setAreaCommand(polygon), '2013')).toBe(hex(u32(9), attributes, '0003', u32(33_400_000), u32(70_600_000), u32(33_400_000), u32(70_500_000), u32(33_500_000), u32(70_500_000)));
  });

  it('0x8606 route: points with their section, width, and the segment time and speed fields', () => {
    const route: IssuableFence = {
      areaId: 10,
      name: 'line',
      geometry: { type: 'route', points: [[116.3, 39.9], [116.31, 39.9]], segments: [{ widthM: 50, longThresholdS: 600, shortThresholdS: 60, maxSpeedKmh: 60 }] },
      attributes: FenceAttribute.EXIT_ALARM_PLATFORM,
      overspeedDurationS: 5,
    };
    const point = (id: number, lng: number) => hex(u32(id), u32(1), u32(39_900_000), u32(Math.round(lng * 1e6)), '32', '03', '0258', '003c', '003c', '05');
    expect(bytes(setAreaCommand(route), '2013')).toBe(hex(u32(10), '0020', '0002', point(1, 116.3), point(2, 116.31)));
  });

  it('deletes by area id with a BYTE count', () => {
    expect(bytes(deleteAreaCommand({ areaId: 9, geometry: { type: 'polygon', points: [] } }), '2013')).toBe(hex('01', u32(9)));
    expect(deleteAreaCommand({ areaId: 9, geometry: { type: 'route', points: [], segments: [] } }).msgId).toBe('0x8607');
  });
});
