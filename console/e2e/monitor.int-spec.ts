// Monitoring screens in real Chromium against the real standalone server with the JT/T 808 simulator
// running: sign in, multiCar with live vehicles moving between two screenshots, info panel, distance
// ranging, history playback at 8x (icon and chart cursor advance), language switch.
// Screenshots: .infra/screenshots/monitor-*.png (git-ignored).
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { repoRoot, startMonitorPlatform, type MonitorPlatform } from './monitor-platform';
import { saveDialog, setTrackWindow, signIn } from './steps';

const ADMIN_PASSWORD = 'E2eMonitor2024';
const shots = join(repoRoot, '.infra/screenshots');
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

let platform: MonitorPlatform;
let context: BrowserContext;
let page: Page;
let profile: string;
const pageErrors: string[] = [];

const shot = (name: string) => page.screenshot({ path: join(shots, `monitor-${name}.png`) });
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The first vehicle row of the tree, expanding its company when the tree opens collapsed. */
async function firstVehicle(on: Page) {
  // Screens visited before stay mounted but hidden (kept-alive tabs): only the visible tree counts.
  const vehicle = on.locator('.of-tree-row[data-key^="v"]:visible').first();
  const company = on.locator('.of-tree-row[data-key^="c"]:visible').first();
  await company.waitFor({ timeout: 30_000 });
  for (let attempt = 0; attempt < 3 && !(await vehicle.isVisible()); attempt++) {
    await company.locator('.of-tree-name').click();
    await vehicle.waitFor({ timeout: 5_000 }).catch(() => undefined);
  }
  await vehicle.waitFor({ timeout: 10_000 });
  return vehicle;
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  platform = await startMonitorPlatform(ADMIN_PASSWORD, 3);
  profile = mkdtempSync(join(tmpdir(), 'openfleet-chromium-monitor-'));
  context = await chromium.launchPersistentContext(profile, { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ARGS, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // No test may depend on the network: public tile servers are unreachable here, as on an offline site.
  await context.route(/autonavi\.com|openstreetmap\.org/, (route) => route.abort());
}, 120_000);

afterAll(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
  await platform?.stop();
});

describe('console monitoring (standalone server + simulator)', () => {
  it('signs in', async () => {
    await signIn(page, platform.baseUrl, 'admin', ADMIN_PASSWORD);
  });

  it('checks the simulated vehicles on multiCar and sees them move between two screenshots', async () => {
    // The simulator provisioned its vehicles in the administrator's company (strict registration).
    await page.goto(`${platform.baseUrl}/monitor/multiCar`);
    await page.waitForSelector('.of-vehicle-tree');
    const group = page.locator('.of-tree-row[data-key^="c"]').first();
    await group.waitFor({ timeout: 30_000 }).catch(async () => {
      // The latest positions are read once per page load: reload after the terminals reported.
      await page.reload();
      await group.waitFor({ timeout: 30_000 });
    });
    await group.locator('input[type=checkbox]').check({ force: true });
    await page.waitForSelector('.of-selected-table .bp6-table-cell');
    await page.locator('.of-tool-fit').first().click();
    await pause(1500);
    const map = page.locator('.of-monitor-pane').first();
    const first = await map.screenshot();
    await shot('multicar-1');
    // At the fitted zoom a few seconds of driving can stay under a pixel: look again for up to 20 s.
    let second = first;
    for (let look = 0; look < 5 && Buffer.compare(first, second) === 0; look++) {
      await pause(4000);
      second = await map.screenshot();
    }
    await shot('multicar-2');
    expect(Buffer.compare(first, second)).not.toBe(0);
  });

  it('draws the offline base layer (provinces and capitals) where no tiles can load', async () => {
    // The province fill of the fallback layer (#eef0e6) covers much of the map around the vehicles.
    const filled = await page.evaluate(`(() => {
      let count = 0;
      for (const canvas of document.querySelectorAll('.of-monitor-pane canvas')) {
        const context = canvas.getContext('2d');
        if (!context || !canvas.width) continue;
        const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
        for (let i = 0; i < data.length; i += 4) if (data[i] === 238 && data[i + 1] === 240 && data[i + 2] === 230) count++;
      }
      return count;
    })()`);
    expect(filled).toBeGreaterThan(10_000);
    await shot('map-fallback-base');
  });

  it('opens the info panel of a vehicle with live fields', async () => {
    const vehicle = page.locator('.of-tree-row[data-key^="v"]').first();
    if (!(await vehicle.isVisible())) await page.locator('.of-tree-row[data-key^="c"] .of-tree-name').first().click();
    await vehicle.click();
    const panel = page.locator('.of-info-panel[data-vehicle]');
    await panel.waitFor();
    const text = await panel.innerText();
    expect(text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/); // a live GPS time
    await shot('info-panel');
  });

  it('sends a text, a parameter query and a photo to the selected vehicle, and sees their statuses and results', async () => {
    const dialog = page.locator('.of-instruction-dialog');
    const open = async (name: string) => {
      await page.locator('.of-instruction-launcher:visible').first().click();
      await page.locator('.of-instruction-menu').getByText(name, { exact: true }).click();
      await dialog.waitFor();
    };
    const sendAndSettle = async () => {
      await dialog.locator('button', { hasText: /^下发$/ }).click();
      const view = dialog.locator('.of-order-view').first();
      await view.waitFor();
      await dialog.locator('.of-order-view[data-status="1"]').first().waitFor({ timeout: 30_000 });
      return view;
    };
    const close = async () => {
      await dialog.locator('button', { hasText: /^关闭$/ }).click();
      await dialog.waitFor({ state: 'detached' });
    };

    await open('文本下发');
    // Validation before sending: the text is required.
    await dialog.locator('button', { hasText: /^下发$/ }).click();
    await dialog.getByText('必填').waitFor();
    await page.fill('#cmd-text', '前方施工，请减速慢行');
    await dialog.getByText('终端TTS播读').click();
    const text = await sendAndSettle();
    expect(await text.locator('.of-order-status').innerText()).toBe('成功');
    await shot('instruction-text');
    await close();

    await open('服务器设置');
    await dialog.locator('.bp6-tab', { hasText: '查询参数' }).click();
    await sendAndSettle();
    // The simulator answers 0x0104 with its heartbeat (0x0001) and report interval (0x0029).
    const params = dialog.locator('.of-order-params');
    await params.waitFor();
    expect(await params.innerText()).toContain('0x0029');
    await shot('instruction-parameters');
    await close();

    await open('拍照');
    await sendAndSettle();
    const photo = dialog.locator('img.of-order-photo');
    await photo.waitFor({ timeout: 30_000 });
    // A real JPEG from the simulator's camera, decoded by the browser.
    await page.waitForFunction("(() => { const image = document.querySelector('.of-instruction-dialog img.of-order-photo'); return !!image && image.complete && image.naturalWidth === 320; })()");
    await shot('instruction-photo');
    await close();
    const badge = page.locator('.of-pending-orders');
    expect(await badge.count()).toBeGreaterThan(0);
  });

  it('measures a distance on the map', async () => {
    await page.locator('.of-tool-measure').first().click();
    const box = (await page.locator('.of-monitor-pane .ol-viewport').first().boundingBox())!;
    await page.mouse.click(box.x + 200, box.y + 200);
    await page.mouse.dblclick(box.x + 500, box.y + 260);
    const result = page.locator('.of-measure-result');
    await result.waitFor();
    expect(await result.innerText()).toMatch(/\d+(\.\d+)? (m|km)/);
    await shot('measure');
  });

  it('saves the map as a PNG', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.of-tool-screenshot').first().click()]);
    expect(download.suggestedFilename()).toMatch(/^map-\d+\.png$/);
    const path = join(shots, 'monitor-map-export.png');
    await download.saveAs(path);
    const png = readFileSync(path);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.length).toBeGreaterThan(2000);
  });

  it('follows one vehicle on singleCar: its trail grows', async () => {
    await page.goto(`${platform.baseUrl}/monitor/singleCar`);
    const vehicle = await firstVehicle(page);
    await vehicle.click();
    // Screens visited before stay mounted but hidden: the visible panel is this screen's.
    await page.locator('.of-info-panel[data-vehicle]:visible').first().waitFor();
    const pane = page.locator('.of-monitor-pane:visible').first();
    const first = await pane.screenshot();
    await pause(4000);
    expect(Buffer.compare(first, await pane.screenshot())).not.toBe(0);
    await shot('single-car');
  });

  it('shows the home dashboard: online rate of the scope, the alarm panel', async () => {
    await page.goto(`${platform.baseUrl}/monitor/home`);
    const rate = page.locator('.of-home-rate');
    await rate.waitFor();
    await page.waitForFunction("/\\d+(\\.\\d+)?%/.test(document.querySelector('.of-home-rate')?.textContent ?? '')");
    // Announcements, online rate, the reminders due, three breakdowns and the alarm panel.
    expect(await page.locator('.of-home-card').count()).toBe(7);
    expect(await page.locator('.of-home-reminders').count()).toBe(1);
    await page.locator('.of-home-alarms .highcharts-container').waitFor();
    expect(await page.locator('.highcharts-container').count()).toBe(4);
    // The default theme is dark: no chart draws the white box Highcharts paints by default.
    // (Highcharts 12 writes the colour as a CSS variable: the computed fill is what shows.)
    const fills = (await page.evaluate("Array.from(document.querySelectorAll('.of-home-card .highcharts-background')).map((node) => getComputedStyle(node).fill)")) as string[];
    expect(fills).toHaveLength(4);
    for (const fill of fills) expect(fill).not.toBe('rgb(255, 255, 255)');
    await shot('home');
  });

  it('plays back the recorded track at 8x: the icon time and the chart cursor advance', async () => {
    await page.goto(`${platform.baseUrl}/monitor/historyTrack`);
    const vehicle = await firstVehicle(page);
    await vehicle.click();
    await setTrackWindow(page);
    await page.locator('.of-track-submit').click();
    await page.waitForSelector('.of-history-map[data-state="ready"]');
    expect(Number(await page.getAttribute('.of-history-map', 'data-points'))).toBeGreaterThan(1);
    await page.selectOption('.of-playback-speed select', '8');
    const before = Number(await page.getAttribute('.of-playback-time', 'data-at'));
    const cursorBefore = Number(await page.getAttribute('.of-track-charts', 'data-cursor'));
    await page.locator('.of-playback-play').click();
    await pause(2000);
    const after = Number(await page.getAttribute('.of-playback-time', 'data-at'));
    const cursorAfter = Number(await page.getAttribute('.of-track-charts', 'data-cursor'));
    await shot('history-playback');
    expect(after - before).toBeGreaterThanOrEqual(8);
    expect(cursorAfter).toBeGreaterThan(cursorBefore);
  });

  it('switches the language to en_US', async () => {
    await page.locator('.of-header select').filter({ has: page.locator('option[value="en_US"]') }).selectOption('en_US');
    // A string: the spec compiles without DOM typings, the page evaluates it.
    await page.waitForFunction("document.body.innerText.includes('Play') || document.body.innerText.includes('Pause')");
    expect(await page.evaluate("localStorage.getItem('language')")).toBe('en_US');
    await shot('history-en');
  });

  it('runs the online, mileage and operation reports of the simulated vehicles and exports one as Excel', async () => {
    await page.goto(`${platform.baseUrl}/monitor/onlineStatistics`);
    const rate = page.locator('.of-statistics-total[data-rate]:visible');
    await rate.waitFor();
    // The simulated vehicles are online today: the week's mean rate is above zero.
    await page.waitForFunction("Number(document.querySelector('.of-statistics-total[data-rate]')?.getAttribute('data-rate')) > 0", undefined, { timeout: 30_000 });
    // The week's daily rate, and today's vehicles online in 5-minute slots.
    expect(await page.locator('.highcharts-container:visible').count()).toBe(2);
    await page.waitForFunction("Number(document.querySelector('.of-online-trend')?.getAttribute('data-slots')) === 288");
    await shot('online-statistics');
    await page.goto(`${platform.baseUrl}/monitor/mileageStatistics`);
    await page.locator('.of-statistics-period select:visible').selectOption('month');
    await page.locator('.of-statistics-query:visible').click();
    await page.waitForFunction("document.querySelectorAll('.bp6-table-cell').length > 0");
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.of-statistics-export:visible').click()]);
    expect(download.suggestedFilename()).toBe('mileageStatistics.xlsx');
    const path = await download.path();
    expect(readFileSync(path!).subarray(0, 2).toString()).toBe('PK');
    await shot('mileage-statistics');
    // The same report as an offline download task: the header's drawer shows it finish, then hands out the file.
    await page.locator('.of-statistics-offline:visible').click();
    await page.locator('.of-download-tasks').click();
    const finished = page.locator('.of-download-drawer .of-export-task[data-status="1"]').first();
    await finished.waitFor({ timeout: 30_000 });
    await shot('download-tasks');
    const [taskFile] = await Promise.all([page.waitForEvent('download'), finished.locator('button').first().click()]);
    expect(readFileSync((await taskFile.path())!).subarray(0, 2).toString()).toBe('PK');
    await page.waitForSelector('.of-download-drawer .of-export-task[data-download="2"]', { timeout: 20_000 });
    await page.keyboard.press('Escape');
    await page.goto(`${platform.baseUrl}/monitor/vehicleOperation`);
    await page.locator('.of-statistics-group select:visible').selectOption('day');
    await page.locator('.of-statistics-query:visible').click();
    // Seven days for each of the three simulated vehicles; today's rows show the simulated driving.
    await page.waitForFunction("/\\d/.test(document.querySelector('.of-statistics-total')?.textContent ?? '')");
    await shot('vehicle-operation');
  });

  it('lists the simulated drivers\' card insertions and decodes their CAN frames through a signal added on canData', async () => {
    await page.goto(`${platform.baseUrl}/monitor/driverIdentity`);
    // The simulated terminals insert a driver card (0x0702) when they come online (English since the language switch).
    await page.waitForFunction("Array.from(document.querySelectorAll('.bp6-table-cell')).some((cell) => cell.textContent === 'Card inserted')", undefined, { timeout: 30_000 });
    await shot('driver-identity');
    await page.goto(`${platform.baseUrl}/monitor/canData`);
    await (await firstVehicle(page)).click();
    // CAN frames (0x0705) every tenth report while the engine runs.
    await page.waitForFunction("Array.from(document.querySelectorAll('.bp6-table-cell')).some((cell) => cell.textContent === '0CF00400')", undefined, { timeout: 40_000 });
    await page.locator('.bp6-tab:visible', { hasText: 'Signal table' }).click();
    await page.locator('.of-can-main button:visible', { hasText: 'Add' }).click();
    for (const [field, value] of [['name', 'engine speed'], ['busId', '0CF00400'], ['startBit', '24'], ['bitLength', '16'], ['factor', '0.125'], ['offset', '0'], ['unit', 'rpm']]) {
      await page.fill(`#field-${field}`, value);
    }
    await saveDialog(page);
    await page.locator('.bp6-tab:visible', { hasText: 'CAN frames' }).click();
    await page.waitForFunction("Array.from(document.querySelectorAll('.bp6-table-cell')).some((cell) => /^engine speed \\d+(\\.\\d+)? rpm$/.test(cell.textContent ?? ''))", undefined, { timeout: 20_000 });
    await shot('can-frames');
    await page.locator('.bp6-tab:visible', { hasText: 'Curves' }).click();
    await page.waitForFunction("Number(document.querySelector('.of-can-curves')?.getAttribute('data-points')) > 0", undefined, { timeout: 20_000 });
    await shot('can-curves');
    // The same signal as a curve of history playback, placed at the track points of its times.
    await page.goto(`${platform.baseUrl}/monitor/historyTrack`);
    await (await firstVehicle(page)).click();
    await setTrackWindow(page);
    await page.locator('.of-track-submit:visible').click();
    await page.waitForSelector('.of-history-map[data-state="ready"]');
    await page.locator('.of-history-can select:visible').selectOption({ label: 'engine speed' });
    await page.waitForFunction("Number(document.querySelector('.of-history .of-track-charts')?.getAttribute('data-extra')) > 0", undefined, { timeout: 20_000 });
    await shot('history-can');
    // The queried track as an offline download task, finished in the header's list.
    await page.locator('.of-track-export:visible').click();
    await page.locator('.of-download-tasks').click();
    const track = page.locator('.of-download-drawer .of-export-task[data-status="1"]', { hasText: /历史轨迹|track/ }).first();
    await track.waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');
  });

  it('scores the simulated vehicles on drivingBehavior and their carded drivers on driverRating', async () => {
    await page.goto(`${platform.baseUrl}/monitor/drivingBehavior`);
    await page.waitForFunction("Array.from(document.querySelectorAll('.bp6-table-cell')).filter((cell) => /^京A1000\\d$/.test(cell.textContent ?? '')).length === 3", undefined, { timeout: 20_000 });
    await shot('driving-behavior');
    await page.goto(`${platform.baseUrl}/monitor/driverRating`);
    // Each simulated terminal inserted its driver's card (司机000 ...) when it came online.
    await page.waitForFunction("Array.from(document.querySelectorAll('.bp6-table-cell')).some((cell) => /^司机00\\d$/.test(cell.textContent ?? ''))", undefined, { timeout: 20_000 });
    await shot('driver-rating');
  });

  it('lists the sent orders on controlInstruction and the queried parameters on terminalProM', async () => {
    await page.goto(`${platform.baseUrl}/monitor/controlInstruction`);
    const table = page.locator('.bp6-table-container:visible').first();
    await table.waitFor();
    await page.locator('.bp6-table-cell:visible', { hasText: '0x8801' }).first().waitFor({ timeout: 15_000 });
    for (const message of ['0x8300', '0x8104']) expect(await page.locator('.bp6-table-cell:visible', { hasText: message }).count()).toBeGreaterThan(0);
    expect(await page.locator('.of-order-status-1:visible').count()).toBeGreaterThanOrEqual(3);
    // The console is in English since the previous step.
    expect(await page.locator('.of-order-status-1:visible').first().innerText()).toBe('Success');
    await shot('instruction-log');
    // The time filters are the house date-time pickers: "Now" as the start leaves none of the orders
    // sent so far; cleared, they are all back.
    const from = page.locator('.of-order-from input');
    expect(await from.getAttribute('placeholder')).toBe('YYYY-MM-DD HH:mm:ss');
    await page.locator('.of-order-from .of-datetime-open').click();
    const calendar = page.locator('.of-datetime-calendar:visible');
    await calendar.locator('.of-datetime-now').click();
    expect(await from.inputValue()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await page.locator('.of-table-empty:visible').waitFor({ timeout: 15_000 });
    expect(await page.locator('.bp6-table-cell:visible', { hasText: '0x8801' }).count()).toBe(0);
    await shot('instruction-log-from-now');
    if (!(await calendar.isVisible())) await page.locator('.of-order-from .of-datetime-open').click();
    await calendar.locator('.of-datetime-clear').click();
    expect(await from.inputValue()).toBe('');
    await page.locator('.bp6-table-cell:visible', { hasText: '0x8801' }).first().waitFor({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    // The text order's detail: what it was sent with, labelled as its form labels it (issue 28), no JSON.
    await page.locator('.bp6-table-cell:visible', { hasText: '0x8300' }).first().click();
    await page.locator('button:visible', { hasText: /^Detail$/ }).click();
    const detail = page.locator('.bp6-dialog:visible');
    await detail.locator('.of-order-view').waitFor();
    const sent = detail.locator('.of-order-params-sent');
    expect(await sent.locator('h4').innerText()).toBe('Parameters sent');
    const sentValue = (name: string) => sent.locator('.of-param-row', { has: page.locator('dt', { hasText: new RegExp(`^${name.replace(/[()]/g, '\\$&')}$`) }) }).locator('dd');
    expect(await sentValue('Text').innerText()).toBe('前方施工，请减速慢行');
    expect(await sentValue('Read aloud (TTS)').innerText()).toBe('Yes');
    expect(await sentValue('Emergency').innerText()).toBe('No');
    expect(await detail.innerText()).not.toMatch(/[{}]/);
    await shot('instruction-log-detail');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });

    await page.goto(`${platform.baseUrl}/index/terminalProM`);
    const select = page.locator('.of-terminal-params select');
    await select.waitFor();
    await page.waitForFunction("document.querySelectorAll('.of-terminal-params select option').length > 1");
    await select.selectOption({ index: 1 });
    const row = page.locator('.of-params-table tr[data-param="0x0029"]');
    await row.waitFor();
    // The value the simulator reported to the parameter query sent from the dialog.
    expect(await row.locator('td').nth(3).innerText()).toMatch(/^\d+$/);
    expect(await row.locator('td').nth(1).innerText()).toBe('Default report interval (s)');
    await row.locator('input').fill('15');
    expect(await page.locator('.of-param-changed').count()).toBe(1);
    await shot('instruction-terminal-params');
  });

  it('lets a role that holds only singleCar follow a vehicle without being signed out', async () => {
    // Provisioned through the API as an administrator would: a role with the single-vehicle screen only.
    const api = async (path: string, token: string | null, body?: object) => {
      const response = await fetch(`${platform.baseUrl}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const envelope = (await response.json()) as { flag: boolean; data: { id?: number; access_token?: string; companyId?: number } & Record<string, unknown> };
      if (!envelope.flag) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
      return envelope.data;
    };
    const admin = (await api('/login', null, { username: 'admin', password: ADMIN_PASSWORD })).access_token!;
    const me = await api('/basic/user/getCurrentUserInfo', admin);
    const companyId = Number(me.companyId ?? (me.user as { companyId?: number } | undefined)?.companyId);
    const role = await api('/basic/role', admin, { name: 'singleCarOnly', companyId, roleType: 3, actionCodes: ['singleCar'] });
    await api('/basic/user', admin, { account: 'singlecar', name: 'Single Car', password: 'Single1234', userType: 1, companyId, roleIds: [Number(role.id ?? role)] });
    const narrow = await context.browser()?.newContext() ?? (await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'openfleet-chromium-narrow-')), { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ARGS, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' }));
    await narrow.route(/autonavi\.com|openstreetmap\.org/, (route) => route.abort());
    const second = narrow.pages()[0] ?? (await narrow.newPage());
    try {
      await second.goto(`${platform.baseUrl}/login`);
      await second.fill('#auth-username', 'singlecar');
      await second.fill('#auth-password', 'Single1234');
      await second.locator('button[type=submit]').click();
      await second.waitForSelector('.of-side-menu');
      // Its menu has the one screen: sign-in lands there.
      await second.waitForURL(/\/monitor\/singleCar$/);
      const vehicle = await firstVehicle(second);
      await vehicle.click();
      const panel = second.locator('.of-info-panel[data-vehicle]');
      await panel.waitFor();
      expect(await panel.innerText()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
      await pause(3000);
      expect(second.url()).toMatch(/\/monitor\/singleCar$/);
      expect(await second.locator('#auth-username').count()).toBe(0);
      await second.screenshot({ path: join(shots, 'monitor-single-car-role.png') });
    } finally {
      await narrow.close();
    }
  });

  it('had no uncaught page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
