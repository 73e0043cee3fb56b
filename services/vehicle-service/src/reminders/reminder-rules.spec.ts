import { averageDailyKm, dateThreshold, dayOf, distanceThreshold, predictedDueDay, serviceIntervalKm, verdicts, type DueFacts } from './reminder-rules';

const SETTINGS = { daysBefore: [30, 7, 1], overdue: true, maintenanceMarginKm: 500 };
const TODAY = dayOf('2026-03-10');

const policy = (dueDate: string): DueFacts => ({ kind: 'insurance', dueDate, dueOdometerKm: null, lastServiceOdometerKm: null, mileageSinceServiceKm: null, averageDailyKm: null });
const service = (facts: Partial<DueFacts>): DueFacts => ({
  kind: 'maintenance',
  dueDate: null,
  dueOdometerKm: 20_000,
  lastServiceOdometerKm: 5_000,
  mileageSinceServiceKm: 0,
  averageDailyKm: null,
  ...facts,
});

describe('dateThreshold', () => {
  it('gives the tightest window the days left fit in', () => {
    expect(dateThreshold(31, [30, 7, 1], true)).toBeNull();
    expect(dateThreshold(30, [30, 7, 1], true)).toBe('days:30');
    expect(dateThreshold(8, [30, 7, 1], true)).toBe('days:30');
    expect(dateThreshold(7, [30, 7, 1], true)).toBe('days:7');
    expect(dateThreshold(2, [30, 7, 1], true)).toBe('days:7');
    expect(dateThreshold(1, [30, 7, 1], true)).toBe('days:1');
    expect(dateThreshold(0, [30, 7, 1], true)).toBe('days:1');
  });

  it('is overdue from the day after the due date, and only when asked for', () => {
    expect(dateThreshold(-1, [30, 7, 1], true)).toBe('overdue');
    expect(dateThreshold(-1, [30, 7, 1], false)).toBeNull();
  });

  it('does not depend on the order of the configured days', () => {
    expect(dateThreshold(5, [1, 30, 7], true)).toBe('days:7');
  });
});

describe('distanceThreshold', () => {
  it('fires at exactly interval minus margin, and overdue at exactly the interval', () => {
    expect(distanceThreshold(15_000, 14_499.9, 500)).toBeNull();
    expect(distanceThreshold(15_000, 14_500, 500)).toBe('km');
    expect(distanceThreshold(15_000, 14_999.9, 500)).toBe('km');
    expect(distanceThreshold(15_000, 15_000, 500)).toBe('km-overdue');
  });
});

describe('serviceIntervalKm', () => {
  it('is the next-service odometer minus the last one, when ahead', () => {
    expect(serviceIntervalKm({ dueOdometerKm: 20_000, lastServiceOdometerKm: 5_000 })).toBe(15_000);
    expect(serviceIntervalKm({ dueOdometerKm: 5_000, lastServiceOdometerKm: 5_000 })).toBeNull();
    expect(serviceIntervalKm({ dueOdometerKm: null, lastServiceOdometerKm: 5_000 })).toBeNull();
  });
});

describe('predictedDueDay', () => {
  it('divides the km left by the pace, rounding up to a whole day', () => {
    expect(predictedDueDay(100, 15_000, 14_000, 100)).toBe(110);
    expect(predictedDueDay(100, 15_000, 14_001, 100)).toBe(110);
    expect(predictedDueDay(100, 15_000, 13_999, 100)).toBe(111);
  });

  it('is today once reached, and unknown without a pace', () => {
    expect(predictedDueDay(100, 15_000, 15_200, 100)).toBe(100);
    expect(predictedDueDay(100, 15_000, 1_000, 0)).toBeNull();
    expect(predictedDueDay(100, 15_000, 1_000, null)).toBeNull();
  });
});

describe('averageDailyKm', () => {
  it('spreads the km over the days since the vehicle was first followed', () => {
    expect(averageDailyKm(300, TODAY - 3, TODAY)).toBe(100);
    expect(averageDailyKm(80, TODAY, TODAY)).toBe(80);
    expect(averageDailyKm(0, null, TODAY)).toBeNull();
  });
});

describe('verdicts', () => {
  it('gives a policy ending in 7 days the 7-day reminder, not the 1-day one', () => {
    expect(verdicts(policy('2026-03-17'), TODAY, SETTINGS)).toEqual([{ threshold: 'days:7', daysLeft: 7, serviceIntervalKm: null, predictedDueDate: null }]);
    expect(verdicts(policy('2026-03-18'), TODAY, SETTINGS).map((v) => v.threshold)).toEqual(['days:30']);
  });

  it('gives an expired policy the overdue reminder, and a far one nothing', () => {
    expect(verdicts(policy('2026-03-09'), TODAY, SETTINGS).map((v) => v.threshold)).toEqual(['overdue']);
    expect(verdicts(policy('2026-04-10'), TODAY, SETTINGS)).toEqual([]);
  });

  it('reminds a service by distance at the exact kilometre', () => {
    expect(verdicts(service({ mileageSinceServiceKm: 14_499 }), TODAY, SETTINGS)).toEqual([]);
    expect(verdicts(service({ mileageSinceServiceKm: 14_500 }), TODAY, SETTINGS).map((v) => v.threshold)).toEqual(['km']);
  });

  it('stores the predicted date and reminds by it when it comes before the next-service date', () => {
    // 1,000 km left at 200 km a day: due in 5 days, inside the 7-day window; the calendar says 2026-06-01.
    const [verdict] = verdicts(service({ dueDate: '2026-06-01', mileageSinceServiceKm: 14_000, averageDailyKm: 200, dueOdometerKm: 20_000, lastServiceOdometerKm: 5_000, kind: 'maintenance' }), TODAY, { ...SETTINGS, maintenanceMarginKm: 0 });
    expect(verdict).toEqual({ threshold: 'days:7', daysLeft: 5, serviceIntervalKm: 15_000, predictedDueDate: '2026-03-15' });
  });

  it('keeps the next-service date when the prediction is later', () => {
    const found = verdicts(service({ dueDate: '2026-03-11', mileageSinceServiceKm: 1_000, averageDailyKm: 10 }), TODAY, SETTINGS);
    expect(found.map((v) => [v.threshold, v.daysLeft])).toEqual([['days:1', 1]]);
  });
});
