// The alarm totals (list total, badge, home panel) on SQLite and MariaDB: `alarm_count`, kept by
// triggers, plus the part-hours counted from `alarm`, must equal a count of the rows themselves for
// any window, filter and scope, after inserts, ignored duplicates, handling and deletes; a plate or
// fleet search, narrowed to its vehicles first, finds the same alarms.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getRepositoryToken } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import type { Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { AlarmModule } from '../src';
import { AlarmCounter, type AlarmCountFilter } from '../src/alarm/alarm-counter';
import { Alarm } from '../src/alarm/alarm.entity';

jest.setTimeout(120_000);

const HOUR = 3_600_000;
const user = (companies: string[], fleets: string[] = []): AuthUser => ({ id: '1', companyId: companies[0] ?? '', userType: 1, roleIds: [], superAdmin: false, scope: { companies, fleets } });
const users: [string, AuthUser][] = [
  ['super administrator', { ...user([]), superAdmin: true }],
  ['company a (with its sub-company b)', user(['a'])],
  ['sub-company b', user(['b'])],
  ['fleet f1 only', user([], ['f1'])],
  ['no scope', user([])],
];
const paths = ['/r/a/', '/r/a/b/', '/r/c/'];
const types = ['emergency', 'overspeed', 'fenceIn'];

/** A deterministic generator, so a failure is reproducible. */
function random(seed: number): () => number {
  let state = seed;
  return () => ((state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
}

describe.each(['sqlite', 'mysql'] as const)('alarm totals on %s', (engine) => {
  const env: NodeJS.ProcessEnv = { ...testStorageEnv(engine, 'alarm_counts'), LOG_LEVEL: 'silent', ALARM_ATTACHMENT_PORT: '0', AUTH_JWT_SECRET: 'alarm-counts-secret-alarm-counts-secret-0123' };
  let app: INestApplication;
  let alarms: Repository<Alarm>;
  let counter: AlarmCounter;
  const rows: Alarm[] = [];
  const rand = random(engine === 'sqlite' ? 7 : 11);
  // On an hour boundary, so windows can start and end exactly on one.
  const base = Math.floor(Date.now() / HOUR) * HOUR;

  const inScope = (who: AuthUser, row: Alarm) => who.superAdmin || who.scope.companies.some((id) => row.companyPath.includes(`/${id}/`)) || who.scope.fleets.some((id) => row.fleetPath.includes(`/${id}/`));
  const expected = (who: AuthUser, f: AlarmCountFilter) =>
    rows.filter(
      (r) =>
        inScope(who, r) &&
        r.startedAt >= f.from &&
        r.startedAt <= f.to &&
        (f.type === undefined || r.type === f.type) &&
        (f.level === undefined || r.level === f.level) &&
        (f.handleStatus === undefined || r.handleStatus === f.handleStatus) &&
        (f.companyId === undefined || r.companyPath.includes(`/${f.companyId}/`)) &&
        (f.fleetId === undefined || r.fleetPath.includes(`/${f.fleetId}/`)) &&
        (f.keyword === undefined || r.plateCode.includes(f.keyword)),
    ).length;
  // Windows: whole hours, part-hours on either side, under an hour, one millisecond, exact edges.
  const windows = (): { from: number; to: number }[] => [
    { from: base - 72 * HOUR, to: base - 1 },
    { from: base - 72 * HOUR, to: base },
    { from: base - 50 * HOUR + 1, to: base - 2 * HOUR - 1 },
    { from: base - 3 * HOUR - 1, to: base - 3 * HOUR + 1 },
    { from: base - 10 * HOUR + 17 * 60_000, to: base - 10 * HOUR + 43 * 60_000 },
    ...Array.from({ length: 12 }, () => {
      const from = base - 72 * HOUR + Math.floor(rand() * 60 * HOUR);
      return { from, to: from + Math.floor(rand() * 20 * HOUR) };
    }),
  ];
  const filters = (): Omit<AlarmCountFilter, 'from' | 'to'>[] => [{}, { type: 'overspeed' }, { level: 0 }, { handleStatus: 0 }, { companyId: 'b' }, { type: 'emergency', handleStatus: 1 }, { fleetId: 'f1' }, { keyword: 'A1' }, { keyword: 'A1', handleStatus: 2 }];

  const checkAll = async () => {
    for (const window of windows())
      for (const f of filters())
        for (const [name, who] of users) {
          const filter = { ...window, ...f };
          expect({ name, filter, total: await counter.count(who, await counter.narrow(who, filter)) }).toEqual({ name, filter, total: expected(who, filter) });
        }
  };

  beforeAll(async () => {
    const bus = new InProcessBus({ logger: silentBusLogger });
    app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'alarm-counts-test', config: loadConfig(PlatformConfig, env), bus, env }), AlarmModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    alarms = app.get(getRepositoryToken(Alarm, 'alarm'));
    counter = app.get(AlarmCounter);
    for (let i = 0; i < 600; i++) {
      // Some alarms start exactly on an hour, some a millisecond before or after one.
      const hourly = base - Math.floor(rand() * 72) * HOUR;
      const startedAt = i % 10 === 0 ? hourly : i % 10 === 1 ? hourly - 1 : i % 10 === 2 ? hourly + 1 : base - Math.floor(rand() * 72 * HOUR);
      const companyPath = paths[Math.floor(rand() * paths.length)];
      rows.push(
        alarms.create({
          alarmKey: `k${i}`, type: types[i % types.length], bit: -1, level: Math.floor(rand() * 4), source: 'terminal', terminalPhone: `1390000${String(i % 50).padStart(4, '0')}`,
          vehicleId: `v${i % 50}`, plateCode: `京A${i % 50}`, companyPath, fleetPath: i % 4 === 0 ? '/f1/' : '', startedAt, endedAt: 0, lastAt: startedAt,
          latitude: 0, longitude: 0, handleStatus: Math.floor(rand() * 4),
        }),
      );
    }
    for (let i = 0; i < rows.length; i += 100) await alarms.insert(rows.slice(i, i + 100) as QueryDeepPartialEntity<Alarm>[]);
  });

  afterAll(async () => {
    await app?.close();
    await dropTestSchema(env, 'alarm');
  });

  it('counts every window, filter and scope as the rows do', async () => {
    await checkAll();
  });

  it('counts nothing for an ignored duplicate, and follows handling and deletes', async () => {
    await alarms.createQueryBuilder().insert().values({ ...rows[5], id: undefined, detail: null } as QueryDeepPartialEntity<Alarm>).orIgnore().execute();
    const handled = rows.filter((_, i) => i % 3 === 0);
    await alarms.createQueryBuilder().update().set({ handleStatus: 1, handleResult: 17 }).where('alarm_key IN (:...keys)', { keys: handled.map((r) => r.alarmKey) }).execute();
    for (const row of handled) row.handleStatus = 1;
    // An update that touches no counted column must not move anything.
    await alarms.createQueryBuilder().update().set({ endedAt: base }).where('alarm_key IN (:...keys)', { keys: rows.slice(0, 50).map((r) => r.alarmKey) }).execute();
    const deleted = rows.splice(0, 40);
    await alarms.createQueryBuilder().delete().where('alarm_key IN (:...keys)', { keys: deleted.map((r) => r.alarmKey) }).execute();
    await checkAll();
  });

  it('groups by type and level as the rows do', async () => {
    const window = { from: base - 40 * HOUR - 1234, to: base - 5 * HOUR + 999 };
    for (const [, who] of users) {
      const byType = Object.fromEntries(await counter.countBy(who, window, 'type'));
      const byLevel = Object.fromEntries(await counter.countBy(who, window, 'level'));
      for (const type of types) expect(byType[type] ?? 0).toBe(expected(who, { ...window, type }));
      for (const level of [0, 1, 2, 3]) expect(byLevel[String(level)] ?? 0).toBe(expected(who, { ...window, level }));
    }
  });
});
