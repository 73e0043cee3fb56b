// 0x0200 is most of the traffic, so its decoder reads the buffer directly instead of going through the schema layer.
import { formatIsoWithOffset, parseIsoTime, readBcdDate, writeBcdDate } from '../codec/bcd-time';
import type { MessageCodec } from '../codec/message-codec';
import { empty, fromFields, fromType } from '../codec/message-codec';
import type { Reader } from '../codec/reader';
import { hexOf } from '../codec/reader';
import type { FieldType, Obj } from '../codec/schema';
import { f, u16, u32 } from '../codec/schema';
import type { Writer } from '../codec/writer';
import { Jt808DecodeError, Jt808EncodeError } from '../errors';
import { alarmNames, loadState, STATUS_SOUTH, STATUS_WEST, statusNames } from '../location/alarm-status';
import type { LocationExtra } from '../location/extras';
import { extraKindToId, readExtras, writeExtras } from '../location/extras';
import type { CodecContext } from '../types';

/** 0x0200 body. Latitude/longitude are signed degrees (south/west negative); speed km/h; altitude m. */
export interface LocationBody {
  alarm: number;
  status: number;
  latitude: number;
  longitude: number;
  altitude: number;
  speed: number;
  direction: number;
  /** Fix time; null when the BCD digits are not a real date (then `timeBcd` holds them). */
  time: Date | null;
  timeBcd?: string;
  extras: LocationExtra[];
}

export const LOCATION_BASIC_LENGTH = 28;

/** Reads the 28-byte basic block and, if `withExtras`, additional items up to r.end. */
export function readLocation(r: Reader, ctx: CodecContext, withExtras: boolean): LocationBody {
  const b = r.buf;
  const p = r.pos;
  if (p + LOCATION_BASIC_LENGTH > r.end)
    throw new Jt808DecodeError(
      'TRUNCATED',
      `location needs ${LOCATION_BASIC_LENGTH} bytes, ${r.end - p} left`,
    );
  const alarm = ((b[p] << 24) | (b[p + 1] << 16) | (b[p + 2] << 8) | b[p + 3]) >>> 0;
  const status = ((b[p + 4] << 24) | (b[p + 5] << 16) | (b[p + 6] << 8) | b[p + 7]) >>> 0;
  const lat = ((b[p + 8] << 24) | (b[p + 9] << 16) | (b[p + 10] << 8) | b[p + 11]) >>> 0;
  const lon = ((b[p + 12] << 24) | (b[p + 13] << 16) | (b[p + 14] << 8) | b[p + 15]) >>> 0;
  const time = readBcdDate(b, p + 22, ctx.timeZoneOffsetMinutes);
  const end = withExtras ? r.end : p + LOCATION_BASIC_LENGTH;
  const body: LocationBody = {
    alarm,
    status,
    latitude: status & STATUS_SOUTH ? -lat / 1e6 : lat / 1e6,
    longitude: status & STATUS_WEST ? -lon / 1e6 : lon / 1e6,
    altitude: (b[p + 16] << 8) | b[p + 17],
    speed: ((b[p + 18] << 8) | b[p + 19]) / 10,
    direction: (b[p + 20] << 8) | b[p + 21],
    time,
    timeBcd: time === null ? hexOf(b, p + 22, p + 28) : undefined,
    extras:
      withExtras && end > p + LOCATION_BASIC_LENGTH ? readExtras(b, p + LOCATION_BASIC_LENGTH, end) : [],
  };
  r.pos = end;
  return body;
}

function degrees(v: number, what: string): number {
  const n = Math.round(Math.abs(v) * 1e6);
  if (!(n <= 0xffffffff)) throw new Jt808EncodeError(`${what} out of range: ${v}`);
  return n;
}

export function writeLocation(w: Writer, body: LocationBody, ctx: CodecContext, withExtras: boolean): void {
  if (typeof body !== 'object' || body === null)
    throw new Jt808EncodeError('location body must be an object');
  let status = body.status;
  // The sign of the coordinate is authoritative for the hemisphere bits; an existing bit is never cleared (-0 keeps it).
  if (body.latitude < 0) status |= STATUS_SOUTH;
  if (body.longitude < 0) status |= STATUS_WEST;
  w.u32(body.alarm, 'alarm');
  w.u32(status >>> 0, 'status');
  w.u32(degrees(body.latitude, 'latitude'), 'latitude');
  w.u32(degrees(body.longitude, 'longitude'), 'longitude');
  w.u16(body.altitude, 'altitude');
  w.u16(Math.round(body.speed * 10), 'speed');
  w.u16(body.direction, 'direction');
  if (body.time instanceof Date) writeBcdDate(w, body.time, ctx.timeZoneOffsetMinutes);
  else w.hex(body.timeBcd ?? '000000000000', 6, 'timeBcd');
  if (withExtras) writeExtras(w, body.extras ?? []);
}

/** JSON for operators: units in names, ISO time with offset, extras keyed by name. */
export function locationToJson(body: LocationBody, ctx: CodecContext): Obj {
  const extras: Obj = {};
  for (const x of body.extras) {
    let key = x.kind === 'raw' ? `0x${x.id.toString(16).padStart(2, '0').toUpperCase()}` : x.kind;
    // Duplicate ids happen with vendor items; keep every one.
    for (let n = 2; key in extras; n++) key = `${key.replace(/#\d+$/, '')}#${n}`;
    extras[key] = x.value;
  }
  return {
    alarm: body.alarm,
    alarmNames: alarmNames(body.alarm),
    status: body.status,
    statusNames: statusNames(body.status),
    loadState: loadState(body.status),
    latitude: body.latitude,
    longitude: body.longitude,
    altitude: body.altitude,
    speed: body.speed,
    direction: body.direction,
    time: body.time ? formatIsoWithOffset(body.time, ctx.timeZoneOffsetMinutes) : null,
    ...(body.time ? {} : { timeBcd: body.timeBcd }),
    extras,
  };
}

export function locationFromJson(json: unknown): LocationBody {
  if (typeof json !== 'object' || json === null)
    throw new Jt808EncodeError('location body must be an object');
  const j = json as Obj;
  const extras: LocationExtra[] = [];
  for (const [rawKey, value] of Object.entries((j.extras as Obj | undefined) ?? {})) {
    const key = rawKey.replace(/#\d+$/, '');
    if (/^0x[0-9a-f]{1,2}$/i.test(key)) {
      extras.push({ id: parseInt(key, 16), kind: 'raw', value: String(value) });
      continue;
    }
    const id = extraKindToId(key);
    if (id === undefined) throw new Jt808EncodeError(`unknown extra "${rawKey}"`);
    extras.push({ id, kind: key, value } as LocationExtra);
  }
  const time = typeof j.time === 'string' ? parseIsoTime(j.time) : null;
  return {
    alarm: Number(j.alarm ?? 0),
    status: Number(j.status ?? 0),
    latitude: Number(j.latitude),
    longitude: Number(j.longitude),
    altitude: Number(j.altitude ?? 0),
    speed: Number(j.speed ?? 0),
    direction: Number(j.direction ?? 0),
    time,
    timeBcd: time ? undefined : typeof j.timeBcd === 'string' ? j.timeBcd : undefined,
    extras,
  };
}

/** Full 0x0200 body (basic block + additional items) as a field type, for messages that embed it. */
export const locationType: FieldType<LocationBody> = {
  read: (r, ctx) => readLocation(r, ctx, true),
  write: (w, v, ctx) => writeLocation(w, v, ctx, true),
};

/** The 28-byte basic block only (0x0801, 0x0802). */
export const locationBasicType: FieldType<LocationBody> = {
  read: (r, ctx) => readLocation(r, ctx, false),
  write: (w, v, ctx) => writeLocation(w, v, ctx, false),
};

/** Body with a reply serial then a location (0x0201, 0x0500). */
export interface LocationReplyBody {
  replySerial: number;
  location: LocationBody;
}

export function locationReply(msgId: number, name: string): MessageCodec<LocationReplyBody> {
  return fromFields<LocationReplyBody>(msgId, name, [f('replySerial', u16), f('location', locationType)], {
    toJson: (b, ctx) => ({ replySerial: b.replySerial, location: locationToJson(b.location, ctx) }),
    fromJson: (j) => {
      const o = j as Obj;
      return { replySerial: Number(o.replySerial), location: locationFromJson(o.location) };
    },
  });
}

/** 0x0704: batch (type 0) or blind-area backfill (type 1) of location bodies, each behind a WORD length. */
export interface LocationBatchBody {
  type: number;
  items: LocationBody[];
}

const batchType: FieldType<LocationBatchBody> = {
  read: (r, ctx) => {
    const count = r.u16('count');
    const type = r.u8('type');
    const items: LocationBody[] = [];
    for (let i = 0; i < count; i++) {
      const len = r.u16('item length');
      r.need(len, 'location item');
      const end = r.end;
      r.end = r.pos + len;
      items.push(readLocation(r, ctx, true));
      r.end = end;
    }
    return { type, items };
  },
  write: (w, v, ctx) => {
    w.u16(v.items.length, 'count');
    w.u8(v.type, 'type');
    for (const item of v.items) {
      const at = w.skip(2);
      writeLocation(w, item, ctx, true);
      w.patchU16(at, w.pos - at - 2, 'item length');
    }
  },
};

export const locationCodecs: MessageCodec[] = [
  {
    msgId: 0x0200,
    name: 'location report',
    decode: (r, ctx) => readLocation(r, ctx, true),
    encode: (w, body, ctx) => writeLocation(w, body as LocationBody, ctx, true),
    toJson: (body, ctx) => locationToJson(body as LocationBody, ctx),
    fromJson: (json) => locationFromJson(json),
  },
  locationReply(0x0201, 'location query reply'),
  fromType<LocationBatchBody>(0x0704, 'location batch upload', batchType, {
    toJson: (b, ctx) => ({ type: b.type, items: b.items.map((x) => locationToJson(x, ctx)) }),
    fromJson: (j) => {
      const o = j as Obj;
      return { type: Number(o.type ?? 0), items: ((o.items as unknown[]) ?? []).map(locationFromJson) };
    },
  }),
  empty(0x8201, 'location query'),
  fromFields(0x8202, 'temporary location tracking', [f('intervalS', u16), f('validityS', u32)]),
  fromFields(0x8203, 'manual alarm confirmation', [f('alarmSerial', u16), f('alarmTypes', u32)]),
];
