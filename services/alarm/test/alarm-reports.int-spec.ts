// The overspeed and fatigue reports, their top-10 rankings and the handling statistics on SQLite
// and MariaDB: durations, ordering, the window limits, grouping by type, company and China-time
// day, and another company's operator (a narrower role) seeing none of it.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { TokenService, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { Topics } from '@openfleet/contracts';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { AlarmModule } from '../src';

jest.setTimeout(60_000);

const admin: AuthUser = { id: '1', companyId: '1', userType: 4, roleIds: [], superAdmin: true, scope: { companies: [], fleets: [] } };
const other: AuthUser = { id: '2', companyId: '20', userType: 1, roleIds: ['reports'], superAdmin: false, scope: { companies: ['20'], fleets: [] } };
const DAY = 86_400_000;
// 2026-11-20 00:00 China time, as epoch ms.
const DAY0 = Date.UTC(2026, 10, 19, 16, 0, 0);
const cst = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);

describe.each(['sqlite', 'mysql'] as const)('alarm reports on %s', (engine) => {
  const env: NodeJS.ProcessEnv = { ...testStorageEnv(engine, 'alarmreport'), LOG_LEVEL: 'silent', ALARM_ATTACHMENT_PORT: '0', AUTH_JWT_SECRET: 'alarm-report-secret-alarm-report-secret-0123' };
  let app: INestApplication;
  let adminToken: string;
  let otherToken: string;

  const get = async (path: string, token = adminToken) => (await request(app.getHttpServer()).get(path).set('Authorization', token).expect(200)).body as { flag: boolean; errorCode: number; data: unknown };
  const window = (fromMs: number, toMs: number) => `startTime=${encodeURIComponent(cst(fromMs))}&endTime=${encodeURIComponent(cst(toMs))}`;

  beforeAll(async () => {
    const bus = new InProcessBus({ logger: silentBusLogger });
    await bus.publish(Topics.rolePermissions, [{ key: 'reports', value: { roleId: 'reports', actionCodes: ['overSpeed', 'overSpeed:search', 'fatigueDriving', 'fatigueDriving:search', 'alarmHandle', 'alarmHandle:search'], deleted: false, updatedAt: Date.now() } }]);
    app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'alarm-report-test', config: loadConfig(PlatformConfig, env), bus, env }), AlarmModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    adminToken = `Bearer ${await app.get(TokenService).sign(admin)}`;
    otherToken = `Bearer ${await app.get(TokenService).sign(other)}`;
    // Company 10: vehicle a with three overspeeds (60 s, 30 s, 300 s), vehicle b with one of 600 s; a fatigue alarm; other types.
    // Company 20: one overspeed. Days: 20th, 21st (late evening China time = the 21st), 22nd.
    const rows: [string, string, string, number, number, number, number, string][] = [
      // vehicle, plate, type, started, ended, handle status, max speed, company path
      ['a', '京A1', 'overspeed', DAY0 + 3_600_000, DAY0 + 3_660_000, 1, 95, '/1/10/'],
      ['a', '京A1', 'platformOverspeed', DAY0 + 7_200_000, DAY0 + 7_230_000, 0, 88, '/1/10/'],
      ['a', '京A1', 'areaOverspeed', DAY + DAY0 + 23 * 3_600_000, DAY + DAY0 + 23 * 3_600_000 + 300_000, 2, 70, '/1/10/'],
      ['b', '京B2', 'overspeed', 2 * DAY + DAY0 + 60_000, 2 * DAY + DAY0 + 660_000, 3, 120, '/1/10/'],
      ['b', '京B2', 'platformFatigue', 2 * DAY + DAY0 + 1_000_000, 2 * DAY + DAY0 + 1_600_000, 0, 60, '/1/10/'],
      ['b', '京B2', 'emergency', 2 * DAY + DAY0 + 2_000_000, 2 * DAY + DAY0 + 2_100_000, 1, 0, '/1/10/'],
      ['c', '沪C3', 'overspeed', DAY0 + 100_000, DAY0 + 200_000, 0, 99, '/1/20/'],
    ];
    const db = app.get<DataSource>(getDataSourceToken('alarm'));
    for (const [i, [vehicle, plate, type, started, ended, status, speed, company]] of rows.entries()) {
      const detail = type === 'platformOverspeed' ? JSON.stringify({ limitKmh: 80 }) : type === 'areaOverspeed' ? JSON.stringify({ limitKmh: 60 }) : null;
      await db.query(
        'INSERT INTO alarm (alarm_key, type, bit, level, source, terminal_phone, vehicle_id, plate_code, company_path, fleet_path, started_at, ended_at, last_at, latitude, longitude, speed_kmh, max_speed_kmh, blind_area, detail, handle_status, handle_result, handle_remark, handler_id, handled_at) VALUES (?, ?, -1, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, 39.9, 116.4, ?, ?, 0, ?, ?, 0, ?, ?, 0)',
        [`k${i}`, type, 'terminal', `1390000000${i}`, vehicle, plate, company, '', started, ended, ended, speed, speed, detail, status, '', ''],
      );
    }
  });

  afterAll(async () => {
    await app?.close();
    await dropTestSchema(env, 'alarm');
  });

  it('lists each overspeed with its duration, maximum speed and limit, newest first', async () => {
    const body = await get(`/gps/alarm/report/overspeed?${window(DAY0, DAY0 + 3 * DAY)}&size=50`);
    const page = body.data as { total: number; records: { plateCode: string; type: string; durationS: number; maxSpeedKmh: number; limitKmh: number | null }[] };
    expect(page.total).toBe(5);
    expect(page.records.map((r) => [r.plateCode, r.type, r.durationS, r.maxSpeedKmh, r.limitKmh])).toEqual([
      ['京B2', 'overspeed', 600, 120, null],
      ['京A1', 'areaOverspeed', 300, 70, 60],
      ['京A1', 'platformOverspeed', 30, 88, 80],
      ['京A1', 'overspeed', 60, 95, null],
      ['沪C3', 'overspeed', 100, 99, null],
    ]);
    const fatigue = (await get(`/gps/alarm/report/fatigue?${window(DAY0, DAY0 + 3 * DAY)}`)).data as { total: number; records: { durationS: number }[] };
    expect(fatigue.total).toBe(1);
    expect(fatigue.records[0].durationS).toBe(600);
  });

  it('ranks the top vehicles by count and by total duration', async () => {
    const top = (await get(`/gps/alarm/report/overspeed/top?${window(DAY0, DAY0 + 3 * DAY)}`)).data as { byCount: { plateCode: string; count: number; durationS: number }[]; byDuration: { plateCode: string; durationS: number }[] };
    expect(top.byCount.map((r) => [r.plateCode, r.count, r.durationS])).toEqual([['京A1', 3, 390], ['京B2', 1, 600], ['沪C3', 1, 100]]);
    expect(top.byDuration.map((r) => r.plateCode)).toEqual(['京B2', '京A1', '沪C3']);
  });

  it('keeps the report window to 7 days and the statistics window to 31 days', async () => {
    expect((await get(`/gps/alarm/report/overspeed?${window(DAY0, DAY0 + 7 * DAY)}`)).flag).toBe(true);
    expect(await get(`/gps/alarm/report/overspeed?${window(DAY0, DAY0 + 7 * DAY + 1000)}`)).toMatchObject({ flag: false, errorCode: 300 });
    expect((await get(`/gps/alarm/report/handling?${window(DAY0, DAY0 + 31 * DAY)}&groupBy=type&_t=1`)).flag).toBe(true);
    expect(await get(`/gps/alarm/report/handling?${window(DAY0, DAY0 + 31 * DAY + 1000)}&groupBy=type`)).toMatchObject({ flag: false, errorCode: 300 });
  });

  it('counts handling by type, by owning company and by China-time day', async () => {
    const stats = async (groupBy: string) => (await get(`/gps/alarm/report/handling?${window(DAY0, DAY0 + 3 * DAY)}&groupBy=${groupBy}`)).data as { key: string; total: number; unhandled: number; handled: number; notProcessed: number; future: number; rate: number }[];
    expect((await stats('type')).find((r) => r.key === 'overspeed')).toEqual({ key: 'overspeed', total: 3, unhandled: 1, handled: 1, notProcessed: 0, future: 1, rate: 0.667 });
    expect(await stats('company')).toEqual([
      { key: '10', total: 6, unhandled: 2, handled: 2, notProcessed: 1, future: 1, rate: 0.667 },
      { key: '20', total: 1, unhandled: 1, handled: 0, notProcessed: 0, future: 0, rate: 0 },
    ]);
    // 23:00 China time on the 21st is the 21st, though it is the 21st 15:00 UTC.
    expect((await stats('day')).map((r) => [r.key, r.total])).toEqual([['2026-11-20', 3], ['2026-11-21', 1], ['2026-11-22', 3]]);
  });

  it("gives another company's operator only its own alarms, and no export without the export code", async () => {
    const page = (await get(`/gps/alarm/report/overspeed?${window(DAY0, DAY0 + 3 * DAY)}`, otherToken)).data as { total: number; records: { plateCode: string }[] };
    expect(page.records.map((r) => r.plateCode)).toEqual(['沪C3']);
    const top = (await get(`/gps/alarm/report/overspeed/top?${window(DAY0, DAY0 + 3 * DAY)}`, otherToken)).data as { byCount: { plateCode: string }[] };
    expect(top.byCount.map((r) => r.plateCode)).toEqual(['沪C3']);
    expect((await get(`/gps/alarm/report/fatigue?${window(DAY0, DAY0 + 3 * DAY)}`, otherToken)).data).toMatchObject({ total: 0 });
    expect((await get(`/gps/alarm/report/handling?${window(DAY0, DAY0 + 3 * DAY)}&groupBy=company`, otherToken)).data).toEqual([{ key: '20', total: 1, unhandled: 1, handled: 0, notProcessed: 0, future: 0, rate: 0 }]);
    expect(await get(`/gps/alarm/report/overspeed/export?${window(DAY0, DAY0 + 3 * DAY)}`, otherToken)).toMatchObject({ flag: false, errorCode: 403 });
    const sheet = await request(app.getHttpServer()).get(`/gps/alarm/report/overspeed/export?${window(DAY0, DAY0 + 3 * DAY)}`).set('Authorization', adminToken).expect(200);
    expect(sheet.headers['content-type']).toContain('spreadsheetml');
  });
});
