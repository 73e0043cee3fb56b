import type { MessageCodec } from '../codec/message-codec';
import { fromFields } from '../codec/message-codec';
import type { FieldSpec, FieldType, Obj } from '../codec/schema';
import { bcdTime, f, gbkLen, hexRest, list, struct, u16, u32, u8 } from '../codec/schema';
import type { CodecContext } from '../types';

/** Micro-degrees on the wire, unsigned degrees here (the hemisphere is in the area attribute bits). */
const degrees: FieldType<number> = {
  read: (r) => r.u32() / 1e6,
  write: (w, v) => w.u32(Math.round(v * 1e6), 'coordinate'),
};

const byTime = (o: Obj) => ((o.attributes as number) & 1) !== 0;
const speedLimited = (o: Obj) => ((o.attributes as number) & 2) !== 0;
const speedLimited2019 = (o: Obj, ctx: CodecContext) => ctx.version === '2019' && speedLimited(o);
const named2019 = (_: Obj, ctx: CodecContext) => ctx.version === '2019';

const timeAndSpeed: FieldSpec[] = [
  f('startTime', bcdTime, { when: byTime }),
  f('endTime', bcdTime, { when: byTime }),
  f('maxSpeedKmh', u16, { when: speedLimited }),
  f('overspeedDurationS', u8, { when: speedLimited }),
];

const circleArea = struct([
  f('id', u32),
  f('attributes', u16),
  f('latitude', degrees),
  f('longitude', degrees),
  f('radiusM', u32),
  ...timeAndSpeed,
  f('nightMaxSpeedKmh', u16, { when: speedLimited2019 }),
  f('name', gbkLen(2), { when: named2019 }),
]);

const rectangleArea = struct([
  f('id', u32),
  f('attributes', u16),
  f('topLeftLatitude', degrees),
  f('topLeftLongitude', degrees),
  f('bottomRightLatitude', degrees),
  f('bottomRightLongitude', degrees),
  ...timeAndSpeed,
  f('nightMaxSpeedKmh', u16, { when: speedLimited2019 }),
  f('name', gbkLen(2), { when: named2019 }),
]);

const polygonArea: FieldSpec[] = [
  f('id', u32),
  f('attributes', u16),
  ...timeAndSpeed,
  f('vertices', list(2, struct([f('latitude', degrees), f('longitude', degrees)]))),
  f('nightMaxSpeedKmh', u16, { when: speedLimited2019 }),
  f('name', gbkLen(2), { when: named2019 }),
];

// Route point attributes: bit 0 drive-time thresholds, bit 1 speed limit.
const pointTimed = (o: Obj) => ((o.attributes as number) & 1) !== 0;
const routePoint = struct([
  f('pointId', u32),
  f('sectionId', u32),
  f('latitude', degrees),
  f('longitude', degrees),
  f('widthM', u8),
  f('attributes', u8),
  f('longThresholdS', u16, { when: pointTimed }),
  f('shortThresholdS', u16, { when: pointTimed }),
  f('maxSpeedKmh', u16, { when: speedLimited }),
  f('overspeedDurationS', u8, { when: speedLimited }),
  f('nightMaxSpeedKmh', u16, { when: speedLimited2019 }),
]);

const route: FieldSpec[] = [
  f('id', u32),
  f('attributes', u16),
  f('startTime', bcdTime, { when: byTime }),
  f('endTime', bcdTime, { when: byTime }),
  f('points', list(2, routePoint)),
  f('name', gbkLen(2), { when: named2019 }),
];

/** Area/route bodies are plain objects; see docs/jt808.md for the field names. */
export type AreaBody = Obj;

const deleteIds = (msgId: number, name: string) => fromFields(msgId, name, [f('ids', list(1, u32))]);

export const areaCodecs: MessageCodec[] = [
  fromFields<AreaBody>(0x8600, 'set circle areas', [f('setType', u8), f('areas', list(1, circleArea))]),
  deleteIds(0x8601, 'delete circle areas'),
  fromFields<AreaBody>(0x8602, 'set rectangle areas', [f('setType', u8), f('areas', list(1, rectangleArea))]),
  deleteIds(0x8603, 'delete rectangle areas'),
  fromFields<AreaBody>(0x8604, 'set polygon area', polygonArea),
  deleteIds(0x8605, 'delete polygon areas'),
  fromFields<AreaBody>(0x8606, 'set route', route),
  deleteIds(0x8607, 'delete routes'),
  // Type 1 circle, 2 rectangle, 3 polygon, 4 route; no ids = all.
  fromFields<AreaBody>(0x8608, 'query areas or routes', [f('type', u8), f('ids', list(4, u32))]),
  // The reply repeats the 0x8600-0x8606 layouts back to back; kept as hex with its count.
  fromFields<AreaBody>(0x0608, 'areas or routes reply', [f('type', u8), f('count', u32), f('data', hexRest)]),
];
