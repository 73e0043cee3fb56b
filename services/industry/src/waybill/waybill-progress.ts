import type { WaybillPlace, WaybillStatus } from '@openfleet/contracts';
import { distanceMeters } from '@openfleet/geo';

/** Positions from this long before the planned departure count: the vehicle may wait at the origin. */
export const PROGRESS_LEAD_MS = 2 * 3_600_000;

/** What the rules read of a waybill's plan. */
export interface WaybillPlan {
  origin: WaybillPlace;
  destination: WaybillPlace;
  plannedDepartAt: number;
  plannedArriveAt: number;
}

/** Where a waybill stands; the tracker stores it, the rules only compute it. */
export interface WaybillProgress {
  status: WaybillStatus;
  late: boolean;
  seenAtOrigin: boolean;
  departedAt: number | null;
  arrivedAt: number | null;
}

const inside = (place: WaybillPlace, lng: number, lat: number) => distanceMeters(place.longitude, place.latitude, lng, lat) <= place.radiusM;

/**
 * The progress after one position (epoch ms, WGS-84): seen inside the origin radius, then outside
 * it is the departure (onTheWay); inside the destination radius is the arrival, late when after
 * the planned arrival. A planned arrival passed without arrival makes it late. A vehicle first
 * seen already away from the origin is not departed until it arrives (no guess at when it left).
 * Positions from before the plan's lead or the departure (blind-area backfill) change nothing.
 */
export function advance(plan: WaybillPlan, progress: WaybillProgress, atMs: number, lng: number, lat: number): WaybillProgress {
  if (progress.status === 'arrived' || atMs < plan.plannedDepartAt - PROGRESS_LEAD_MS || atMs < (progress.departedAt ?? 0)) return progress;
  const next = { ...progress };
  const atOrigin = inside(plan.origin, lng, lat);
  if (inside(plan.destination, lng, lat) && !(atOrigin && next.status === 'planned')) {
    next.status = 'arrived';
    next.arrivedAt = atMs;
    next.late = atMs > plan.plannedArriveAt;
    return next;
  }
  if (atMs > plan.plannedArriveAt) next.late = true;
  if (atOrigin) next.seenAtOrigin = true;
  else if (next.status === 'planned' && next.seenAtOrigin) {
    next.status = 'onTheWay';
    next.departedAt = atMs;
  }
  return next;
}

/** The fields that differ between two progresses (what the tracker writes). */
export function progressChanges(before: WaybillProgress, after: WaybillProgress): Partial<WaybillProgress> {
  const changes: Partial<WaybillProgress> = {};
  for (const key of Object.keys(after) as (keyof WaybillProgress)[]) {
    if (after[key] !== before[key]) (changes as Record<string, unknown>)[key] = after[key];
  }
  return changes;
}
