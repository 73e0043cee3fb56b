import { parseChinaTime } from '@openfleet/contracts/time';
import type { PlaybackPoint } from './playback-clock';

/** A point of `listAll` (tracking service, spec §3 names). */
export interface TrackPoint {
  gpsTime: string;
  gpsSpeed: number | null;
  oilMass: number | null;
  high: number | null;
  latitude: number;
  longitude: number;
  mapLatitude: number;
  mapLongitude: number;
  direction: number;
  directionName?: string;
  mileage: number | null;
  accState: number;
}

/** `data` of findDailyMileage once unzipped and `listAll` parsed. */
export interface DailyMileage {
  points: TrackPoint[];
  charts: { gpsTime: string[]; gpsSpeed: (number | null)[]; oilMass: (number | null)[]; high: (number | null)[] };
  mileageTotal: number;
  averageOil: number | null;
  averageSpeed: number;
  oilTotal: number | null;
}

export interface Envelope<T> {
  flag: boolean;
  errorCode: number;
  msg?: string;
  data: T;
}

type DecompressionCtor = new (format: 'gzip') => TransformStream<Uint8Array, Uint8Array>;

/** Unzips the gzip body of findDailyMileage in the browser (DecompressionStream) and parses the envelope. */
export async function gunzipEnvelope<T>(bytes: ArrayBuffer | Uint8Array, Decompression: DecompressionCtor = globalThis.DecompressionStream as DecompressionCtor): Promise<Envelope<T>> {
  const input = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const decompressor = new Decompression('gzip');
  const writer = decompressor.writable.getWriter();
  // Errors surface on the reader; the writer's own promises would otherwise go unhandled.
  writer.write(input).catch(() => undefined);
  writer.close().catch(() => undefined);
  const reader = decompressor.readable.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value, { stream: true });
  text += decoder.decode();
  return JSON.parse(text) as Envelope<T>;
}

/** Spec §7: success is flag true and errorCode 200; `listAll` is a JSON string of points. */
export function readDailyMileage(envelope: Envelope<unknown>): DailyMileage | null {
  if (!envelope.flag || envelope.errorCode !== 200 || !envelope.data || typeof envelope.data !== 'object') return null;
  const data = envelope.data as Omit<DailyMileage, 'points'> & { listAll?: string };
  const points = typeof data.listAll === 'string' && data.listAll ? (JSON.parse(data.listAll) as TrackPoint[]) : [];
  const { listAll: _listAll, ...rest } = data;
  return { ...rest, points };
}

/** "YYYY-MM-DD HH:mm:ss" China Standard Time -> epoch seconds. */
export function cstToEpoch(text: string): number {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})/.exec(text);
  return match ? parseChinaTime(`${match[1]} ${match[2]}`) / 1000 : Number.NaN;
}

/** Points the playback walks (WGS-84; the map converts at its boundary). */
export function playbackPoints(points: readonly TrackPoint[]): PlaybackPoint[] {
  return points
    .map((point) => ({ time: cstToEpoch(point.gpsTime), lng: point.longitude, lat: point.latitude, direction: point.direction }))
    .filter((point) => Number.isFinite(point.time));
}

/** Days between two "YYYY-MM-DD HH:mm:ss" times; the console checks the window before asking. */
export function windowProblem(start: string, end: string, maxDays: number): 'badTime' | 'windowLimit' | null {
  const from = cstToEpoch(start);
  const to = cstToEpoch(end);
  if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from) return 'badTime';
  return to - from > maxDays * 86_400 ? 'windowLimit' : null;
}
