/**
 * Geofences as the fence service stores them and the console edits them (framework-free: the
 * console imports this file). Geometry is WGS-84 [lng, lat]; the console converts to and from the
 * map's system at its map boundary.
 */

export const FenceType = { CIRCLE: 1, RECTANGLE: 2, POLYGON: 3, ROUTE: 4, POINT: 5, MUCK: 6 } as const;
export type FenceType = (typeof FenceType)[keyof typeof FenceType];

/** JT/T 808 area attribute bits (2013 table 52 / 2019 table 61, spec §9). */
export const FenceAttribute = {
  BY_TIME: 1 << 0,
  SPEED_LIMIT: 1 << 1,
  ENTRY_ALARM_DRIVER: 1 << 2,
  ENTRY_ALARM_PLATFORM: 1 << 3,
  EXIT_ALARM_DRIVER: 1 << 4,
  EXIT_ALARM_PLATFORM: 1 << 5,
  SOUTH_LATITUDE: 1 << 6,
  WEST_LONGITUDE: 1 << 7,
  DOOR_OPEN_BANNED: 1 << 8,
  COMM_MODULE_OFF_ON_ENTRY: 1 << 14,
  GNSS_COLLECT_ON_ENTRY: 1 << 15,
} as const;

export type LngLatPair = [number, number];

export interface RouteSegment {
  /** Corridor width in metres (the vehicle may be width/2 off the line). */
  widthM: number;
  /** Drive time on the segment above which it is too long / below which too short (0: none). */
  longThresholdS: number;
  shortThresholdS: number;
  /** 0: none. */
  maxSpeedKmh: number;
}

export type FenceGeometry =
  | { type: 'circle'; center: LngLatPair; radiusM: number }
  | { type: 'rectangle'; northWest: LngLatPair; southEast: LngLatPair }
  | { type: 'polygon'; points: LngLatPair[] }
  /** `segments[i]` is the part from points[i] to points[i + 1]. */
  | { type: 'route'; points: LngLatPair[]; segments: RouteSegment[] }
  | { type: 'point'; point: LngLatPair; radiusM: number };

/** What a muck (construction waste) area allows; anything else there is a rule break. */
export interface MuckRules {
  load: boolean;
  unload: boolean;
  pass: boolean;
}

export interface FenceInput {
  name: string;
  type: FenceType;
  geometry: FenceGeometry;
  attributes: number;
  /** 'HH:mm:ss' each day, or 'YYYY-MM-DD HH:mm:ss' once (attribute BY_TIME). */
  startTime?: string;
  endTime?: string;
  maxSpeedKmh?: number;
  overspeedDurationS?: number;
  nightMaxSpeedKmh?: number;
  /** Platform rule: an alarm after this long inside (0: none). */
  maxStayS?: number;
  /**
   * Platform rule: engine speed above this many rpm (0: none) for `overRpmDurationS` seconds inside
   * raises an over-rpm event. Only positions that carry engine speed (HJ 1239, GB/T 32960) can.
   */
  rpmLimit?: number;
  overRpmDurationS?: number;
  muck?: MuckRules;
  companyId?: string;
  remark?: string;
}

export type FenceProblem = 'name' | 'geometry' | 'radius' | 'attributes' | 'speed' | 'duration' | 'time' | 'segments' | 'rpm';

const finitePair = (p: unknown): p is LngLatPair => Array.isArray(p) && p.length === 2 && p.every((n) => typeof n === 'number' && Number.isFinite(n)) && Math.abs(p[0]) <= 180 && Math.abs(p[1]) <= 90;
/** Engine speed limit (rpm) and how long over it counts: wide enough for any diesel or petrol engine. */
export const RPM_LIMIT_MAX = 20_000;
export const OVER_RPM_DURATION_MAX_S = 3600;
const TIME = /^(\d{4}-\d{2}-\d{2} )?([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

/** Spec §5 rules: radius not zero, an attribute picked, speed 1-255, overspeed duration 1-255, shapes that close; rpm limit 0-20000 for 0-3600 s. */
export function validateFence(fence: FenceInput): FenceProblem[] {
  const problems: FenceProblem[] = [];
  if (!fence.name?.trim() || fence.name.length > 64) problems.push('name');
  const g = fence.geometry;
  const shapeOk =
    g?.type === 'circle' || g?.type === 'point'
      ? finitePair(g.type === 'circle' ? g.center : g.point)
      : g?.type === 'rectangle'
        ? finitePair(g.northWest) && finitePair(g.southEast) && g.northWest[0] < g.southEast[0] && g.northWest[1] > g.southEast[1]
        : g?.type === 'polygon'
          ? Array.isArray(g.points) && g.points.length >= 3 && g.points.length <= 1000 && g.points.every(finitePair)
          : g?.type === 'route'
            ? Array.isArray(g.points) && g.points.length >= 2 && g.points.length <= 1000 && g.points.every(finitePair)
            : false;
  const typeMatches =
    !!g &&
    ((fence.type === FenceType.CIRCLE && g.type === 'circle') ||
      (fence.type === FenceType.RECTANGLE && g.type === 'rectangle') ||
      ((fence.type === FenceType.POLYGON || fence.type === FenceType.MUCK) && g.type === 'polygon') ||
      (fence.type === FenceType.ROUTE && g.type === 'route') ||
      (fence.type === FenceType.POINT && g.type === 'point'));
  if (!shapeOk || !typeMatches) problems.push('geometry');
  if ((g?.type === 'circle' || g?.type === 'point') && !(g.radiusM > 0 && g.radiusM <= 1_000_000)) problems.push('radius');
  if (!Number.isInteger(fence.attributes) || fence.attributes <= 0 || fence.attributes > 0xffff) problems.push('attributes');
  if (fence.attributes & FenceAttribute.SPEED_LIMIT) {
    if (!Number.isInteger(fence.maxSpeedKmh) || fence.maxSpeedKmh! < 1 || fence.maxSpeedKmh! > 255) problems.push('speed');
    if (!Number.isInteger(fence.overspeedDurationS) || fence.overspeedDurationS! < 1 || fence.overspeedDurationS! > 255) problems.push('duration');
  }
  const wholeIn = (n: number | undefined, max: number) => n === undefined || (Number.isInteger(n) && n >= 0 && n <= max);
  if (!wholeIn(fence.rpmLimit, RPM_LIMIT_MAX) || !wholeIn(fence.overRpmDurationS, OVER_RPM_DURATION_MAX_S)) problems.push('rpm');
  if (fence.attributes & FenceAttribute.BY_TIME && !(TIME.test(fence.startTime ?? '') && TIME.test(fence.endTime ?? ''))) problems.push('time');
  if (g?.type === 'route' && shapeOk && (g.segments?.length !== g.points.length - 1 || g.segments.some((s) => !(s.widthM >= 1 && s.widthM <= 255)))) problems.push('segments');
  return problems;
}
