// `npm start` plus `npm run simulate`: the simulator's terminals (open registration) appear in the
// tracking service's latest-position API within seconds, over real TCP and HTTP.
import { Gateway808Server } from '@openfleet/gateway-808';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import request from 'supertest';
import type { RunningPlatform } from '../src';
import { startTestPlatform, TEST_ADMIN_PASSWORD as PASSWORD } from './test-platform';

jest.setTimeout(90_000);

const VEHICLES = 3;

describe('standalone: simulator vehicles in the latest-position API', () => {
  let platform: RunningPlatform;
  let simulator: ChildProcess | undefined;

  beforeAll(async () => {
    platform = await startTestPlatform('open');
  });

  afterAll(async () => {
    simulator?.kill();
    await platform?.app.close();
  });

  it('shows every simulated vehicle online with a position within seconds', async () => {
    const http = () => request(platform.app.getHttpServer());
    const login = await http().post('/login').send({ username: 'admin', password: PASSWORD }).expect(200);
    const token = `Bearer ${login.body.data.access_token}`;
    const gatewayPort = platform.app.get(Gateway808Server).address().port;
    const started = Date.now();
    simulator = spawn(
      process.execPath,
      [join(__dirname, '../../../scripts/simulator/simulate.js'), '--vehicles', String(VEHICLES), '--interval', '1', '--port', String(gatewayPort), '--duration', '60'],
      { stdio: 'ignore' },
    );
    type Row = { terminalPhone: string; vehicleStatus: number; latitude: number | null; displayStatus: string; plateCode: string };
    let located: Row[] = [];
    while (Date.now() - started < 30_000) {
      const response = await http().get('/gps/position/findLatestPositions').set('Authorization', token).expect(200);
      expect(response.body.flag).toBe(true);
      located = (response.body.data as Row[]).filter((row) => row.vehicleStatus === 1 && row.latitude !== null);
      if (located.length === VEHICLES) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const elapsedMs = Date.now() - started;
    expect(located).toHaveLength(VEHICLES);
    // A fresh platform: every row is a simulated terminal, bound to no vehicle (open registration).
    // It is named by the plate it reported in 0x0100 and shown by its state, not as "unknown".
    for (const row of located) {
      expect(row.latitude).toBeGreaterThan(39.5);
      expect(row.latitude).toBeLessThan(40.3);
      expect(row.plateCode).toMatch(/^京A1\d{4}$/);
      expect(['online', 'stopped', 'onlineAlarm', 'stoppedAlarm']).toContain(row.displayStatus);
    }
    // The home screen's "by status" chart counts them the same way.
    const overview = (await http().get('/gps/position/findScopeOverview').set('Authorization', token).expect(200)).body.data;
    expect(overview.byStatus.unknown).toBe(0);
    expect(overview.online).toBe(VEHICLES);
    expect(elapsedMs).toBeLessThan(15_000);
  });

  it('documents the tracking endpoints in OpenAPI', async () => {
    const response = await request(platform.app.getHttpServer()).get('/api-docs-json').expect(200);
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining(['/gps/vtrack/findDailyMileage', '/gps/vtrack/findHistoryTrack', '/gps/vtrack/findMileage', '/gps/position/findLatestPositions', '/gps/position/findScopeOverview']),
    );
  });
});
