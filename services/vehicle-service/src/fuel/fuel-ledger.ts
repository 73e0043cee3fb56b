import { chinaDate, type FuelThresholds } from '@openfleet/contracts';
import { distanceMeters } from '@openfleet/geo';
import { detectFuel, emptyFuelState, type DetectedFuelEvent, type FuelDetectorState } from './fuel-detector';

/** A day's or a trip's running figures. */
export interface FuelTally {
  startedAt: number;
  endedAt: number;
  firstL: number;
  lastL: number;
  refuelledL: number;
  lossL: number;
  firstOdometerKm: number;
  lastOdometerKm: number;
  canFirstL: number | null;
  canLastL: number | null;
}

/** Everything the ledger keeps per vehicle (stored as JSON in fuel_vehicle_state). */
export interface VehicleLedgerState {
  detector: FuelDetectorState;
  /** Odometer: the terminal's mileage, or fixes summed when it sends none. */
  odometerKm: number;
  lastLat: number;
  lastLng: number;
  day: (FuelTally & { day: string }) | null;
  trip: FuelTally | null;
  curveAt: number;
  curveL: number;
}

export interface LedgerInput {
  at: number;
  litres: readonly number[];
  canTotalL: number | null;
  stopped: boolean;
  accOn: boolean;
  /** The terminal's odometer in km, or null to sum the distance between fixes. */
  mileageKm: number | null;
  latitude: number;
  longitude: number;
}

/** What one sample produced: the curve point to store, the event, and days or trips that closed. */
export interface LedgerOutput {
  curvePoint?: { at: number; litres: number };
  event?: DetectedFuelEvent;
  closedDay?: FuelTally & { day: string };
  closedTrip?: FuelTally;
}

/** A curve point at least this often, or sooner when the level moved this much. */
const CURVE_EVERY_MS = 60_000;
const CURVE_STEP_L = 2;

export function emptyLedgerState(): VehicleLedgerState {
  return { detector: emptyFuelState(), odometerKm: 0, lastLat: 0, lastLng: 0, day: null, trip: null, curveAt: 0, curveL: 0 };
}

function openTally(at: number, litres: number, odometerKm: number, canL: number | null): FuelTally {
  return { startedAt: at, endedAt: at, firstL: litres, lastL: litres, refuelledL: 0, lossL: 0, firstOdometerKm: odometerKm, lastOdometerKm: odometerKm, canFirstL: canL, canLastL: canL };
}

function extend(tally: FuelTally, at: number, litres: number, odometerKm: number, canL: number | null): void {
  tally.endedAt = at;
  tally.lastL = litres;
  tally.lastOdometerKm = odometerKm;
  if (canL !== null) {
    tally.canFirstL ??= canL;
    tally.canLastL = canL;
  }
}

/**
 * One sample through the ledger: odometer, the detector, the curve, the day (China time) and the
 * trip (an ACC-on spell). A new day starts at the level the last one ended with, so no litre falls
 * between two days. Samples the detector skips (older than the last) change nothing.
 */
export function applyLedger(state: VehicleLedgerState, input: LedgerInput, thresholds: FuelThresholds, capacityL: number): LedgerOutput {
  const output: LedgerOutput = {};
  if (input.at <= state.detector.lastAt) return output;
  if (input.mileageKm !== null) state.odometerKm = input.mileageKm;
  else if (state.lastLat || state.lastLng) state.odometerKm += distanceMeters(state.lastLng, state.lastLat, input.longitude, input.latitude) / 1000;
  if (input.latitude || input.longitude) {
    state.lastLat = input.latitude;
    state.lastLng = input.longitude;
  }
  const sample = { at: input.at, litres: input.litres, stopped: input.stopped, accOn: input.accOn, odometerKm: state.odometerKm, latitude: input.latitude, longitude: input.longitude };
  const { level, event } = detectFuel(state.detector, sample, thresholds, capacityL);
  if (level === null) return output;
  const litres = Math.round(level * 10) / 10;

  const day = chinaDate(input.at);
  if (state.day && state.day.day !== day) {
    output.closedDay = state.day;
    state.day = { ...openTally(input.at, state.day.lastL, state.day.lastOdometerKm, state.day.canLastL), day };
  }
  state.day ??= { ...openTally(input.at, litres, state.odometerKm, input.canTotalL), day };
  extend(state.day, input.at, litres, state.odometerKm, input.canTotalL);

  if (input.accOn) {
    state.trip ??= openTally(input.at, litres, state.odometerKm, input.canTotalL);
    extend(state.trip, input.at, litres, state.odometerKm, input.canTotalL);
  } else if (state.trip) {
    extend(state.trip, input.at, litres, state.odometerKm, input.canTotalL);
    if (state.trip.lastOdometerKm - state.trip.firstOdometerKm > 0) output.closedTrip = state.trip;
    state.trip = null;
  }

  if (event) {
    output.event = event;
    for (const tally of [state.day, state.trip]) {
      if (!tally) continue;
      if (event.kind === 'refuel') tally.refuelledL += event.amountL;
      else tally.lossL += event.amountL;
    }
    if (output.closedTrip && !state.trip) {
      if (event.kind === 'refuel') output.closedTrip.refuelledL += event.amountL;
      else output.closedTrip.lossL += event.amountL;
    }
  }
  if (event || input.at - state.curveAt >= CURVE_EVERY_MS || Math.abs(litres - state.curveL) >= CURVE_STEP_L) {
    state.curveAt = input.at;
    state.curveL = litres;
    output.curvePoint = { at: input.at, litres };
  }
  return output;
}

/** Consumed = level at the start - level at the end + refuelled - suspected loss; never below 0. */
export function consumedOf(tally: { firstL: number; lastL: number; refuelledL: number; lossL: number }): number {
  return Math.max(0, tally.firstL - tally.lastL + tally.refuelledL - tally.lossL);
}
