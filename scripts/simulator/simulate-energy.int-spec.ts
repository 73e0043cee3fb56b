// `npm run simulate -- --energy --provision` against the whole platform under strict registration:
// the simulator creates its electric vehicles with VINs through the admin API, logs them in over
// GB/T 32960 and reports; the battery API then shows their 96 cells and 48 probes. `--emission`
// does the same for diesel trucks over HJ 1239; the emission API then lists their streams and OBD.
import { Gb32960Server, Hj1239Server } from '@openfleet/energy';
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import request from 'supertest';
import type { RunningPlatform } from '../../services/standalone/src';
import { startTestPlatform, TEST_ADMIN_PASSWORD as PASSWORD } from '../../services/standalone/test/test-platform';

jest.setTimeout(90_000);

describe('simulator --energy under strict registration', () => {
  let platform: RunningPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform('strict');
  });

  afterAll(async () => {
    await platform?.app.close();
  });

  it('provisions EVs with VINs, logs them in and stores their reports', async () => {
    const port = (platform.app.getHttpServer().address() as { port: number }).port;
    const args = (seconds: number) => ['--energy', '--vehicles', '2', '--interval', '1', '--duration', String(seconds), '--energy-port', String(platform.app.get(Gb32960Server).port()), '--api', `http://127.0.0.1:${port}`, '--password', PASSWORD];
    // Without provisioning the VINs are unknown: refused under strict.
    const unknown = spawn(process.execPath, [join(__dirname, 'simulate.js'), ...args(2)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let refusedOutput = '';
    unknown.stdout!.on('data', (chunk) => (refusedOutput += chunk));
    await new Promise((resolve) => unknown.on('exit', resolve));
    expect(refusedOutput.trim().split('\n').at(-1)).toMatch(/reports 0 acked 0 refused [1-9]/);

    const child = spawn(process.execPath, [join(__dirname, 'simulate.js'), '--provision', ...args(5)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(`${code} ${output}`).toMatch(/^0 /); // the output names the failure
    expect(output).toContain('provisioned 2 electric vehicles');
    const stats = output.trim().split('\n').at(-1)!;
    expect(Number(/reports (\d+)/.exec(stats)?.[1])).toBeGreaterThan(2);
    expect(stats).toMatch(/refused 0/);

    const login = await request(platform.app.getHttpServer()).post('/login').send({ username: 'admin', password: PASSWORD }).expect(200);
    const token = `Bearer ${login.body.data.access_token}`;
    const vehicles = (await request(platform.app.getHttpServer()).get('/basic/vehicle?current=1&size=50').set('Authorization', token).expect(200)).body.data.records as { id: number; vin: string }[];
    const ev = vehicles.find((vehicle) => vehicle.vin === 'LSJMEV00000000001')!;
    const latest = (await request(platform.app.getHttpServer()).get(`/energy/latest?vehicleId=${ev.id}`).set('Authorization', token).expect(200)).body.data;
    expect(latest).toMatchObject({ vin: 'LSJMEV00000000001', chargeState: expect.any(Number) });
    expect(latest.soc).toBeGreaterThan(0);
    const cells = latest.units.find((unit: { type: number }) => unit.type === 8).voltages[0].cellVoltagesV as number[];
    const probes = latest.units.find((unit: { type: number }) => unit.type === 9).temperatures[0].probeTempsC as number[];
    expect([cells.length, probes.length]).toEqual([96, 48]);
    expect(latest.maxCellV).toBe(Math.max(...cells));
  });

  it('provisions diesel trucks with VINs and stores their HJ 1239 streams and OBD reports', async () => {
    const port = (platform.app.getHttpServer().address() as { port: number }).port;
    const args = (seconds: number) => ['--emission', '--vehicles', '2', '--interval', '1', '--duration', String(seconds), '--emission-port', String(platform.app.get(Hj1239Server).port()), '--api', `http://127.0.0.1:${port}`, '--password', PASSWORD];
    const run = async (extra: string[], seconds: number) => {
      const child = spawn(process.execPath, [join(__dirname, 'simulate.js'), ...extra, ...args(seconds)], { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout!.on('data', (chunk) => (output += chunk));
      child.stderr!.on('data', (chunk) => (output += chunk));
      const code = await new Promise((resolve) => child.on('exit', resolve));
      return `${code} ${output}`;
    };
    // Unknown VINs under strict: the platform closes their connections.
    expect((await run([], 3)).trim().split('\n').at(-1)).toMatch(/closed by the platform [1-9]/);
    const output = await run(['--provision'], 4);
    expect(output).toMatch(/^0 [\s\S]*provisioned 2 diesel trucks/);
    expect(output.trim().split('\n').at(-1)).toMatch(/reports ([3-9]|\d{2,}) {2}closed by the platform 0/);

    const login = await request(platform.app.getHttpServer()).post('/login').send({ username: 'admin', password: PASSWORD }).expect(200);
    const token = `Bearer ${login.body.data.access_token}`;
    const vehicles = (await request(platform.app.getHttpServer()).get('/basic/vehicle?current=1&size=50').set('Authorization', token).expect(200)).body.data.records as { id: number; vin: string; plateColor: number }[];
    const truck = vehicles.find((vehicle) => vehicle.vin === 'LFWHJ000000000001')!;
    expect(truck.plateColor).toBe(2);
    const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const window = `vehicleId=${truck.id}&startTime=${encodeURIComponent(`${day} 00:00:00`)}&endTime=${encodeURIComponent(`${day} 23:59:59`)}`;
    const streams = (await request(platform.app.getHttpServer()).get(`/energy/emission/streams?${window}`).set('Authorization', token).expect(200)).body.data;
    expect(streams.total).toBeGreaterThan(2);
    expect(streams.records[0]).toMatchObject({ vin: 'LFWHJ000000000001', engineRpm: expect.any(Number), noxUpstream: expect.any(Number), reagent: expect.any(Number), totalUrea: expect.any(Number) });
    const obd = (await request(platform.app.getHttpServer()).get(`/energy/emission/obd?${window}`).set('Authorization', token).expect(200)).body.data;
    expect(obd.records[0]).toMatchObject({ obdVin: 'LFWHJ000000000001', protocol: 2, faultCodes: [] });
  });
});

describe('simulator --emission with nothing listening', () => {
  it('counts refused connects as failed connects, not as closes by the platform', async () => {
    // A port that was free a moment ago: every connect is refused.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const child = spawn(process.execPath, [join(__dirname, 'simulate.js'), '--emission', '--vehicles', '2', '--interval', '1', '--duration', '3', '--host', '127.0.0.1', '--emission-port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    const stats = output.trim().split('\n').at(-1)!;
    expect(`${code} ${stats}`).toMatch(/^0 online 0\/2 {2}reports 0 {2}closed by the platform 0 {2}connect failed [1-9]/);
  });
});
