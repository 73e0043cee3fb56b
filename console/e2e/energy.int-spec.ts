// New energy in real Chromium against the real standalone server: `npm run simulate -- --energy
// --provision` creates an electric vehicle with its VIN through the API (strict registration) and
// reports over GB/T 32960; newEnergy shows its live battery (SOC, charging, 96 cells, 48 probes
// with the extremes named) and the day's history charts. Screenshots: .infra/screenshots/energy-*.png.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { browserErrors, openProfile, type Profile } from './browser';
import { repoRoot, startMonitorPlatform, type MonitorPlatform } from './monitor-platform';
import { shot, shots, signIn } from './steps';


const PASSWORD = 'E2eEnergy2026';

let platform: MonitorPlatform;
let profile: Profile;
let page: Page;
let sim: ChildProcess;
let simOutput = '';

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  platform = await startMonitorPlatform(PASSWORD, 0);
  sim = spawn(process.execPath, [join(repoRoot, 'scripts/simulator/simulate.js'), '--energy', '--provision', '--vehicles', '1', '--interval', '1', '--energy-port', String(platform.energyPort), '--api', platform.baseUrl, '--password', PASSWORD], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  sim.stdout?.on('data', (chunk: Buffer) => (simOutput += chunk.toString()));
  sim.stderr?.on('data', (chunk: Buffer) => (simOutput += chunk.toString()));
  profile = await openProfile('energy');
  page = profile.page;
  await profile.context.route(/autonavi\.com|openstreetmap\.org/, (route) => route.abort());
}, 120_000);

afterAll(async () => {
  sim?.kill('SIGTERM');
  await profile?.close();
  await platform?.stop();
});

describe('console new energy (standalone server + a simulated EV over GB/T 32960)', () => {
  it('shows the live battery of a simulated EV: SOC, charging state, cell and probe heat maps', async () => {
    await signIn(page, platform.baseUrl, 'admin', PASSWORD);
    await page.goto(`${platform.baseUrl}/index/newEnergy`);
    const vehicle = page.locator('.of-tree-row:visible', { hasText: '京AD00001' }).first();
    const company = page.locator('.of-tree-row[data-key^="c"]:visible').first();
    await company.waitFor({ timeout: 30_000 });
    for (let attempt = 0; attempt < 10 && !(await vehicle.isVisible()); attempt++) {
      if (attempt % 3 === 2) await page.reload();
      await company.locator('.of-tree-name').click().catch(() => undefined);
      await vehicle.waitFor({ timeout: 3_000 }).catch(() => undefined);
    }
    await vehicle.click();
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
});
