// `npm run simulate -- --energy --provision` against the whole platform under strict registration:
// the simulator creates its electric vehicles with VINs through the admin API, logs them in over
// GB/T 32960 and reports; the battery API then shows their 96 cells and 48 probes.
import { Gb32960Server } from '@openfleet/energy';
import { spawn } from 'node:child_process';
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
});
