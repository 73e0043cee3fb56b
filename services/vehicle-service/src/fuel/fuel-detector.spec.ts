import { DEFAULT_FUEL_THRESHOLDS } from '@openfleet/contracts';
import { detectFuel, emptyFuelState, median, type DetectedFuelEvent, type FuelSample } from './fuel-detector';

const T0 = Date.UTC(2026, 0, 5, 2, 0, 0);
const STEP_MS = 10_000;

/** A scripted series: one sample every 10 s, litres per sensor, stopped or driving at 60 km/h. */
interface Step {
  litres: number[];
  driving?: boolean;
  accOn?: boolean;
}

function run(steps: Step[], capacityL = 400, thresholds = DEFAULT_FUEL_THRESHOLDS): { events: DetectedFuelEvent[]; levels: (number | null)[] } {
  const state = emptyFuelState();
  const events: DetectedFuelEvent[] = [];
  const levels: (number | null)[] = [];
  let odometerKm = 100;
  steps.forEach((step, index) => {
    if (step.driving) odometerKm += 60 / 360; // 60 km/h for 10 s
    const sample: FuelSample = { at: T0 + index * STEP_MS, litres: step.litres, stopped: !step.driving, accOn: step.accOn ?? !!step.driving, odometerKm, latitude: 39.9, longitude: 116.4 + index * 1e-5 };
    const answer = detectFuel(state, sample, thresholds, capacityL);
    levels.push(answer.level);
    if (answer.event) events.push(answer.event);
  });
  return { events, levels };
}

const hold = (litres: number, count: number, extra: Partial<Step> = {}): Step[] => Array.from({ length: count }, () => ({ litres: [litres], ...extra }));
const ramp = (from: number, to: number, count: number, extra: Partial<Step> = {}): Step[] => Array.from({ length: count }, (_, i) => ({ litres: [from + ((to - from) * (i + 1)) / count], ...extra }));

describe('fuel detector', () => {
  it('takes the median of the window', () => {
    expect(median([5, 1, 9])).toBe(5);
    expect(median([4, 1, 9, 2])).toBe(3);
  });

  it('finds a refuel of 150 L while stopped, with its amount, start and place', () => {
    const { events } = run([...hold(100, 10, { driving: true }), ...hold(100, 6), ...ramp(100, 250, 18), ...hold(250, 30)]);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'refuel', whileStopped: true, litresBefore: 100, litresAfter: 250 });
    expect(events[0].amountL).toBe(150);
    // Announced once it held 120 s after the last growth, not before.
    expect(events[0].endedAt - events[0].startedAt).toBeGreaterThanOrEqual(120_000);
  });

  it('finds a siphoning of 30 L while parked with ACC off as a suspected theft', () => {
    const { events } = run([...hold(200, 10), ...ramp(200, 170, 12), ...hold(170, 20)]);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'theft', whileStopped: true, amountL: 30, litresBefore: 200, litresAfter: 170 });
  });

  it('finds a drop while driving beyond what the distance explains, net of the allowance', () => {
    // 40 samples at 60 km/h = 6.67 km; the allowance at 60 L/100 km is 4 L; the level drops 30 L.
    const { events } = run([...hold(300, 5, { driving: true }), ...ramp(300, 270, 6, { driving: true }), ...hold(270, 30, { driving: true })]);
    expect(events).toHaveLength(1);
    expect(events[0].kind).toBe('theft');
    expect(events[0].whileStopped).toBe(false);
    expect(events[0].amountL).toBeGreaterThan(25);
    expect(events[0].amountL).toBeLessThan(30);
  });

  it('does not take normal consumption while driving for a loss', () => {
    // 30 L/100 km: 0.05 L per 10 s at 60 km/h, for two hours.
    const steps = Array.from({ length: 720 }, (_, i) => ({ litres: [300 - i * 0.05], driving: true }));
    expect(run(steps).events).toEqual([]);
  });

  it('ignores sensor noise of ±3 L around a steady level', () => {
    const noise = [0, 3, -3, 2, -2, 1, -1, 3, -3, 0];
    const steps = Array.from({ length: 200 }, (_, i) => ({ litres: [200 + noise[i % noise.length]] }));
    expect(run(steps).events).toEqual([]);
  });

  it('ignores a level that jumps by 60 L and returns within a minute (stopped or driving)', () => {
    const stopped = [...hold(200, 10), ...hold(260, 6), ...hold(200, 40)];
    expect(run(stopped).events).toEqual([]);
    const driving = [...hold(200, 10, { driving: true }), ...hold(260, 6, { driving: true }), ...hold(200, 40, { driving: true })];
    expect(run(driving).events).toEqual([]);
    const dip = [...hold(200, 10), ...hold(140, 6), ...hold(200, 40)];
    expect(run(dip).events).toEqual([]);
  });

  it('passes a single-sample spike through the median without moving the level', () => {
    const { levels } = run([...hold(200, 5), { litres: [400] }, ...hold(200, 2)]);
    expect(levels[5]).toBe(200);
  });

  it('sums two tanks, each through its own median, and finds a refuel of one of them', () => {
    const steps: Step[] = [
      ...Array.from({ length: 10 }, () => ({ litres: [80, 120] })),
      ...Array.from({ length: 10 }, (_, i) => ({ litres: [80 + (i + 1) * 10, i === 4 ? 999 : 120] })),
      ...Array.from({ length: 30 }, () => ({ litres: [180, 120] })),
    ];
    const { events, levels } = run(steps, 600);
    expect(levels[0]).toBe(200);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'refuel', amountL: 100, litresBefore: 200, litresAfter: 300 });
  });

  it('counts a refuel by share of the tank when the litres threshold is higher', () => {
    // 8 L into a 100 L tank: under refuelMinL (10) but over 5 %.
    expect(run([...hold(50, 10), ...ramp(50, 58, 3), ...hold(58, 20)], 100).events.map((e) => e.kind)).toEqual(['refuel']);
    expect(run([...hold(50, 10), ...ramp(50, 58, 3), ...hold(58, 20)], 400).events).toEqual([]);
  });

  it('does not call a rise while driving a refuel', () => {
    expect(run([...hold(100, 10, { driving: true }), ...ramp(100, 200, 6, { driving: true }), ...hold(200, 40, { driving: true })]).events.filter((e) => e.kind === 'refuel')).toEqual([]);
  });

  it('skips a sample older than the last one (a blind-area backfill)', () => {
    const state = emptyFuelState();
    const base = { stopped: true, accOn: false, odometerKm: 0, latitude: 0, longitude: 0 };
    detectFuel(state, { ...base, at: T0, litres: [100] }, DEFAULT_FUEL_THRESHOLDS, 400);
    detectFuel(state, { ...base, at: T0 - 1000, litres: [300] }, DEFAULT_FUEL_THRESHOLDS, 400);
    expect(state.windows[0]).toEqual([100]);
  });
});
