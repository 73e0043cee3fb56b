// New energy in real Chromium against the real standalone server: `npm run simulate -- --energy
// --provision` creates an electric vehicle with its VIN through the API (strict registration) and
// reports over GB/T 32960; newEnergy shows its live battery (SOC, charging, 96 cells, 48 probes
// with the extremes named) and the day's history charts, and its toolbar finds the EV by VIN.
// `--emission --provision` does the same for a diesel truck over HJ 1239: noxData charts and lists
// its NOx and SCR temperatures, emissionData its OBD report.
// Screenshots: .infra/screenshots/energy-*.png and emission-*.png.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { browserErrors, openProfile, type Profile } from './browser';
import { repoRoot, startMonitorPlatform, type MonitorPlatform } from './monitor-platform';
import { shot, shots, signIn, treeVehicle } from './steps';


const PASSWORD = 'E2eEnergy2026';

let platform: MonitorPlatform;
let profile: Profile;
let page: Page;
let sim: ChildProcess;
let trucks: ChildProcess;
let simOutput = '';

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  platform = await startMonitorPlatform(PASSWORD, 0);
  sim = spawn(process.execPath, [join(repoRoot, 'scripts/simulator/simulate.js'), '--energy', '--provision', '--vehicles', '1', '--interval', '1', '--energy-port', String(platform.energyPort), '--api', platform.baseUrl, '--password', PASSWORD], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  sim.stdout?.on('data', (chunk: Buffer) => (simOutput += chunk.toString()));
  sim.stderr?.on('data', (chunk: Buffer) => (simOutput += chunk.toString()));
  trucks = spawn(process.execPath, [join(repoRoot, 'scripts/simulator/simulate.js'), '--emission', '--provision', '--vehicles', '1', '--interval', '1', '--emission-port', String(platform.emissionPort), '--api', platform.baseUrl, '--password', PASSWORD], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  trucks.stdout?.on('data', (chunk: Buffer) => (simOutput += chunk.toString()));
  trucks.stderr?.on('data', (chunk: Buffer) => (simOutput += chunk.toString()));
  profile = await openProfile('energy');
  page = profile.page;
  await profile.context.route(/autonavi\.com|openstreetmap\.org/, (route) => route.abort());
}, 120_000);

afterAll(async () => {
  sim?.kill('SIGTERM');
  trucks?.kill('SIGTERM');
  await profile?.close();
  await platform?.stop();
});

describe('console new energy (standalone server + a simulated EV over GB/T 32960)', () => {
  it('shows the live battery of a simulated EV: SOC, charging state, cell and probe heat maps', async () => {
    await signIn(page, platform.baseUrl, 'admin', PASSWORD);
    await page.goto(`${platform.baseUrl}/index/newEnergy`);
    await (await treeVehicle(page, '京AD00001')).click();
    await page.waitForSelector('.of-energy-live[data-state=ready]', { timeout: 30_000 }).catch(async (error) => {
      throw new Error(`${(error as Error).message}\n${simOutput}\n${platform.output()}`);
    });
    expect(await page.locator('.of-energy-soc dd').textContent()).toMatch(/^\d+ %$/);
    expect(await page.locator('.of-energy-charge dd').textContent()).toMatch(/停车充电|未充电/);
    expect(await page.getAttribute('.of-heat-cells', 'data-count')).toBe('96');
    expect(await page.locator('.of-heat-cells .of-heat-cell').count()).toBe(96);
    expect(await page.getAttribute('.of-heat-cells .of-heat-cell >> nth=0', 'data-no')).toBe('1');
    expect(await page.getAttribute('.of-heat-probes', 'data-count')).toBe('48');
    // The extremes are named with their cell numbers, and outlined in the map.
    expect(await page.locator('.of-heat-cells .of-heat-max').textContent()).toMatch(/最高: \d\.\d{3} V \(子系统1 单体\d+\)/);
    expect(await page.locator('.of-heat-cells .of-heat-cell-max').count()).toBe(1);
    await shot(page, 'energy-live');
  }, 90_000);

  it('draws the day’s history charts of the spec’s series', async () => {
    // A few more reports, then the day's history.
    await page.waitForTimeout(3000);
    await page.click('.of-energy-query');
    await page.waitForFunction("Number(document.querySelector('.of-energy-charts')?.getAttribute('data-points')) >= 3", undefined, { timeout: 20_000 });
    expect(await page.locator('.of-energy-charts .highcharts-container').count()).toBe(3);
    expect(await page.locator('.of-energy-charts .highcharts-series-group path.highcharts-graph').count()).toBeGreaterThanOrEqual(6);
    await shot(page, 'energy-history');
    expect(browserErrors).toEqual([]);
  }, 60_000);

  it('finds the EV by its VIN from the toolbar, without the tree, and shows its battery under its plate', async () => {
    await page.goto(`${platform.baseUrl}/index/newEnergy`);
    const search = page.locator('.of-energy-toolbar .of-energy-vin-search input');
    await search.waitFor();
    expect(await page.locator('.of-energy-live').count()).toBe(0);
    // An unknown VIN is the server's answer in words; nothing is shown.
    await search.fill('LSJMEV99999999999');
    await search.press('Enter');
    await page.locator('.bp6-toast', { hasText: '车辆不存在' }).waitFor({ timeout: 10_000 });
    expect(await page.locator('.of-energy-live').count()).toBe(0);
    // The seeded EV's VIN as an operator might type it: lower case, with spaces.
    await search.fill(' lsjmev00000000001 ');
    await search.press('Enter');
    await page.waitForSelector('.of-energy-live[data-state=ready]', { timeout: 20_000 });
    expect(await page.locator('.of-energy-live h5').innerText()).toMatch(/^京AD00001\s+VIN LSJMEV00000000001$/);
    expect(await page.locator('.of-energy-soc dd').textContent()).toMatch(/^\d+ %$/);
    expect(await page.getAttribute('.of-heat-cells', 'data-count')).toBe('96');
    await shot(page, 'energy-vin-search');
    expect(browserErrors).toEqual([]);
  }, 60_000);

  it('shows a checked EV’s SOC and charging state in multiCar’s table of selected vehicles', async () => {
    await page.goto(`${platform.baseUrl}/monitor/multiCar`);
    const ev = await treeVehicle(page, '京AD00001');
    await ev.locator('input[type=checkbox]').check({ force: true });
    const soc = page.locator('.of-selected-table .of-selected-soc:visible').first();
    await soc.waitFor({ timeout: 20_000 });
    await page.waitForFunction("/^\\d+ %$/.test(document.querySelector('.of-selected-table .of-selected-soc')?.textContent ?? '')", undefined, { timeout: 20_000 });
    expect(await page.locator('.of-selected-table .bp6-table-cell:visible', { hasText: /停车充电|未充电|行驶充电|充电完成/ }).count()).toBeGreaterThan(0);
    await shot(page, 'energy-multicar');
  }, 60_000);

  it('adds a battery pack from the production screen and shows its history from production to retirement', async () => {
    const token = ((await (await fetch(`${platform.baseUrl}/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: PASSWORD }) })).json()) as { data: { access_token: string } }).data.access_token;
    const post = async (path: string, body: object) => {
      const envelope = (await (await fetch(`${platform.baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(body) })).json()) as { flag: boolean; errorCode: number };
      expect([path, envelope.errorCode]).toEqual([path, 200]);
    };
    await post('/energy/battery/models', { modelCode: 'LFP-280', name: '280Ah 磷酸铁锂', chemistry: 1, ratedCapacityAh: 280, ratedVoltageV: 614.4, ratedEnergyKwh: 172, cellCount: 192 });
    await page.goto(`${platform.baseUrl}/battery/batteryProductionInfo`);
    await page.locator('button:visible', { hasText: '新增' }).first().click();
    const dialog = page.locator('.bp6-dialog');
    const group = (label: string) => dialog.locator('.bp6-form-group', { hasText: label });
    await group('电池包编码').locator('input').fill('PACK0A1B2C3D4E5F6G7H8J9K');
    await group('型号编码').locator('select').selectOption('LFP-280');
    await group('生产企业').locator('input').fill('宁德时代');
    await group('生产日期').locator('input').fill('2026-10-01');
    await dialog.locator('button[type=submit]').click();
    await page.waitForSelector('.bp6-dialog', { state: 'detached' });
    await page.locator('.bp6-table-cell:visible', { hasText: 'PACK0A1B2C3D4E5F6G7H8J9K' }).first().waitFor({ timeout: 10_000 });
    await post('/energy/battery/warehouse', { kind: 'warehouseIn', packCode: 'PACK0A1B2C3D4E5F6G7H8J9K', happenedOn: '2026-11-01', party: '北京售后库' });
    await post('/energy/battery/retirement', { kind: 'retirement', packCode: 'PACK0A1B2C3D4E5F6G7H8J9K', happenedOn: '2026-11-20', destination: 1, reason: '容量衰减' });
    await page.reload();
    await page.locator('.bp6-table-cell:visible', { hasText: 'PACK0A1B2C3D4E5F6G7H8J9K' }).first().click();
    await page.locator('button:visible', { hasText: '履历' }).click();
    const trace = page.locator('[data-testid=battery-trace]');
    await trace.waitFor({ timeout: 10_000 });
    expect(await trace.textContent()).toMatch(/已退役[\s\S]*售后入库[\s\S]*退役/);
    await shot(page, 'energy-battery-trace');
    expect(browserErrors).toEqual([]);
  }, 60_000);

  it('charts and lists a simulated diesel truck’s NOx over HJ 1239, and shows its OBD report', async () => {
    const openTruck = async (path: string) => {
      await page.goto(`${platform.baseUrl}${path}`);
      await (await treeVehicle(page, '京AH00001')).click();
    };
    await openTruck('/monitor/noxData');
    // The chart is read once; query again until the truck's streams are there.
    for (let attempt = 0; attempt < 20; attempt++) {
      if (Number(await page.getAttribute('.of-emission-chart', 'data-points').catch(() => '0')) >= 3) break;
      await page.waitForTimeout(1000);
      await page.click('.of-emission-query');
    }
    await page.waitForFunction("Number(document.querySelector('.of-emission-chart')?.getAttribute('data-points')) >= 3", undefined, { timeout: 10_000 }).catch(async (error) => {
      throw new Error(`${(error as Error).message}\n${simOutput}\n${platform.output()}`);
    });
    expect(await page.locator('.of-emission-chart .highcharts-series-group path.highcharts-graph').count()).toBe(4);
    // The list: the truck's plate, and an SCR conversion computed from the two sensors.
    await page.locator('.bp6-table-cell:visible', { hasText: '京AH00001' }).first().waitFor({ timeout: 10_000 });
    expect(await page.locator('.bp6-table-cell:visible', { hasText: /^\d+\.\d%$/ }).count()).toBeGreaterThan(0);
    await shot(page, 'emission-nox');

    await openTruck('/monitor/emissionData');
    await page.locator('.bp6-tab', { hasText: 'OBD' }).click();
    await page.locator('.bp6-table-cell:visible', { hasText: 'SAE J1939' }).first().waitFor({ timeout: 15_000 });
    expect(await page.locator('.bp6-table-cell:visible', { hasText: 'LFWHJ000000000001' }).count()).toBeGreaterThan(0);
    await shot(page, 'emission-obd');
    expect(browserErrors).toEqual([]);
  }, 90_000);
});
