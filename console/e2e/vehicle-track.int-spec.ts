// Issue 28 in real Chromium against the real standalone server with two simulated JT/T 808
// terminals: multiCar fits the map to the vehicles ticked in the tree (read from the map's
// data-zoom / data-resolution hook), the spec's pane layouts, tooltips on the map tools, a filtered
// tick checks only the matching vehicle, singleCar follows at street zoom, and /monitor/vehicleTrack
// shows both vehicles' tracks of today, plays them together and exports the summary.
// Screenshots: .infra/screenshots/vehicle-track-*.png (git-ignored).
import type { Page } from 'playwright-core';
import { browserErrors, type Profile } from './browser';
import type { MonitorPlatform } from './monitor-platform';
import { closeMonitorSuite, openMonitorSuite } from './monitor-suite';
import { shot as saveShot, signIn } from './steps';

const ADMIN_PASSWORD = 'E2eVehicleTrack2024';

let platform: MonitorPlatform;
let profile: Profile;
let page: Page;

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
const shot = (name: string) => saveShot(page, `vehicle-track-${name}`);

/** The first visible map's view, as MapView writes it on every moveend. */
async function mapView(): Promise<{ zoom: number; resolution: number; center: string }> {
  const map = page.locator('.of-map:visible').first();
  return {
    zoom: Number(await map.getAttribute('data-zoom')),
    resolution: Number(await map.getAttribute('data-resolution')),
    center: (await map.getAttribute('data-center')) ?? '',
  };
}

/** The company row of the simulated vehicles (the administrator's company), on the visible tree. */
async function companyRow() {
  const company = page.locator('.of-tree-row[data-key^="c"]:visible').first();
  await company.waitFor({ timeout: 30_000 }).catch(async () => {
    // The latest positions are read once per page load: reload after the terminals reported.
    await page.reload();
    await company.waitFor({ timeout: 30_000 });
  });
  return company;
}

async function vehicleRows() {
  const company = await companyRow();
  const vehicles = page.locator('.of-tree-row[data-key^="v"]:visible');
  for (let attempt = 0; attempt < 10 && (await vehicles.count()) < 2; attempt++) {
    if (attempt % 3 === 2) await page.reload();
    await (await companyRow()).locator('.of-tree-name').click().catch(() => undefined);
    await pause(1000);
  }
  void company;
  return vehicles;
}

beforeAll(async () => {
  ({ platform, profile, page } = await openMonitorSuite('vehicle-track', ADMIN_PASSWORD, 2));
}, 120_000);

afterAll(() => closeMonitorSuite({ profile, platform }));

describe('maps go to the vehicles; vehicleTrack compares tracks (standalone server + simulator)', () => {
  it('signs in', async () => {
    await signIn(page, platform.baseUrl, 'admin', ADMIN_PASSWORD);
  });

  it('multiCar: ticking the vehicles fits the map to them instead of staying at all-China zoom', async () => {
    await page.goto(`${platform.baseUrl}/monitor/multiCar`);
    await page.waitForSelector('.of-map[data-zoom]');
    const before = await mapView();
    expect(before.zoom).toBeLessThan(7);
    const company = await companyRow();
    await company.locator('input[type=checkbox]').check({ force: true });
    await page.waitForSelector('.of-selected-table .bp6-table-cell');
    await page.waitForFunction("Number(document.querySelector('.of-map')?.dataset.zoom) >= 10", undefined, { timeout: 15_000 });
    const after = await mapView();
    await shot('multicar-fitted');
    // From thousands of metres per pixel (China) to street or district level.
    expect(before.resolution).toBeGreaterThan(1000);
    expect(after.resolution).toBeLessThan(160);
    expect(after.center).not.toBe(before.center);
  });

  it('multiCar: the map tools are labelled (tooltip and accessible name)', async () => {
    await page.locator('.of-tool-measure:visible').first().hover();
    await page.locator('.bp6-tooltip', { hasText: '测距' }).waitFor({ timeout: 5_000 });
    expect(await page.locator('.of-tool-screenshot:visible').first().getAttribute('aria-label')).toBe('截图');
    expect(await page.locator('.of-tool-print:visible').first().getAttribute('aria-label')).toBe('打印');
    await page.mouse.move(5, 5);
  });

  it('multiCar: offers the spec pane layouts and draws that many maps', async () => {
    for (const count of [1, 2, 4, 6, 8, 9, 10, 13, 16]) expect(await page.locator(`.of-split-${count}:visible`).count()).toBe(1);
    await page.locator('.of-split-6:visible').click();
    await page.waitForFunction("document.querySelectorAll('.of-monitor-pane-slot .of-map').length === 6");
    await page.locator('.of-split-13:visible').click();
    await page.waitForFunction("document.querySelectorAll('.of-monitor-pane-slot .of-map').length === 13");
    await shot('multicar-13');
    await page.locator('.of-split-1:visible').click();
    await page.waitForFunction("document.querySelectorAll('.of-monitor-pane-slot .of-map').length === 1");
  });

  it('tree: ticking the company while searching checks only the matching vehicle', async () => {
    const company = await companyRow();
    await company.locator('input[type=checkbox]').uncheck({ force: true });
    await page.waitForFunction("!document.querySelector('.of-selected-table .bp6-table-cell')");
    const vehicles = await vehicleRows();
    const plate = (await vehicles.first().locator('.of-tree-name').innerText()).trim();
    expect(plate.length).toBeGreaterThan(3);
    await page.locator('.of-vehicle-tree-search input:visible').fill(plate);
    await page.locator('.of-tree-row[data-key^="c"]:visible').first().locator('input[type=checkbox]').check({ force: true });
    await page.locator('.of-selected-title', { hasText: '（1）' }).waitFor({ timeout: 5_000 });
    await page.locator('.of-vehicle-tree-search input:visible').fill('');
    expect(await page.locator('.of-selected-title:visible').innerText()).toContain('（1）');
    // Without the search the company shows part of its vehicles checked.
    expect(await page.locator('.of-tree-row[data-key^="c"]:visible').first().locator('.bp6-control input').evaluate((input) => (input as { indeterminate: boolean }).indeterminate)).toBe(true);
  });

  it('singleCar: following a vehicle zooms to street level', async () => {
    await page.goto(`${platform.baseUrl}/monitor/singleCar`);
    const vehicles = await vehicleRows();
    await vehicles.first().click();
    await page.waitForFunction("Array.from(document.querySelectorAll('.of-map')).some((map) => map.offsetParent !== null && Number(map.dataset.zoom) >= 15)", undefined, { timeout: 15_000 });
    const view = await mapView();
    expect(view.zoom).toBeGreaterThanOrEqual(15);
    // Street level: a few metres per pixel (the scale line shows metres).
    expect(view.resolution).toBeLessThan(5);
    expect(await page.locator('.ol-scale-line-inner:visible').first().innerText()).toMatch(/\d+ m$/);
    await shot('single-car-follow');
  });

  it('vehicleTrack: both vehicles\' tracks of today on one map, played together, summary exported', async () => {
    // Some track first: the simulator reports every second.
    await pause(5000);
    await page.goto(`${platform.baseUrl}/monitor/vehicleTrack`);
    const company = await companyRow();
    await company.locator('input[type=checkbox]').check({ force: true });
    await page.locator('.of-vehicle-track-picked-count', { hasText: '2/10' }).waitFor({ timeout: 5_000 });
    await page.locator('.of-vehicle-track-submit').click();
    await page.waitForSelector('.of-vehicle-track-map[data-state="ready"][data-tracks="2"]', { timeout: 20_000 });
    const legend = page.locator('.of-vehicle-track-legend tbody tr');
    expect(await legend.count()).toBe(2);
    for (const row of await legend.all()) expect(Number(await row.locator('.of-vehicle-track-count').innerText())).toBeGreaterThan(1);
    // Two colours on the legend, the points table of the first vehicle.
    const swatches = await page.locator('.of-vehicle-track-swatch').evaluateAll((nodes) => nodes.map((node) => (node as { style: { background: string } }).style.background));
    expect(new Set(swatches).size).toBe(2);
    expect(Number(await page.getAttribute('.of-vehicle-track-points', 'data-rows'))).toBeGreaterThan(1);
    // The map went to the tracks.
    expect((await mapView()).zoom).toBeGreaterThan(9);
    await page.selectOption('.of-vehicle-track .of-playback-speed select', '8');
    const before = Number(await page.locator('.of-vehicle-track .of-playback-time').getAttribute('data-at'));
    await page.locator('.of-vehicle-track .of-playback-play').click();
    await pause(2000);
    const after = Number(await page.locator('.of-vehicle-track .of-playback-time').getAttribute('data-at'));
    await shot('compare');
    expect(after - before).toBeGreaterThanOrEqual(8);
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.of-vehicle-track-export').click()]);
    expect(download.suggestedFilename()).toBe('vehicle-tracks.xlsx');
  });

  it('had no uncaught page error', () => {
    expect(browserErrors.filter((error) => error.includes('pageerror'))).toEqual([]);
  });
});
