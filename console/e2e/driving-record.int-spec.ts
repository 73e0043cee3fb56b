// The driving record screen in real Chromium against the standalone server with the JT/T 808
// simulator: pick the simulated vehicle, collect its 08H speed records now (0x8700 through the
// instruction service; the simulator answers 0x0700 with GB/T 19056 blocks), see them listed and
// drawn as the per-second speed curve, then the header data (03H mileage).
// Screenshots: .infra/screenshots/driving-record-*.png (git-ignored).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { openProfile, type Profile } from './browser';
import { repoRoot, startMonitorPlatform, type MonitorPlatform } from './monitor-platform';
import { signIn } from './steps';

const ADMIN_PASSWORD = 'E2eDriving2024';
const shots = join(repoRoot, '.infra/screenshots');

let platform: MonitorPlatform;
let browser: Profile;
let page: Page;
const pageErrors: string[] = [];

const shot = (name: string) => page.screenshot({ path: join(shots, `driving-record-${name}.png`) });

/** The first vehicle row of the visible tree, expanding its company when the tree opens collapsed. */
async function firstVehicle(on: Page) {
  const vehicle = on.locator('.of-tree-row[data-key^="v"]:visible').first();
  const company = on.locator('.of-tree-row[data-key^="c"]:visible').first();
  await company.waitFor({ timeout: 60_000 });
  for (let attempt = 0; attempt < 10 && !(await vehicle.isVisible()); attempt++) {
    if (attempt % 3 === 2) await on.reload();
    await company.locator('.of-tree-name').click().catch(() => undefined);
    await vehicle.waitFor({ timeout: 3_000 }).catch(() => undefined);
  }
  await vehicle.waitFor({ timeout: 10_000 });
  return vehicle;
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  platform = await startMonitorPlatform(ADMIN_PASSWORD, 1);
  browser = await openProfile('driving', { offline: true });
  ({ page } = browser);
  page.on('pageerror', (error) => pageErrors.push(error.message));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

describe('driving record (standalone server + simulator)', () => {
  it('collects the speed records of a simulated terminal and draws the speed curve', async () => {
    await signIn(page, platform.baseUrl, 'admin', ADMIN_PASSWORD);
    await page.goto(`${platform.baseUrl}/monitor/drivingRecord`);
    await (await firstVehicle(page)).click();
    await page.locator('.bp6-tab:visible', { hasText: '08H' }).click();
    const list = page.locator('.of-driving-word[data-word="08H"]:visible');
    // Five one-minute blocks keep the 0x0700 answer in one packet.
    await list.locator('.of-driving-blocks input').fill('5');
    await list.locator('.of-driving-collect').click();
    // The simulator answers within seconds; the list polls and shows the one-minute blocks.
    await page.waitForFunction("Array.from(document.querySelectorAll('.of-driving-word .bp6-table-cell')).some((cell) => /^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:00$/.test(cell.textContent ?? ''))", undefined, { timeout: 40_000 });
    // The curve follows the list: 5 minutes of 60 samples a second.
    await page.waitForFunction("Number(document.querySelector('.of-driving-speed-curve')?.getAttribute('data-points')) >= 60", undefined, { timeout: 20_000 });
    await shot('speed');
    expect(await page.locator('.of-driving-speed-curve path.highcharts-graph').count()).toBeGreaterThan(0);
  }, 120_000);

  it('collects the header data (03H mileage) and lists its fields', async () => {
    await page.locator('.bp6-tab:visible', { hasText: '00H-07H' }).click();
    const list = page.locator('.of-driving-word[data-word="03H"]:visible');
    await list.locator('.of-driving-collect').click();
    await page.waitForFunction("Array.from(document.querySelectorAll('.bp6-table-cell')).some((cell) => (cell.textContent ?? '').includes('累计行驶里程(km)'))", undefined, { timeout: 40_000 });
    await shot('header');
    expect(pageErrors).toEqual([]);
  }, 90_000);
});
