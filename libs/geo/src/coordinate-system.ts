import gcoord, { type CRSTypes } from 'gcoord';
import type { LngLat } from './lng-lat';

/** Geographic coordinate systems used by terminals and Chinese map providers. */
export const Crs = {
  /** GPS / BeiDou output; CGCS2000 is treated as equal (they differ by centimetres). */
  WGS84: 'WGS84',
  /** The national offset ("Mars coordinates") required on public maps in China. */
  GCJ02: 'GCJ02',
  /** Baidu's additional offset on top of GCJ-02. */
  BD09: 'BD09',
} as const;

/** One of the supported coordinate systems. */
export type Crs = (typeof Crs)[keyof typeof Crs];

const gcoordCrs: Readonly<Record<Crs, CRSTypes>> = {
  WGS84: gcoord.WGS84,
  GCJ02: gcoord.GCJ02,
  BD09: gcoord.BD09,
};

/**
 * Converts a position between coordinate systems. The GCJ-02 offset is only applied inside
 * gcoord's rough China bounding box (lng 72.004..137.8347, lat 0.8293..55.8271).
 */
export function convertCoordinates(lng: number, lat: number, from: Crs, to: Crs): LngLat {
  if (from === to) return [lng, lat];
  if (from === Crs.WGS84 && to === Crs.GCJ02) return wgs84ToGcj02(lng, lat);
  const [x, y] = gcoord.transform([lng, lat], gcoordCrs[from], gcoordCrs[to]);
  return [x, y];
}

// gcoord's WGS-84 -> GCJ-02 (Krasovsky 1940 ellipsoid, the published GCJ-02 formula), written out
// for per-row hot paths (the tracking ingest converts every stored position).
const GCJ_A = 6378245;
const GCJ_EE = 0.006693421622965823;
const { sin, cos, sqrt, abs, PI } = Math;

/**
 * WGS-84 -> GCJ-02 as `convertCoordinates(lng, lat, Crs.WGS84, Crs.GCJ02)` answers it, bit for bit
 * (the same operations in the same order as gcoord 1.0.7; `coordinate-system.spec.ts` compares
 * both on a grid over China and beyond), without gcoord's argument checks and intermediate arrays:
 * about 10x cheaper. Outside gcoord's China box the position comes back unchanged.
 */
export function wgs84ToGcj02(lng: number, lat: number): LngLat {
  if (!(lng >= 72.004 && lng <= 137.8347 && lat >= 0.8293 && lat <= 55.8271)) return [lng, lat];
  const x = lng - 105;
  const y = lat - 35;
  let dLat = -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * sqrt(abs(x));
  dLat += ((20 * sin(6 * x * PI) + 20 * sin(2 * x * PI)) * 2) / 3;
  dLat += ((20 * sin(y * PI) + 40 * sin((y / 3) * PI)) * 2) / 3;
  dLat += ((160 * sin((y / 12) * PI) + 320 * sin((y * PI) / 30)) * 2) / 3;
  let dLng = 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * sqrt(abs(x));
  dLng += ((20 * sin(6 * x * PI) + 20 * sin(2 * x * PI)) * 2) / 3;
  dLng += ((20 * sin(x * PI) + 40 * sin((x / 3) * PI)) * 2) / 3;
  dLng += ((150 * sin((x / 12) * PI) + 300 * sin((x / 30) * PI)) * 2) / 3;
  const radLat = (lat / 180) * PI;
  let magic = sin(radLat);
  magic = 1 - GCJ_EE * magic * magic;
  const sqrtMagic = sqrt(magic);
  dLng = (dLng * 180) / ((GCJ_A / sqrtMagic) * cos(radLat) * PI);
  dLat = (dLat * 180) / (((GCJ_A * (1 - GCJ_EE)) / (magic * sqrtMagic)) * PI);
  return [lng + dLng, lat + dLat];
}
