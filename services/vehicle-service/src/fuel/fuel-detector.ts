import type { FuelEventKind, FuelThresholds } from '@openfleet/contracts';

/** One report of a vehicle as the detector needs it: litres per sensor (one tank, or two). */
export interface FuelSample {
  /** GNSS time, epoch ms. */
  at: number;
  /** Litres per sensor, in the vehicle's tank order (NaN: this sensor sent nothing usable). */
  litres: readonly number[];
  /** Speed 0 or ACC off. */
  stopped: boolean;
  accOn: boolean;
  /** Odometer, km (the terminal's, or the distance summed from fixes). */
  odometerKm: number;
  latitude: number;
  longitude: number;
}

export interface DetectedFuelEvent {
  kind: FuelEventKind;
  startedAt: number;
  endedAt: number;
  amountL: number;
  litresBefore: number;
  litresAfter: number;
  latitude: number;
  longitude: number;
  whileStopped: boolean;
}

/** Where the level was last explained (no event pending): drops and rises are measured from here. */
interface Anchor {
  litres: number;
  at: number;
  odometerKm: number;
  /** Seconds with ACC on since the anchor: idling burns fuel without distance. */
  idleS: number;
}

/** A level that has moved past a threshold and waits to hold for settleS. */
interface Pending {
  kind: FuelEventKind;
  startedAt: number;
  latitude: number;
  longitude: number;
  whileStopped: boolean;
  /** The largest excess so far (rise, or drop beyond the allowance) and when it last grew. */
  peak: number;
  peakAt: number;
}

/** What the detector keeps per vehicle; plain data, so it is stored as JSON and reloaded. */
export interface FuelDetectorState {
  /** The last raw litres per sensor, newest last (the median window). */
  windows: number[][];
  anchor: Anchor | null;
  pending: Pending | null;
  lastAt: number;
  lastStoppedAt: number;
  /** The last filtered level, and where it was seen. */
  level: number | null;
  latitude: number;
  longitude: number;
}

export function emptyFuelState(): FuelDetectorState {
  return { windows: [], anchor: null, pending: null, lastAt: 0, lastStoppedAt: 0, level: null, latitude: 0, longitude: 0 };
}

/** Noise the settle check ignores: a level that moves less than this has held. */
const HOLD_TOLERANCE_L = 1;

/** Median of a short window (copied: the window stays in arrival order). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Feeds one sample; answers the filtered level (null until a sensor has a value) and the event it
 * completes, if any. Rules (docs/fuel.md): each sensor's litres through a median of
 * `medianSamples`, summed; a rise of refuelMinL or refuelMinPercent of the capacity while stopped,
 * within windowS of the level it rose from, is a refuel; a drop beyond what the distance
 * (maxLitresPer100Km) and idling (idleLitresPerHour) explain, of theftMinL or theftMinPercent, is a
 * suspected theft or leak. Either is an event only once it has held settleS seconds without
 * growing: a level that jumps and returns before that is noise. Samples older than the last are skipped.
 */
export function detectFuel(state: FuelDetectorState, sample: FuelSample, thresholds: FuelThresholds, capacityL: number): { level: number | null; event?: DetectedFuelEvent } {
  if (sample.at <= state.lastAt) return { level: state.level };
  const elapsedS = state.lastAt ? (sample.at - state.lastAt) / 1000 : 0;
  state.lastAt = sample.at;
  const level = filteredLevel(state, sample.litres, thresholds.medianSamples);
  if (level === null) return { level: null };
  state.level = level;
  state.latitude = sample.latitude;
  state.longitude = sample.longitude;
  if (sample.stopped) state.lastStoppedAt = sample.at;
  const anchor = state.anchor;
  if (!anchor) {
    state.anchor = { litres: level, at: sample.at, odometerKm: sample.odometerKm, idleS: 0 };
    return { level };
  }
  if (sample.accOn) anchor.idleS += elapsedS;
  const drivenKm = Math.max(0, sample.odometerKm - anchor.odometerKm);
  const allowance = (drivenKm * thresholds.maxLitresPer100Km) / 100 + (anchor.idleS * thresholds.idleLitresPerHour) / 3600;
  const rise = level - anchor.litres;
  const loss = -rise - allowance;
  const refuelMin = Math.min(thresholds.refuelMinL, capacityL > 0 ? (capacityL * thresholds.refuelMinPercent) / 100 : Infinity);
  const theftMin = Math.min(thresholds.theftMinL, capacityL > 0 ? (capacityL * thresholds.theftMinPercent) / 100 : Infinity);

  const pending = state.pending;
  if (pending) {
    const excess = pending.kind === 'refuel' ? rise : loss;
    const minimum = pending.kind === 'refuel' ? refuelMin : theftMin;
    // Back below half the threshold before it held: a jump and return, not an event.
    if (excess < minimum / 2) {
      state.pending = null;
      return { level };
    }
    if (excess > pending.peak + HOLD_TOLERANCE_L) {
      pending.peak = excess;
      pending.peakAt = sample.at;
    }
    if (sample.at - pending.peakAt < thresholds.settleS * 1000 || excess < minimum) return { level };
    const event: DetectedFuelEvent = {
      kind: pending.kind,
      startedAt: pending.startedAt,
      endedAt: sample.at,
      amountL: round1(excess),
      litresBefore: round1(anchor.litres),
      litresAfter: round1(level),
      latitude: pending.latitude,
      longitude: pending.longitude,
      whileStopped: pending.whileStopped,
    };
    state.pending = null;
    state.anchor = { litres: level, at: sample.at, odometerKm: sample.odometerKm, idleS: 0 };
    return { level, event };
  }

  const withinWindow = sample.at - anchor.at <= thresholds.windowS * 1000;
  if (rise >= refuelMin && sample.stopped && withinWindow) {
    state.pending = { kind: 'refuel', startedAt: anchor.at, latitude: sample.latitude, longitude: sample.longitude, whileStopped: true, peak: rise, peakAt: sample.at };
  } else if (loss >= theftMin) {
    state.pending = { kind: 'theft', startedAt: anchor.at, latitude: sample.latitude, longitude: sample.longitude, whileStopped: sample.stopped, peak: loss, peakAt: sample.at };
  } else if (loss <= 0 && (rise <= 0 || (rise < refuelMin / 2 && !sample.stopped) || !withinWindow)) {
    // Explained: consumption while driving, sloshing, a stale rise past the window. A rise while
    // stopped keeps the anchor so a slow pump still adds up; an unexplained drop keeps it so a slow
    // leak does; a big rise while driving keeps it so a sensor jump that returns is not a loss.
    state.anchor = { litres: level, at: sample.at, odometerKm: sample.odometerKm, idleS: 0 };
  }
  return { level };
}

/** Each sensor's median over its window, summed; null while no sensor has a value yet. */
function filteredLevel(state: FuelDetectorState, litres: readonly number[], samples: number): number | null {
  let total = 0;
  let any = false;
  for (let sensor = 0; sensor < litres.length; sensor++) {
    const window = (state.windows[sensor] ??= []);
    const value = litres[sensor];
    if (Number.isFinite(value)) {
      window.push(value);
      if (window.length > samples) window.shift();
    }
    if (!window.length) continue;
    total += median(window);
    any = true;
  }
  return any ? total : null;
}
