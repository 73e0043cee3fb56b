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
  const [x, y] = gcoord.transform([lng, lat], gcoordCrs[from], gcoordCrs[to]);
  return [x, y];
}
