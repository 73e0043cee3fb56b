// `npm run simulate -- --provision` against the whole platform under strict registration: the
// simulator creates its vehicles, SIM cards and terminals through the admin API, then its
// terminals register, authenticate and report, and `acked` counts only successful answers.
import { Gateway808Server } from '@openfleet/gateway-808';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import request from 'supertest';
import type { RunningPlatform } from '../../services/standalone/src';
import { startTestPlatform, TEST_ADMIN_PASSWORD as PASSWORD } from '../../services/standalone/test/test-platform';

jest.setTimeout(180_000);

const VEHICLES = 3;

describe('simulator --provision under strict registration', () => {
  let platform: RunningPlatform;
  const children: ChildProcess[] = [];

  const run = (args: string[]) => {
    const port = (platform.app.getHttpServer().address() as { port: number }).port;
    const child = spawn(
      process.execPath,
      [join(__dirname, 'simulate.js'), '--vehicles', String(VEHICLES), '--interval', '1', '--port', String(platform.app.get(Gateway808Server).address().port), '--api', `http://127.0.0.1:${port}`, '--password', PASSWORD, ...args],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    children.push(child);
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    return { child, output: () => output, exited: new Promise<number | null>((resolve) => child.on('exit', resolve)) };
  };

  beforeAll(async () => {
    platform = await startTestPlatform('strict');
  });

  afterAll(async () => {
    children.forEach((child) => child.kill());
    await platform?.app.close();
  });

  it('provisions through the API, keeps the phone prefix, and its terminals report under strict', async () => {
    const first = run(['--provision', '--phone-prefix', '147', '--version', '2019', '--duration', '6']);
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain(`provisioned ${VEHICLES} vehicles`);
    // The last stats line: every report answered with success, none refused.
    const stats = first.output().trim().split('\n').at(-1)!;
    const [reports, acked, refused] = [/reports (\d+)/, /acked (\d+)/, /refused (\d+)/].map((pattern) => Number(pattern.exec(stats)?.[1]));
    expect(reports).toBeGreaterThan(0);
    expect(acked).toBeLessThanOrEqual(reports);
    expect(acked).toBeGreaterThanOrEqual(reports - VEHICLES); // reports in flight when it stopped
    expect(refused).toBe(0);
    expect(stats).toMatch(/registrations refused 0/);

    const login = await request(platform.app.getHttpServer()).post('/login').send({ username: 'admin', password: PASSWORD }).expect(200);
    const token = `Bearer ${login.body.data.access_token}`;
    const terminals = (await request(platform.app.getHttpServer()).get('/basic/terminal?current=1&size=50').set('Authorization', token).expect(200)).body.data.records as { terminalPhone: string; registrationState: number }[];
    expect(terminals.map((terminal) => terminal.terminalPhone).sort()).toEqual(['14700000001', '14700000002', '14700000003']);
    expect(terminals.every((terminal) => terminal.registrationState === 1)).toBe(true);
    const latest = (await request(platform.app.getHttpServer()).get('/gps/position/findLatestPositions').set('Authorization', token).expect(200)).body.data as { plateCode: string; latitude: number | null }[];
    expect(latest.filter((row) => row.latitude !== null).map((row) => row.plateCode).sort()).toEqual(['京A10000', '京A10001', '京A10002']);

    // A second run finds what the first created.
    const second = run(['--provision', '--phone-prefix', '147', '--version', '2019', '--duration', '2']);
    expect(await second.exited).toBe(0);
    expect(second.output()).toContain(`provisioned 0 vehicles with terminals and SIM cards through`);
    expect(second.output()).toContain(`(${VEHICLES} already there)`);
  });

  // The vehicles of the first test (2019 terminals, 30-byte terminal ids in the alarm identification).
  it('raises ADAS and DSM alarms and uploads their photos to the attachment server after 0x9208', async () => {
    const sim = run(['--provision', '--phone-prefix', '147', '--version', '2019', '--alarm-rate', '1', '--alarm-kinds', 'safety', '--duration', '8']);
    expect(await sim.exited).toBe(0);
    const stats = sim.output().trim().split('\n').at(-1)!;
    expect(Number(/evidence files (\d+)/.exec(stats)?.[1])).toBeGreaterThan(0);
    const http = request(platform.app.getHttpServer());
    const login = await http.post('/login').send({ username: 'admin', password: PASSWORD }).expect(200);
    const token = `Bearer ${login.body.data.access_token}`;
    const cst = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
    const window = `startTime=${encodeURIComponent(cst(Date.now() - 600_000))}&endTime=${encodeURIComponent(cst(Date.now() + 60_000))}`;
    const alarms = (await request(platform.app.getHttpServer()).get(`/gps/alarm/page?size=200&${window}`).set('Authorization', token).expect(200)).body.data.records as { id: number; type: string; plateCode: string }[];
    const safety = alarms.filter((alarm) => /^(adas|dsm)/.test(alarm.type));
    expect(safety.length).toBeGreaterThan(0);
    let complete = 0;
    for (const alarm of safety) {
      const evidence = (await request(platform.app.getHttpServer()).get(`/gps/alarm/${alarm.id}/evidence`).set('Authorization', token).expect(200)).body.data as { files: { id: number; complete: boolean }[] } | null;
      for (const file of evidence?.files ?? []) {
        if (!file.complete) continue;
        complete++;
        const photo = await request(platform.app.getHttpServer()).get(`/gps/alarm/evidence/${file.id}/file`).set('Authorization', token).expect(200);
        expect(photo.headers['content-type']).toBe('image/jpeg');
        expect((photo.body as Buffer).subarray(0, 2).toString('hex')).toBe('ffd8');
      }
    }
    expect(complete).toBeGreaterThan(0);
  });
});

// Its own platform: the simulator numbers plates from 京A10000 whatever the phone prefix, and the
// vehicles above hold the first three.
describe('simulator --provision in bulk under strict registration', () => {
  let bulkPlatform: RunningPlatform;
  const children: ChildProcess[] = [];

  const run = (args: string[]) => {
    const port = (bulkPlatform.app.getHttpServer().address() as { port: number }).port;
    const child = spawn(process.execPath, [join(__dirname, 'simulate.js'), '--port', String(bulkPlatform.app.get(Gateway808Server).address().port), '--api', `http://127.0.0.1:${port}`, '--password', PASSWORD, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    return { child, output: () => output, exited: new Promise<number | null>((resolve) => child.on('exit', resolve)) };
  };

  beforeAll(async () => {
    bulkPlatform = await startTestPlatform('strict');
  });

  afterAll(async () => {
    children.forEach((child) => child.kill());
    await bulkPlatform?.app.close();
  });

  it('provisions 300 terminals in bulk (Excel imports, binding included), and every one registers and reports under strict', async () => {
    const bulk = 300;
    const startedAt = Date.now();
    const sim = run(['--provision', '--vehicles', String(bulk), '--phone-prefix', '146', '--interval', '5', '--drive-first', '30', '--register-retry', '3', '--duration', '25']);
    let provisionedAfterMs = 0;
    sim.child.stdout!.on('data', () => {
      if (!provisionedAfterMs && sim.output().includes('provisioned ')) provisionedAfterMs = Date.now() - startedAt;
    });
    expect(await sim.exited).toBe(0);
    process.stderr.write(`[simulate-provision] ${bulk} terminals provisioned in ${provisionedAfterMs} ms (${((bulk * 1000) / provisionedAfterMs).toFixed(1)} terminals/s)\n`);
    expect(sim.output()).toContain(`provisioned ${bulk} vehicles with terminals and SIM cards through`);
    const stats = sim.output().trim().split('\n').at(-1)!;
    expect(stats).toMatch(new RegExp(`^online ${bulk}/${bulk} `));
    expect(Number(/refused (\d+)/.exec(stats)?.[1])).toBe(0);

    const http = request(bulkPlatform.app.getHttpServer());
    const login = await http.post('/login').send({ username: 'admin', password: PASSWORD }).expect(200);
    const token = `Bearer ${login.body.data.access_token}`;
    const terminals = (await request(bulkPlatform.app.getHttpServer()).get('/basic/terminal?current=1&size=1000&keyword=146').set('Authorization', token).expect(200)).body.data.records as { terminalPhone: string; registrationState: number; vehicleId: string | null }[];
    expect(terminals.length).toBe(bulk);
    expect(terminals.filter((terminal) => terminal.registrationState !== 1 || !terminal.vehicleId).map((terminal) => terminal.terminalPhone)).toEqual([]);
    // Every one reported a position that tracking stored.
    const latest = (await request(bulkPlatform.app.getHttpServer()).get('/gps/position/findLatestPositions').set('Authorization', token).expect(200)).body.data as { plateCode: string; latitude: number | null }[];
    expect(latest.filter((row) => row.latitude !== null).length).toBe(bulk);
  });

});
