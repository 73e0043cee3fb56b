import { createAction, type UnknownAction } from '@reduxjs/toolkit';
import { DisplayStatus, LocateStatus, vehicleDisplayStatus } from '@openfleet/contracts/display-status';
import { formatChinaTime } from '@openfleet/contracts/time';
import type { LatestPosition, LivePosition, LiveVideoAlarms } from './live-types';

/** A vehicle's live state as the tree, map, table and info panel read it. */
export interface LiveVehicle {
  readonly vehicleId: string;
  readonly terminalPhone: string;
  readonly plateCode: string;
  readonly vehicleStatus: number | null;
  readonly locateStatus: number | null;
  readonly alarmCount: number;
  readonly alarmFlags: number;
  readonly statusFlags: number | null;
  readonly gpsSpeed: number | null;
  readonly direction: number;
  /** WGS-84; null before the first fix. */
  readonly lng: number | null;
  readonly lat: number | null;
  readonly high: number | null;
  readonly mileage: number | null;
  readonly oilMass: number | null;
  readonly accState: number | null;
  /** "YYYY-MM-DD HH:mm:ss" (China Standard Time) as the API writes it. */
  readonly gpsTime: string | null;
  readonly displayStatus: DisplayStatus;
  /** JT/T 1078 video alarm items of the last pushed report; null when it had none (or nothing was pushed yet). */
  readonly videoAlarms: LiveVideoAlarms | null;
}

export interface LiveState {
  readonly vehicles: Readonly<Record<string, LiveVehicle>>;
  /** Increments once per applied tick (the bench and tests count store updates with it). */
  readonly ticks: number;
}

const initialState: LiveState = { vehicles: {}, ticks: 0 };

/** JT/T 808 status bit 1: the report carries a valid fix. */
const FIX_BIT = 0b10;

function bitCount(flags: number): number {
  let rest = flags >>> 0;
  let count = 0;
  while (rest) {
    rest &= rest - 1;
    count++;
  }
  return count;
}

/** "YYYY-MM-DD HH:mm:ss" in China Standard Time, the format of every tracking answer. */
export function formatCst(epochS: number): string {
  // One tick carries thousands of reports of the same few seconds: format each second once.
  if (epochS === lastFormatted.epochS) return lastFormatted.text;
  const text = formatChinaTime(epochS * 1000);
  lastFormatted.epochS = epochS;
  lastFormatted.text = text;
  return text;
}
const lastFormatted = { epochS: Number.NaN, text: '' };

export function fromLatest(row: LatestPosition): LiveVehicle {
  return {
    vehicleId: row.vehicleId,
    terminalPhone: row.terminalPhone,
    plateCode: row.plateCode,
    vehicleStatus: row.vehicleStatus,
    locateStatus: row.locateStatus,
    alarmCount: row.alarmCount,
    alarmFlags: row.alarmFlags,
    statusFlags: null,
    gpsSpeed: row.gpsSpeed,
    direction: row.direction,
    lng: row.longitude,
    lat: row.latitude,
    high: row.high,
    mileage: row.mileage,
    oilMass: row.oilMass,
    accState: row.accState,
    gpsTime: row.gpsTime,
    displayStatus: row.displayStatus as DisplayStatus,
    videoAlarms: null,
  };
}

/** A pushed position applied to what we knew: a push means the terminal is online right now. */
export function applyPosition(known: LiveVehicle | undefined, position: LivePosition): LiveVehicle {
  const located = (position.statusFlags & FIX_BIT) !== 0;
  const next = {
    vehicleId: position.vehicleId || known?.vehicleId || position.terminalPhone,
    terminalPhone: position.terminalPhone,
    plateCode: position.plateCode || known?.plateCode || '',
    vehicleStatus: 1,
    locateStatus: located ? LocateStatus.LOCATED : LocateStatus.NOT_LOCATED,
    alarmCount: bitCount(position.alarmFlags),
    alarmFlags: position.alarmFlags,
    statusFlags: position.statusFlags,
    gpsSpeed: position.speedKmh,
    direction: position.direction,
    // A report without a fix keeps the last known place on the map.
    lng: located ? position.longitude : (known?.lng ?? null),
    lat: located ? position.latitude : (known?.lat ?? null),
    high: position.altitudeM,
    mileage: position.mileageKm ?? known?.mileage ?? null,
    oilMass: known?.oilMass ?? null,
    accState: (position.statusFlags & 1) === 1 ? 1 : 0,
    gpsTime: formatCst(position.gpsTimeS),
    displayStatus: DisplayStatus.UNKNOWN as DisplayStatus,
    videoAlarms: position.videoAlarms ?? null,
  };
  next.displayStatus = vehicleDisplayStatus(next);
  return next;
}

export const latestLoaded = createAction<readonly LatestPosition[]>('live/latestLoaded');
/** Raw socket batches; the throttle middleware swallows these and applies them once per tick. */
export const positionsArrived = createAction<readonly LivePosition[]>('live/positionsArrived');
/** One coalesced tick (newest position per vehicle). */
export const positionsApplied = createAction<readonly LivePosition[]>('live/positionsApplied');
export const liveCleared = createAction('live/cleared');

/**
 * A plain reducer, not an immer one: immer would walk and freeze ten thousand vehicle objects on
 * every tick. Vehicles are replaced, never mutated, so reference checks stay valid.
 */
export function liveReducer(state: LiveState = initialState, action: UnknownAction): LiveState {
  if (positionsApplied.match(action)) {
    const vehicles: Record<string, LiveVehicle> = { ...state.vehicles };
    for (const position of action.payload) {
      const id = position.vehicleId || position.terminalPhone;
      vehicles[id] = applyPosition(vehicles[id], position);
    }
    return { vehicles, ticks: state.ticks + 1 };
  }
  if (latestLoaded.match(action)) {
    const vehicles: Record<string, LiveVehicle> = { ...state.vehicles };
    for (const row of action.payload) if (row.vehicleId) vehicles[row.vehicleId] = fromLatest(row);
    return { vehicles, ticks: state.ticks };
  }
  if (liveCleared.match(action)) return initialState;
  return state;
}
