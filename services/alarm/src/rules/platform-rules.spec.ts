import { activeRules, initialRuleState, isNight, type RuleSet } from './platform-rules';

const rules: RuleSet = { overspeedKmh: 100, overspeedS: 10, fatigueDriveS: 4 * 3600, fatigueRestS: 20 * 60, nightStart: '22:00', nightEnd: '06:00', stoppedS: 600 };
const T0 = Date.UTC(2026, 10, 24, 2, 0, 0); // 10:00 China time
const run = (steps: [seconds: number, speed: number][], set: RuleSet = rules, t0 = T0) => {
  const state = initialRuleState();
  return steps.map(([s, speed]) => [...activeRules(set, state, t0 + s * 1000, speed)].sort());
};

describe('platform alarm rules', () => {
  it('overspeed: over the limit for the duration exactly, at the limit is not over', () => {
    expect(run([[0, 101], [9, 101], [10, 101]])).toEqual([[], [], ['platformOverspeed']]);
    expect(run([[0, 100], [30, 100]])).toEqual([[], []]);
    expect(run([[0, 120], [10, 120], [11, 90], [12, 120], [21, 120]]).map((a) => a.includes('platformOverspeed'))).toEqual([false, true, false, false, false]);
  });

  it('fatigue: four hours of driving; a 20-minute rest starts over, a shorter one does not', () => {
    const h = 3600;
    expect(run([[0, 60], [4 * h - 1, 60], [4 * h, 60]]).map((a) => a.includes('platformFatigue'))).toEqual([false, false, true]);
    expect(run([[0, 60], [2 * h, 0], [2 * h + 1200, 0], [2 * h + 1201, 60], [4 * h + 60, 60]]).map((a) => a.includes('platformFatigue'))).toEqual([false, false, false, false, false]);
    expect(run([[0, 60], [2 * h, 0], [2 * h + 600, 60], [4 * h, 60]]).map((a) => a.includes('platformFatigue'))).toEqual([false, false, false, true]);
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

  it('stopped too long after the limit exactly; moving ends it', () => {
    expect(run([[0, 0], [599, 0], [600, 2], [700, 40]]).map((a) => a.includes('stoppedTooLong'))).toEqual([false, false, true, false]);
  });
});
