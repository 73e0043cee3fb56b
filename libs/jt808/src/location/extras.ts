import { Jt808DecodeError, Jt808EncodeError } from '../errors';
import { hexOf } from '../codec/reader';
import type { Writer } from '../codec/writer';
import { adasExtra, bsdExtra, dsmExtra, tpmsExtra, type AdasAlarm, type BsdAlarm, type DsmAlarm, type TpmsAlarm } from './active-safety-extras';

/**
 * One additional item of 0x0200, in the order received. `kind` doubles as the JSON key and
 * carries the unit; items we do not type (vendor ids, odd lengths) are `raw` with their bytes in hex.
 */
export type LocationExtra =
  | { id: number; kind: 'mileageKm'; value: number }
  | { id: number; kind: 'fuelL'; value: number }
  | { id: number; kind: 'recordedSpeedKmh'; value: number }
  | { id: number; kind: 'manualAlarmEventId'; value: number }
  // Per-wheel values as sent, front to rear, left to right; 0xFF = no sensor. (The standard's unit text is unclear.)
  | { id: number; kind: 'tyrePressure'; value: number[] }
  | { id: number; kind: 'compartmentTemperatureC'; value: number }
  | { id: number; kind: 'overspeed'; value: { areaType: number; areaId?: number } }
  | { id: number; kind: 'areaInOut'; value: { areaType: number; areaId: number; direction: number } }
  | { id: number; kind: 'routeDriveTime'; value: { sectionId: number; driveTimeS: number; result: number } }
  | { id: number; kind: 'videoAlarms'; value: number }
  | { id: number; kind: 'videoSignalLossChannels'; value: number }
  | { id: number; kind: 'videoOcclusionChannels'; value: number }
  | { id: number; kind: 'storageFaults'; value: number }
  | { id: number; kind: 'abnormalDriving'; value: { behaviours: number; fatigueLevel: number } }
  | { id: number; kind: 'extendedSignalStatus'; value: number }
  | { id: number; kind: 'ioStatus'; value: number }
  | { id: number; kind: 'analog'; value: { ad0: number; ad1: number } }
  | { id: number; kind: 'signalStrength'; value: number }
  | { id: number; kind: 'satelliteCount'; value: number }
  | { id: number; kind: 'adas'; value: AdasAlarm }
  | { id: number; kind: 'dsm'; value: DsmAlarm }
  | { id: number; kind: 'tpms'; value: TpmsAlarm }
  | { id: number; kind: 'bsd'; value: BsdAlarm }
  | { id: number; kind: 'raw'; value: string };

export type LocationExtraKind = LocationExtra['kind'];

interface ExtraDef {
  id: number;
  kind: Exclude<LocationExtraKind, 'raw'>;
  /** Returns undefined when the length does not fit the standard layout: the item is then kept raw. */
  read(b: Buffer, p: number, len: number): unknown;
  write(w: Writer, v: never): void;
}

const u16At = (b: Buffer, p: number) => (b[p] << 8) | b[p + 1];
const u32At = (b: Buffer, p: number) => ((b[p] << 24) | (b[p + 1] << 16) | (b[p + 2] << 8) | b[p + 3]) >>> 0;

function tenths(v: number, max: number, what: string): number {
  const n = Math.round(v * 10);
  if (!(n >= 0 && n <= max)) throw new Jt808EncodeError(`${what} out of range: ${v}`);
  return n;
}

function scalar(id: number, kind: ExtraDef['kind'], size: 1 | 2 | 4, scale: 1 | 10): ExtraDef {
  const max = size === 1 ? 0xff : size === 2 ? 0xffff : 0xffffffff;
  return {
    id,
    kind,
    read: (b, p, len) => {
      if (len !== size) return undefined;
      const n = size === 1 ? b[p] : size === 2 ? u16At(b, p) : u32At(b, p);
      return scale === 10 ? n / 10 : n;
    },
    write: (w, v: number) => {
      const n = scale === 10 ? tenths(v, max, kind) : v;
      if (size === 1) w.u8(n, kind);
      else if (size === 2) w.u16(n, kind);
      else w.u32(n, kind);
    },
  };
}

const DEFS: ExtraDef[] = [
  scalar(0x01, 'mileageKm', 4, 10),
  scalar(0x02, 'fuelL', 2, 10),
  scalar(0x03, 'recordedSpeedKmh', 2, 10),
  scalar(0x04, 'manualAlarmEventId', 2, 1),
  {
    id: 0x05,
    kind: 'tyrePressure',
    read: (b, p, len) => (len === 30 ? Array.from(b.subarray(p, p + 30)) : undefined),
    write: (w, v: number[]) => {
      if (!Array.isArray(v) || v.length !== 30)
        throw new Jt808EncodeError('tyrePressure needs 30 values (0xFF = no sensor)');
      for (const x of v) w.u8(x, 'tyre pressure');
    },
  },
  {
    // Sign and magnitude, not two's complement: the standard says "highest bit 1 means negative".
    id: 0x06,
    kind: 'compartmentTemperatureC',
    read: (b, p, len) => {
      if (len !== 2) return undefined;
      const raw = u16At(b, p);
      const m = raw & 0x7fff;
      return raw & 0x8000 ? -m : m;
    },
    write: (w, v: number) => {
      const neg = v < 0 || Object.is(v, -0);
      const m = Math.abs(v);
      if (!Number.isInteger(m) || m > 0x7fff)
        throw new Jt808EncodeError(`compartment temperature out of range: ${v}`);
      w.u16((neg ? 0x8000 : 0) | m, 'compartment temperature');
    },
  },
  {
    id: 0x11,
    kind: 'overspeed',
    read: (b, p, len) =>
      len === 1 ? { areaType: b[p] } : len === 5 ? { areaType: b[p], areaId: u32At(b, p + 1) } : undefined,
    write: (w, v: { areaType: number; areaId?: number }) => {
      w.u8(v.areaType, 'areaType');
      if (v.areaId !== undefined) w.u32(v.areaId, 'areaId');
    },
  },
  {
    id: 0x12,
    kind: 'areaInOut',
    read: (b, p, len) =>
      len === 6 ? { areaType: b[p], areaId: u32At(b, p + 1), direction: b[p + 5] } : undefined,
    write: (w, v: { areaType: number; areaId: number; direction: number }) => {
      w.u8(v.areaType, 'areaType');
      w.u32(v.areaId, 'areaId');
      w.u8(v.direction, 'direction');
    },
  },
  {
    id: 0x13,
    kind: 'routeDriveTime',
    read: (b, p, len) =>
      len === 7 ? { sectionId: u32At(b, p), driveTimeS: u16At(b, p + 4), result: b[p + 6] } : undefined,
    write: (w, v: { sectionId: number; driveTimeS: number; result: number }) => {
      w.u32(v.sectionId, 'sectionId');
      w.u16(v.driveTimeS, 'driveTimeS');
      w.u8(v.result, 'result');
    },
  },
  scalar(0x14, 'videoAlarms', 4, 1),
  scalar(0x15, 'videoSignalLossChannels', 4, 1),
  scalar(0x16, 'videoOcclusionChannels', 4, 1),
  scalar(0x17, 'storageFaults', 2, 1),
  {
    id: 0x18,
    kind: 'abnormalDriving',
    read: (b, p, len) => (len === 3 ? { behaviours: u16At(b, p), fatigueLevel: b[p + 2] } : undefined),
    write: (w, v: { behaviours: number; fatigueLevel: number }) => {
      w.u16(v.behaviours, 'behaviours');
      w.u8(v.fatigueLevel, 'fatigueLevel');
    },
  },
  scalar(0x25, 'extendedSignalStatus', 4, 1),
  scalar(0x2a, 'ioStatus', 2, 1),
  {
    // AD0 in bits 0-15, AD1 in bits 16-31.
    id: 0x2b,
    kind: 'analog',
    read: (b, p, len) => (len === 4 ? { ad0: u16At(b, p + 2), ad1: u16At(b, p) } : undefined),
    write: (w, v: { ad0: number; ad1: number }) => {
      w.u16(v.ad1, 'ad1');
      w.u16(v.ad0, 'ad0');
    },
  },
  scalar(0x30, 'signalStrength', 1, 1),
  scalar(0x31, 'satelliteCount', 1, 1),
  { id: 0x64, kind: 'adas', read: adasExtra.read, write: adasExtra.write },
  { id: 0x65, kind: 'dsm', read: dsmExtra.read, write: dsmExtra.write },
  { id: 0x66, kind: 'tpms', read: tpmsExtra.read, write: tpmsExtra.write },
  { id: 0x67, kind: 'bsd', read: bsdExtra.read, write: bsdExtra.write },
];

const BY_ID: (ExtraDef | undefined)[] = new Array(256).fill(undefined);
const BY_KIND = new Map<string, ExtraDef>();
for (const d of DEFS) {
  BY_ID[d.id] = d;
  BY_KIND.set(d.kind, d);
}

/** Additional item ids the codec types, with their JSON key. */
export const LOCATION_EXTRA_KINDS: ReadonlyMap<number, string> = new Map(DEFS.map((d) => [d.id, d.kind]));

export function extraKindToId(kind: string): number | undefined {
  return BY_KIND.get(kind)?.id;
}

/** Reads id/length/value items from b[p, end). */
export function readExtras(b: Buffer, p: number, end: number): LocationExtra[] {
  const out: LocationExtra[] = [];
  while (p < end) {
    if (p + 2 > end) throw new Jt808DecodeError('TRUNCATED', 'additional item header cut short');
    const id = b[p];
    const len = b[p + 1];
    p += 2;
    if (p + len > end)
      throw new Jt808DecodeError(
        'TRUNCATED',
        `additional item 0x${id.toString(16)} needs ${len} bytes, ${end - p} left`,
      );
    const def = BY_ID[id];
    const value = def === undefined ? undefined : def.read(b, p, len);
    out.push(
      value === undefined || def === undefined
        ? { id, kind: 'raw', value: hexOf(b, p, p + len) }
        : ({ id, kind: def.kind, value } as LocationExtra),
    );
    p += len;
  }
  return out;
}

export function writeExtras(w: Writer, extras: readonly LocationExtra[]): void {
  for (const x of extras) {
    if (x.kind === 'raw') {
      w.u8(x.id, 'additional item id');
      const at = w.skip(1);
      w.hex(x.value, undefined, `additional item 0x${x.id.toString(16)}`);
      w.patchU8(at, w.pos - at - 1, 'additional item length');
      continue;
    }
    const def = BY_KIND.get(x.kind);
    if (def === undefined) throw new Jt808EncodeError(`unknown additional item kind ${String(x.kind)}`);
    w.u8(def.id);
    const at = w.skip(1);
    def.write(w, x.value as never);
    w.patchU8(at, w.pos - at - 1, 'additional item length');
  }
}
