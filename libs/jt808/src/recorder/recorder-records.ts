// The data of each GB/T 19056-2012 command word (appendix A tables A.6-A.32), one parser and one
// writer per word. Times are shown as 'YYYY-MM-DD HH:mm:ss' (recorder local time, BCD on the
// wire); positions in degrees (the wire carries 1/10000 minute); mileage in km (BCD, 0.1 km).
import { reader, type Reader } from '../codec/reader';
import { writer, type Writer } from '../codec/writer';
import { Jt808DecodeError, Jt808EncodeError } from '../errors';

type Obj = Record<string, unknown>;

export interface RecorderPosition {
  /** Degrees, east positive; null when the recorder had no fix (7FFFFFFFH). */
  longitude: number | null;
  latitude: number | null;
  altitudeM: number;
}

const NO_FIX = 0x7fffffff;

function readTime(r: Reader, what = 'time'): string {
  const d = r.bcd(6, what);
  return `20${d.slice(0, 2)}-${d.slice(2, 4)}-${d.slice(4, 6)} ${d.slice(6, 8)}:${d.slice(8, 10)}:${d.slice(10, 12)}`;
}

/** Accepts 'YYYY-MM-DD HH:mm:ss' or the 12 BCD digits 'YYMMDDhhmmss'. */
function writeTime(w: Writer, value: unknown, what = 'time'): void {
  const text = typeof value === 'string' ? value : '';
  const digits = /^\d{12}$/.test(text) ? text : /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text) ? text.slice(2).replace(/[-: ]/g, '') : '';
  if (!digits) throw new Jt808EncodeError(`${what}: expected 'YYYY-MM-DD HH:mm:ss'`);
  w.hex(digits, 6, what);
}

function readMileage(r: Reader, what: string): number {
  const digits = r.bcd(4, what);
  if (!/^\d{8}$/.test(digits)) throw new Jt808DecodeError('BAD_FIELD', `${what}: not BCD (${digits})`);
  return Number(digits) / 10;
}

function writeMileage(w: Writer, km: unknown, what: string): void {
  const tenths = Math.round(Number(km) * 10);
  if (!Number.isInteger(tenths) || tenths < 0 || tenths > 99_999_999) throw new Jt808EncodeError(`${what}: 0-9999999.9 km`);
  w.hex(String(tenths).padStart(8, '0'), 4, what);
}

const signed32 = (u: number) => (u > 0x7fffffff ? u - 0x1_0000_0000 : u);
const signed16 = (u: number) => (u > 0x7fff ? u - 0x1_0000 : u);
const toDegrees = (raw: number) => (raw === NO_FIX ? null : Math.round((signed32(raw) / 600_000) * 1e6) / 1e6);

function readPosition(r: Reader): RecorderPosition {
  const longitude = toDegrees(r.u32('longitude'));
  const latitude = toDegrees(r.u32('latitude'));
  return { longitude, latitude, altitudeM: signed16(r.u16('altitude')) };
}

function writePosition(w: Writer, p: RecorderPosition | undefined): void {
  const raw = (deg: number | null | undefined) => (deg === null || deg === undefined ? NO_FIX : Math.round(deg * 600_000) >>> 0);
  w.u32(raw(p?.longitude), 'longitude');
  w.u32(raw(p?.latitude), 'latitude');
  w.u16((p?.altitudeM ?? 0) & 0xffff, 'altitude');
}

const ascii = (r: Reader, n: number, what: string) => r.gbkFixed(n, what).trim();
const writeAscii = (w: Writer, v: unknown, n: number, what: string) => w.gbkFixed(String(v ?? ''), n, what);

/** A word's data as one object (parameters) or as fixed-size records repeated to the end. */
interface WordLayout {
  name: string;
  /** Fixed record size: the data is a whole number of these. Absent: one variable-length object. */
  recordBytes?: number;
  read(r: Reader): Obj;
  write(w: Writer, value: Obj): void;
}

const speedSamples = (count: number, keys: [string, string]) => ({
  read: (r: Reader) => Array.from({ length: count }, () => ({ [keys[0]]: r.u8(), [keys[1]]: r.u8() })),
  write: (w: Writer, samples: unknown) => {
    const list = Array.isArray(samples) ? (samples as Obj[]) : [];
    for (let i = 0; i < count; i++) {
      w.u8(Number(list[i]?.[keys[0]] ?? 0xff), keys[0]);
      w.u8(Number(list[i]?.[keys[1]] ?? 0), keys[1]);
    }
  },
});
const perSecond = speedSamples(60, ['speed', 'status']);
const accidentSamples = speedSamples(100, ['speed', 'status']);
const speedCheck = speedSamples(60, ['recorded', 'reference']);

const vehicleInfo: WordLayout = {
  name: 'vehicle information',
  read: (r) => ({ vin: ascii(r, 17, 'vin'), plate: r.gbkFixed(12, 'plate').trim(), plateClass: r.gbkFixed(12, 'plate class').trim() }),
  write: (w, v) => {
    writeAscii(w, v.vin, 17, 'vin');
    w.gbkFixed(String(v.plate ?? ''), 12, 'plate');
    w.gbkFixed(String(v.plateClass ?? ''), 12, 'plate class');
  },
};
const mileage: WordLayout = {
  name: 'accumulated mileage',
  read: (r) => ({ time: readTime(r), installTime: readTime(r, 'install time'), initialMileageKm: readMileage(r, 'initial mileage'), totalMileageKm: readMileage(r, 'total mileage') }),
  write: (w, v) => {
    writeTime(w, v.time);
    writeTime(w, v.installTime, 'install time');
    writeMileage(w, v.initialMileageKm, 'initial mileage');
    writeMileage(w, v.totalMileageKm, 'total mileage');
  },
};
const pulse: WordLayout = {
  name: 'pulse coefficient',
  read: (r) => ({ time: readTime(r), pulseCoefficient: r.u16('pulse coefficient') }),
  write: (w, v) => {
    writeTime(w, v.time);
    w.u16(Number(v.pulseCoefficient), 'pulse coefficient');
  },
};
const signals: WordLayout = {
  name: 'status signal configuration',
  // Table A.12: real time, the number of status bytes, then 8 names of 10 bytes per status byte.
  read: (r) => {
    const time = readTime(r);
    const bytes = r.u8('status bytes');
    const names: string[] = [];
    for (let i = 0; i < bytes * 8; i++) names.push(r.gbkFixed(10, 'signal name').trim());
    return { time, signals: names };
  },
  write: (w, v) => {
    const names = Array.isArray(v.signals) ? (v.signals as unknown[]).map(String) : [];
    const bytes = Math.max(1, Math.ceil(names.length / 8));
    writeTime(w, v.time);
    w.u8(bytes, 'status bytes');
    for (let i = 0; i < bytes * 8; i++) w.gbkFixed(names[i] ?? '', 10, 'signal name');
  },
};
const clock: WordLayout = { name: 'real time', read: (r) => ({ time: readTime(r) }), write: (w, v) => writeTime(w, v.time) };

/** Command words: 00H-15H collected (0x8700 -> 0x0700), 82H-C4H set (0x8701). */
export const RECORDER_WORDS: ReadonlyMap<number, WordLayout> = new Map<number, WordLayout>([
  [0x00, {
    name: 'standard version',
    read: (r) => ({ standardYear: 2000 + Number(r.bcd(1, 'year')), modification: r.u8('modification') }),
    write: (w, v) => {
      w.hex(String(Number(v.standardYear ?? 2012) % 100).padStart(2, '0'), 1, 'year');
      w.u8(Number(v.modification ?? 0), 'modification');
    },
  }],
  [0x01, { name: 'driver information', read: (r) => ({ licence: ascii(r, 18, 'licence') }), write: (w, v) => writeAscii(w, v.licence, 18, 'licence') }],
  [0x02, clock],
  [0x03, mileage],
  [0x04, pulse],
  [0x05, vehicleInfo],
  [0x06, signals],
  [0x07, {
    name: 'unique id',
    read: (r) => {
      const cccCode = ascii(r, 7, 'CCC code');
      const model = ascii(r, 16, 'model');
      const date = r.bcd(3, 'production date');
      const serial = r.u32('serial');
      r.hex(5, 'reserved');
      return { cccCode, model, productionDate: `20${date.slice(0, 2)}-${date.slice(2, 4)}-${date.slice(4, 6)}`, serial };
    },
    write: (w, v) => {
      writeAscii(w, v.cccCode, 7, 'CCC code');
      writeAscii(w, v.model, 16, 'model');
      w.hex(String(v.productionDate ?? '').slice(2).replace(/-/g, '').padStart(6, '0'), 3, 'production date');
      w.u32(Number(v.serial ?? 0), 'serial');
      w.hex('0000000000', 5, 'reserved');
    },
  }],
  [0x08, {
    name: 'speed records (48 h)',
    recordBytes: 126,
    read: (r) => ({ start: readTime(r, 'start'), samples: perSecond.read(r) }),
    write: (w, v) => {
      writeTime(w, v.start, 'start');
      perSecond.write(w, v.samples);
    },
  }],
  [0x09, {
    name: 'location records (360 h)',
    recordBytes: 666,
    read: (r) => ({ start: readTime(r, 'start'), points: Array.from({ length: 60 }, () => ({ ...readPosition(r), speed: r.u8('speed') })) }),
    write: (w, v) => {
      writeTime(w, v.start, 'start');
      const points = Array.isArray(v.points) ? (v.points as (RecorderPosition & { speed?: number })[]) : [];
      for (let i = 0; i < 60; i++) {
        writePosition(w, points[i]);
        w.u8(points[i]?.speed ?? 0xff, 'speed');
      }
    },
  }],
  [0x10, {
    name: 'doubtful (accident) events',
    recordBytes: 234,
    read: (r) => ({ end: readTime(r, 'end'), licence: ascii(r, 18, 'licence'), samples: accidentSamples.read(r), position: readPosition(r) }),
    write: (w, v) => {
      writeTime(w, v.end, 'end');
      writeAscii(w, v.licence, 18, 'licence');
      accidentSamples.write(w, v.samples);
      writePosition(w, v.position as RecorderPosition);
    },
  }],
  [0x11, {
    name: 'overtime driving',
    recordBytes: 50,
    read: (r) => ({ licence: ascii(r, 18, 'licence'), start: readTime(r, 'start'), end: readTime(r, 'end'), startPosition: readPosition(r), endPosition: readPosition(r) }),
    write: (w, v) => {
      writeAscii(w, v.licence, 18, 'licence');
      writeTime(w, v.start, 'start');
      writeTime(w, v.end, 'end');
      writePosition(w, v.startPosition as RecorderPosition);
      writePosition(w, v.endPosition as RecorderPosition);
    },
  }],
  [0x12, {
    name: 'driver identity records',
    recordBytes: 25,
    // Event 01H login, 02H logout.
    read: (r) => ({ time: readTime(r), licence: ascii(r, 18, 'licence'), event: r.u8('event') }),
    write: (w, v) => {
      writeTime(w, v.time);
      writeAscii(w, v.licence, 18, 'licence');
      w.u8(Number(v.event ?? 1), 'event');
    },
  }],
  [0x13, {
    name: 'external power records',
    recordBytes: 7,
    // Event 01H powered, 02H cut.
    read: (r) => ({ time: readTime(r), event: r.u8('event') }),
    write: (w, v) => {
      writeTime(w, v.time);
      w.u8(Number(v.event ?? 1), 'event');
    },
  }],
  [0x14, {
    name: 'parameter changes',
    recordBytes: 7,
    // The code is the set command word that changed the parameter (82H ...).
    read: (r) => ({ time: readTime(r), code: r.u8('code') }),
    write: (w, v) => {
      writeTime(w, v.time);
      w.u8(Number(v.code ?? 0), 'code');
    },
  }],
  [0x15, {
    name: 'speed status log',
    recordBytes: 133,
    // Status 01H normal, 02H abnormal; per second the recorded (sensor) and reference (GNSS) speed.
    read: (r) => ({ status: r.u8('status'), start: readTime(r, 'start'), end: readTime(r, 'end'), samples: speedCheck.read(r) }),
    write: (w, v) => {
      w.u8(Number(v.status ?? 1), 'status');
      writeTime(w, v.start, 'start');
      writeTime(w, v.end, 'end');
      speedCheck.write(w, v.samples);
    },
  }],
  [0x82, vehicleInfo],
  [0x83, { name: 'installation date', read: (r) => ({ installTime: readTime(r, 'install time') }), write: (w, v) => writeTime(w, v.installTime ?? v.time, 'install time') }],
  [0x84, signals],
  [0xc2, clock],
  [0xc3, pulse],
  [0xc4, mileage],
]);

/** Collect words whose request carries a time range and a block count (08H-15H, table A.16). */
export const RANGED_RECORDER_WORDS: ReadonlySet<number> = new Set([0x08, 0x09, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15]);

export interface RecorderRange {
  startTime: string;
  endTime: string;
  maxBlocks: number;
}

/** A recorder's answer: one object for parameter words, `records` for the record words. */
export function decodeRecorderData(command: number, data: Buffer): Obj {
  const layout = RECORDER_WORDS.get(command);
  if (!layout) throw new Jt808DecodeError('BAD_FIELD', `unknown recorder command word ${command.toString(16)}H`);
  const r = reader(data, 0, data.length);
  if (layout.recordBytes === undefined) {
    const value = layout.read(r);
    if (r.remaining !== 0) throw new Jt808DecodeError('LENGTH_MISMATCH', `${layout.name}: ${r.remaining} bytes left over`);
    return value;
  }
  if (data.length % layout.recordBytes !== 0)
    throw new Jt808DecodeError('LENGTH_MISMATCH', `${layout.name}: ${data.length} bytes is not a whole number of ${layout.recordBytes}-byte records`);
  const records: Obj[] = [];
  while (r.remaining > 0) records.push(layout.read(r));
  return { records };
}

export function encodeRecorderData(command: number, value: Obj): Buffer {
  const layout = RECORDER_WORDS.get(command);
  if (!layout) throw new Jt808EncodeError(`unknown recorder command word ${command.toString(16)}H`);
  const w = writer(256);
  if (layout.recordBytes === undefined) layout.write(w, value);
  else for (const record of (value.records as Obj[] | undefined) ?? []) layout.write(w, record);
  return w.toBuffer();
}

/** The data of a ranged collect request (08H-15H): start, end, the most blocks wanted. */
export function encodeRecorderRange(range: RecorderRange): Buffer {
  const w = writer(14);
  writeTime(w, range.startTime, 'start');
  writeTime(w, range.endTime, 'end');
  w.u16(range.maxBlocks, 'max blocks');
  return w.toBuffer();
}

export function decodeRecorderRange(data: Buffer): RecorderRange {
  const r = reader(data, 0, data.length);
  const range = { startTime: readTime(r, 'start'), endTime: readTime(r, 'end'), maxBlocks: r.u16('max blocks') };
  if (r.remaining) throw new Jt808DecodeError('LENGTH_MISMATCH', `collect range: ${r.remaining} bytes left over`);
  return range;
}
