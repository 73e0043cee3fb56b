import { dayStartS, initialPartitionClause, partitionName, planPartitions } from './daily-partitions';

const DAY = 86_400;
const now = Date.UTC(2026, 10, 22, 15, 30) ; // 2026-11-22 15:30 UTC
const today = dayStartS(now / 1000);

describe('daily partition plan', () => {
  it('names partitions by UTC day', () => {
    expect(partitionName(today)).toBe('p_20261122');
    expect(dayStartS(today + DAY - 1)).toBe(today);
  });

  it('creates today, the days ahead and a catch-all', () => {
    const clause = initialPartitionClause({ table: 'track_point', column: 'gps_time', unitsPerSecond: 1 }, now, 2);
    expect(clause).toBe(
      `PARTITION BY RANGE (gps_time) (PARTITION p_20261122 VALUES LESS THAN (${today + DAY}), ` +
        `PARTITION p_20261123 VALUES LESS THAN (${today + 2 * DAY}), PARTITION p_20261124 VALUES LESS THAN (${today + 3 * DAY}), ` +
        'PARTITION p_future VALUES LESS THAN MAXVALUE)',
    );
  });

  it('bounds a milliseconds column in milliseconds', () => {
    const clause = initialPartitionClause({ table: 'energy_report', column: 'collected_at', unitsPerSecond: 1000 }, now, 0);
    expect(clause).toBe(`PARTITION BY RANGE (collected_at) (PARTITION p_20261122 VALUES LESS THAN (${(today + DAY) * 1000}), PARTITION p_future VALUES LESS THAN MAXVALUE)`);
  });

  it('adds the missing days ahead and drops those past retention', () => {
    const existing = [
      { name: partitionName(today - 10 * DAY), lessThanS: today - 9 * DAY },
      { name: partitionName(today - 9 * DAY), lessThanS: today - 8 * DAY },
      { name: partitionName(today), lessThanS: today + DAY },
      { name: 'p_future', lessThanS: null },
    ];
    const plan = planPartitions(existing, now, 2, 9);
    expect(plan.add).toEqual([today + DAY, today + 2 * DAY]);
    expect(plan.drop).toEqual([partitionName(today - 10 * DAY)]);
  });

  it('has nothing to do when the plan is already in place', () => {
    const existing = [0, 1, 2].map((n) => ({ name: partitionName(today + n * DAY), lessThanS: today + (n + 1) * DAY }));
    expect(planPartitions([...existing, { name: 'p_future', lessThanS: null }], now, 2, 30)).toEqual({ add: [], drop: [] });
  });
});
