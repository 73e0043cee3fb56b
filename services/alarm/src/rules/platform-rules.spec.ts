import { activeRules, initialRuleState, isNight, type RuleSet } from './platform-rules';

const rules: RuleSet = { overspeedKmh: 100, overspeedS: 10, fatigueDriveS: 4 * 3600, fatigueRestS: 20 * 60, nightStart: '22:00', nightEnd: '06:00', stoppedS: 600 };
const T0 = Date.UTC(2026, 10, 24, 2, 0, 0); // 10:00 China time
const run = (steps: [seconds: number, speed: number][], set: RuleSet = rules, t0 = T0) => {
  const state = initialRuleState();
  return steps.map(([s, speed]) => [...activeRules(set, state, t0 + s * 1000, speed)].sort());
};

/** Reports every 10 minutes (closer than the 20-minute rest, so no gap) from `from` to `to` seconds. */
const driving = (from: number, to: number, speed = 60): [number, number][] => Array.from({ length: Math.floor((to - from) / 600) + 1 }, (_, i) => [from + i * 600, speed]);

describe('platform alarm rules', () => {
  it('overspeed: over the limit for the duration exactly, at the limit is not over', () => {
    expect(run([[0, 101], [9, 101], [10, 101]])).toEqual([[], [], ['platformOverspeed']]);
    expect(run([[0, 100], [30, 100]])).toEqual([[], []]);
    expect(run([[0, 120], [10, 120], [11, 90], [12, 120], [21, 120]]).map((a) => a.includes('platformOverspeed'))).toEqual([false, true, false, false, false]);
  });

  it('fatigue: four hours of driving; a 20-minute rest starts over, a shorter one does not', () => {
    const h = 3600;
    const fatigue = (steps: [number, number][]) => run(steps).map((a) => a.includes('platformFatigue'));
    expect(fatigue([...driving(0, 4 * h - 600), [4 * h - 1, 60], [4 * h, 60]]).slice(-2)).toEqual([false, true]);
    expect(fatigue([...driving(0, 2 * h), [2 * h + 60, 0], [2 * h + 660, 0], [2 * h + 1260, 0], [2 * h + 1261, 60], ...driving(2 * h + 1800, 4 * h + 600)]).some(Boolean)).toBe(false);
    expect(fatigue([...driving(0, 2 * h), [2 * h + 60, 0], [2 * h + 600, 60], ...driving(2 * h + 1200, 4 * h)]).at(-1)).toBe(true);
  });

  it('night driving across midnight in China time', () => {
    const china = (h: number) => Date.UTC(2026, 10, 24, h - 8);
    expect(isNight(rules, china(23))).toBe(true);
    expect(isNight(rules, china(5))).toBe(true);
    expect(isNight(rules, china(6))).toBe(false);
    expect(isNight({ nightStart: '00:00', nightEnd: '00:00' }, china(1))).toBe(false);
    expect(run([[0, 50]], rules, china(23))).toEqual([['nightDriving']]);
    expect(run([[0, 0]], rules, china(23))).toEqual([[]]);
  });

  it('a gap in the data: a silence as long as the rest is a rest, and overspeed is not assumed across it', () => {
    const h = 3600;
    // Driving 3 h, 20 minutes without reports, driving on: the stretch starts again after the gap.
    const fatigue = (steps: [number, number][]) => run(steps).map((a) => a.includes('platformFatigue'));
    const resumed = fatigue([...driving(0, 3 * h), ...driving(3 * h + 1200, 7 * h + 1200)]);
    expect(resumed.slice(0, -1).some(Boolean)).toBe(false);
    expect(resumed.at(-1)).toBe(true);
    // 19 minutes of silence is not enough rest.
    expect(fatigue([...driving(0, 3 * h), ...driving(3 * h + 1140, 4 * h + 540)]).at(-1)).toBe(true);
    // Over the limit, 6 minutes of silence, over again: the duration counts from the new report.
    expect(run([[0, 120], [360, 120], [365, 120], [370, 120]]).map((a) => a.includes('platformOverspeed'))).toEqual([false, false, false, true]);
    // 5 minutes exactly is still one stretch.
    expect(run([[0, 120], [300, 120]]).map((a) => a.includes('platformOverspeed'))).toEqual([false, true]);
  });

  it('stopped too long after the limit exactly; moving ends it', () => {
    expect(run([[0, 0], [599, 0], [600, 2], [700, 40]]).map((a) => a.includes('stoppedTooLong'))).toEqual([false, false, true, false]);
  });
});
