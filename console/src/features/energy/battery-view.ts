import type { BatteryUnit, Reading, SubsystemTemperatures, SubsystemVoltages } from './energyApi';

/** One cell or probe of the heat map: its number (from 1, across subsystems and split frames) and reading. */
export interface HeatCell {
  readonly subsystem: number;
  readonly no: number;
  readonly value: Reading;
}

/** Cell voltages of every subsystem in cell order: a split report (0x08 with firstCell > 1) is placed where its first cell says. */
export function cellVoltages(units: readonly BatteryUnit[]): HeatCell[] {
  const cells: HeatCell[] = [];
  for (const unit of units) {
    if (unit.type !== 8) continue;
    for (const s of (unit as { voltages: SubsystemVoltages[] }).voltages) s.cellVoltagesV.forEach((value, i) => cells.push({ subsystem: s.subsystem, no: s.firstCell + i, value }));
  }
  return cells.sort((a, b) => a.subsystem - b.subsystem || a.no - b.no);
}

/** Probe temperatures of every subsystem, numbered from 1 within it. */
export function probeTemperatures(units: readonly BatteryUnit[]): HeatCell[] {
  const probes: HeatCell[] = [];
  for (const unit of units) {
    if (unit.type !== 9) continue;
    for (const s of (unit as { temperatures: SubsystemTemperatures[] }).temperatures) s.probeTempsC.forEach((value, i) => probes.push({ subsystem: s.subsystem, no: i + 1, value }));
  }
  return probes;
}

/** The extremes among the numeric readings (sentinels take no part); null when none is a number. */
export function extremesOf(cells: readonly HeatCell[]): { max: HeatCell; min: HeatCell } | null {
  let max: HeatCell | null = null;
  let min: HeatCell | null = null;
  for (const cell of cells) {
    if (typeof cell.value !== 'number') continue;
    if (!max || cell.value > (max.value as number)) max = cell;
    if (!min || cell.value < (min.value as number)) min = cell;
  }
  return max && min ? { max, min } : null;
}

/** The narrowest range a heat map spans (V for cells, °C for probes): a 9 mV spread is not painted end to end. */
export const HEAT_MIN_SPAN: Readonly<Record<'cell' | 'probe', number>> = { cell: 0.05, probe: 5 };

/** Spec §4 charging state: 1 parked charging, 2 driving charging, 3 not charging, 4 charged, 254 abnormal, 255 invalid. */
export function chargeStateKey(state: number | null | undefined): string {
  if (state === null || state === undefined) return 'energy.charge.none';
  return [1, 2, 3, 4, 254, 255].includes(state) ? `energy.charge.${state}` : 'energy.charge.none';
}

/** A series as Highcharts [x, y] pairs on the time axis. */
export function timeSeries(t: readonly number[], values: readonly (number | null)[]): [number, number | null][] {
  return t.map((x, i) => [x, values[i] ?? null]);
}
