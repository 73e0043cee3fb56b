// The capacity model's arithmetic (scripts/capacity-model.js, docs/capacity.md) on a small input
// whose every figure is worked out by hand in the comments.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Constraint = { kind: string; what: string; load: number };
type Plan = {
  positionsPerS: number;
  services: { name: string; eventsPerS: number; cores: number | null; replicas: number; notes: string[]; perReplicaCores?: number }[];
  topics: { name: string; usable: number; needed: number }[];
  tables: { name: string; rowsPerS: number; bytesPerDay: number; bytesRetained: number }[];
  databases: { name: string; rowWritesPerS: number; load: number | null; bytesRetained: number }[];
  totals: { replicas: number; cores: number; bytesPerDay: number };
  bottleneck: Constraint;
  storageBottleneck: Constraint;
  constraints: Constraint[];
};

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { planCapacity, formatPlans } = require('./capacity-model.js') as {
  planCapacity: (costs: unknown, vehicles: number) => Plan;
  formatPlans: (plans: Plan[], costs: unknown) => string;
};

const COSTS = {
  reportIntervalS: 10,
  targetCpu: 0.5,
  evShare: 0.25,
  diskPerPrimaryBytes: 1e9,
  services: [
    { name: 'gw', unit: 'frames', eventsPerPosition: 1, perCoreSecond: 400, minReplicas: 2 },
    { name: 'ingest', unit: 'positions', eventsPerPosition: 1, perCoreSecond: 2000, minReplicas: 1, topic: 'pos' },
    { name: 'ev', unit: 'reports', eventsPerPosition: 'evShare', perCoreSecond: 100, minReplicas: 1 },
    { name: 'hub', unit: 'events', eventsPerPosition: 1, perCoreSecond: 10000, minReplicas: 2, broadcast: true },
    { name: 'single', unit: 'positions', eventsPerPosition: 1, perCoreSecond: 4000, minReplicas: 1, maxReplicas: 1 },
    { name: 'archive', unit: 'frames', eventsPerPosition: 2, perCoreSecond: 4000, minReplicas: 1, topic: 'frames' },
    { name: 'unmeasured', unit: 'positions', eventsPerPosition: 1, perCoreSecond: null, minReplicas: 2 },
  ],
  topics: [
    { name: 'pos', partitions: 4 },
    { name: 'frames', partitions: 6, publishers: ['gw'] },
  ],
  databases: [{ name: 'db', ceilingPerS: 500, ceilingTable: 'points', ceilingUnit: 'rows' }],
  tables: [
    { name: 'points', database: 'db', rowsPerPosition: 1, bytesPerRow: 100, retentionDays: 10 },
    { name: 'alarms', database: 'db', rowsPerVehicleDay: 8.64, bytesPerRow: 50, retentionDays: 2 },
  ],
};

const service = (plan: Plan, name: string) => plan.services.find((entry) => entry.name === name)!;

describe('capacity model', () => {
  // 10,000 vehicles every 10 s: 1,000 positions/s.
  const plan = planCapacity(COSTS, 10_000);

  it('turns positions into events, cores and replicas at the target CPU, never under the minimum', () => {
    expect(plan.positionsPerS).toBe(1000);
    // 1,000 frames / 400 per core = 2.5 cores; at half a core each: 5 replicas.
    expect(service(plan, 'gw')).toMatchObject({ eventsPerS: 1000, cores: 2.5, replicas: 5 });
    // 0.5 cores: exactly one replica at half a core.
    expect(service(plan, 'ingest')).toMatchObject({ cores: 0.5, replicas: 1 });
    // A quarter of the positions are EV reports: 250 / 100 = 2.5 cores, 5 replicas.
    expect(service(plan, 'ev')).toMatchObject({ eventsPerS: 250, cores: 2.5, replicas: 5 });
    // Two frames per position.
    expect(service(plan, 'archive')).toMatchObject({ eventsPerS: 2000, cores: 0.5, replicas: 1 });
    // Unmeasured: the minimum, and said so.
    expect(service(plan, 'unmeasured')).toMatchObject({ cores: null, replicas: 2, notes: ['not measured: minimum replicas'] });
  });

  it('charges a broadcast service its whole load in every replica', () => {
    expect(service(plan, 'hub')).toMatchObject({ cores: 0.1, perReplicaCores: 0.1, replicas: 2 });
    // 2.5 + 0.5 + 2.5 + 0.1 x 2 replicas + 0.25 + 0.5 cores; 5 + 1 + 5 + 2 + 1 + 1 + 2 replicas.
    expect(plan.totals.cores).toBeCloseTo(6.45, 10);
    expect(plan.totals.replicas).toBe(17);
  });

  it('caps a single-replica service and says how many it would need', () => {
    const larger = planCapacity(COSTS, 40_000);
    // 4,000 positions/s / 4,000 per core = 1 core: 2 replicas needed, 1 allowed; 200 % of its limit.
    expect(service(larger, 'single')).toMatchObject({ cores: 1, replicas: 1, notes: ['needs 2 replicas, runs at most 1'] });
    expect(larger.constraints.find((constraint) => constraint.what.startsWith('single:'))!.load).toBe(2);
  });

  it('counts usable partitions: a topic keyed by publisher spreads over no more than its publishers', () => {
    expect(plan.topics).toEqual([
      expect.objectContaining({ name: 'pos', usable: 4, needed: 1 }),
      // 5 gateway replicas publish: 5 of the 6 partitions carry records.
      expect.objectContaining({ name: 'frames', usable: 5, needed: 1 }),
    ]);
    // pos: the busiest consumer needs 0.5 / 0.5 = 1 replica of 4 partitions.
    expect(plan.constraints.find((constraint) => constraint.what.startsWith('pos:'))!.load).toBe(0.25);
    expect(plan.constraints.find((constraint) => constraint.what.startsWith('frames:'))!.load).toBe(0.2);
  });

  it('adds rows, bytes per day and retained bytes per table and database', () => {
    // 1,000 rows/s x 86,400 s x 100 B; 10 days kept.
    expect(plan.tables[0]).toEqual(expect.objectContaining({ rowsPerS: 1000, bytesPerDay: 8.64e9, bytesRetained: 8.64e10 }));
    // 10,000 vehicles x 8.64 alarms a day = 1 row/s; 50 B each; 2 days kept.
    expect(plan.tables[1].rowsPerS).toBeCloseTo(1, 10);
    expect(plan.tables[1].bytesPerDay).toBeCloseTo(4.32e6, 3);
    expect(plan.databases[0].rowWritesPerS).toBeCloseTo(1001, 10);
    expect(plan.databases[0].bytesRetained).toBeCloseTo(8.64e10 + 8.64e6, 0);
    // The ceiling counts its own table only: 1,000 of 500 rows/s.
    expect(plan.databases[0].load).toBe(2);
  });

  it('names the first throughput and storage bottlenecks and the fleet size at which each is reached', () => {
    expect(plan.bottleneck).toMatchObject({ kind: 'throughput', what: 'db: one MySQL primary (500 rows/s measured)', load: 2 });
    expect(plan.storageBottleneck.kind).toBe('storage');
    expect(plan.storageBottleneck.load).toBeCloseTo(86.40864, 6);
    const text = formatPlans([plan], COSTS);
    expect(text).toContain('## 10,000 vehicles: 1,000 positions/s');
    expect(text).toContain('First throughput bottleneck: db: one MySQL primary (500 rows/s measured), at 200 % of its limit (reached at about 5,000 vehicles)');
    expect(text).toMatch(/\| gw +\| 1,000 frames\/s +\| 2\.50 +\| 5 +\|/);
  });

  it('refuses a multiplier it does not know', () => {
    expect(() => planCapacity({ ...COSTS, services: [{ ...COSTS.services[0], eventsPerPosition: 'truckShare' }] }, 1000)).toThrow('unknown multiplier "truckShare"');
  });

  it('plans with the committed costs, each figure with its source', () => {
    const costs = JSON.parse(readFileSync(join(__dirname, 'capacity-costs.json'), 'utf8'));
    for (const entry of [...costs.services, ...costs.tables, ...costs.databases]) expect({ name: entry.name, source: typeof entry.source }).toEqual({ name: entry.name, source: 'string' });
    const top = planCapacity(costs, 1_000_000);
    expect(top.positionsPerS).toBe(100_000);
    expect(service(top, 'forwarder-809').notes[0]).toMatch(/^needs \d+ replicas, runs at most 1$/);
  });
});
