// Issue 29 in real Chromium against the real standalone server: the vehicle-service's records,
// reminders and fuel ledger as an operator meets them. A policy that expires in 7 days is added in
// the insurance screen (with its PDF attached) and a service recorded; after a restart (the reminder
// sweep runs at start and daily) the header's insurance badge rises and the reminder is listed.
// Then a JT/T 808 terminal this test drives reports a scripted fuel level (0x0200 extra 0x02): a
// refuel while stopped and a drop while parked, which the fuel events, the fuel report (and its
// offline download) and the fuel curve (▲ and ▼ drawn in the multiCar info panel and under history
// playback, whose fence events load too) show. Last, the tank calibration editor refuses a point
// above the tank (3002) in words. Screenshots: .infra/screenshots/vehicle-service-*.png.
import { TestTerminal } from '@openfleet/gateway-808/testing';
import { chinaDate, type FuelCurve } from '@openfleet/contracts';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { browserErrors, openProfile, type Profile } from './browser';
import { startMonitorPlatform, type MonitorPlatform } from './monitor-platform';
import { awaitChinaDayRoom, cell, saveDialog, setTrackWindow, shot, shots, signIn, treeVehicle } from './steps';
import { connectTerminal } from './provision';

const PASSWORD = 'E2eVehicleService2026';
const PLATE = '京F00029';
const DAY_MS = 86_400_000;
const dataDir = mkdtempSync(join(tmpdir(), 'openfleet-vehicle-service-e2e-'));

let platform: MonitorPlatform;
let profile: Profile;
let page: Page;
let token = '';
let vehicleId = '';
let terminal: TestTerminal | undefined;
/** API answers the browser saw refused (method, status, path), for the last check's message. */
const refusedCalls: string[] = [];
const snap = (name: string) => shot(page, `vehicle-service-${name}`);

async function api<T>(path: string, body?: object, method = body ? 'POST' : 'GET'): Promise<T> {
  const response = await fetch(`${platform.baseUrl}${path}`, { method, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const envelope = (await response.json()) as { flag: boolean; data: T };
  if (!envelope.flag) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

async function start(): Promise<void> {
  platform = await startMonitorPlatform(PASSWORD, 0, { dataDir });
  token = (await api<{ access_token: string }>('/login', { username: 'admin', password: PASSWORD })).access_token;
}

/** Opens a dialog field's select once the option is there (the vehicle tree follows the registry snapshot). */
async function pickVehicle(): Promise<void> {
  for (let attempt = 0; attempt < 6; attempt++) {
    await page.locator('.bp6-button:visible', { hasText: '新增' }).first().click();
    const option = page.locator('#field-vehicleId option', { hasText: PLATE });
    if (await option.waitFor({ state: 'attached', timeout: 5_000 }).then(() => true, () => false)) {
      await page.selectOption('#field-vehicleId', { label: PLATE });
      return;
    }
    await page.reload();
  }
  throw new Error(`${PLATE} never reached the vehicle select`);
}

/**
 * The fuel curve's ▲ (refuel, green) and ▼ (theft, red) as drawn in the chart's SVG: one each, the
 * refuel left of and above the theft (it settled at 120 L, the theft at 80 L, minutes later).
 */
async function expectDrawnMarkers(curve: Locator): Promise<{ refuel: { x: number; y: number } }> {
  const drawn = (series: number) =>
    curve.locator(`.highcharts-markers.highcharts-series-${series} path.highcharts-point`).evaluateAll((paths) =>
      paths.map((path) => {
        const box = path.getBoundingClientRect();
        return { x: box.x + box.width / 2, y: box.y + box.height / 2, fill: path.getAttribute('fill') };
      }),
    );
  const [refuels, thefts] = [await drawn(1), await drawn(2)];
  expect({ refuels: refuels.map((marker) => marker.fill), thefts: thefts.map((marker) => marker.fill) }).toEqual({ refuels: ['#238551'], thefts: ['#cd4246'] });
  const [refuel, theft] = [refuels[0]!, thefts[0]!];
  expect(refuel.x).toBeLessThan(theft.x);
  expect(refuel.y).toBeLessThan(theft.y);
  expect(await curve.locator('.highcharts-legend-item text').allTextContents()).toEqual(['加油', '疑似偷漏油']);
  return { refuel };
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  await start();
  const vehicle = await api<{ id: number }>('/basic/vehicle', { plateCode: PLATE, plateColor: 2, vehicleType: 1 });
  vehicleId = String(vehicle.id);
  await api('/basic/sim-card', { number: '13500000029', operator: 1 });
  const bound = await api<{ id: number }>('/basic/terminal', { terminalCode: 'VSE2E29', terminalPhone: '13500000029', protocolVersion: '2013' });
  await api(`/basic/vehicle/${vehicle.id}/bind`, { terminalId: bound.id });
  profile = await openProfile('vehicle-service');
  page = profile.page;
  page.on('response', (response) => {
    if (response.status() >= 400) refusedCalls.push(`${response.request().method()} ${response.status()} ${new URL(response.url()).pathname}`);
  });
  await profile.context.route(/autonavi\.com|openstreetmap\.org/, (route) => route.abort());
}, 120_000);

afterAll(async () => {
  terminal?.close();
  await profile?.close();
  await platform?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('console vehicle services (standalone server)', () => {
  const today = chinaDate(Date.now());
  const inDays = (days: number) => chinaDate(Date.now() + days * DAY_MS);

  it('adds a policy that expires in 7 days, with its PDF attached', async () => {
    await signIn(page, platform.baseUrl, 'admin', PASSWORD);
    await page.goto(`${platform.baseUrl}/vehicleService/insuranceManage`);
    await page.locator('.of-table-empty:visible', { hasText: '暂无数据' }).waitFor();
    await pickVehicle();
    await page.fill('#field-policyNo', 'PDAA2026-0029');
    await page.selectOption('#field-insuranceType', '1');
    await page.fill('#field-insurer', '中国人保');
    await page.fill('#field-premium', '950');
    await page.fill('#field-startDate', inDays(-358));
    await page.fill('#field-endDate', inDays(7));
    await snap('insurance-dialog');
    await saveDialog(page);
    await cell(page, 'PDAA2026-0029').waitFor();
    expect(await cell(page, '生效中').count()).toBe(1);

    await cell(page, 'PDAA2026-0029').first().click();
    await page.locator('.bp6-button:visible', { hasText: '附件' }).first().click();
    await page.setInputFiles('[data-testid="insuranceManage-attachment-file"]', { name: '保单.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') });
    await page.locator('.of-vs-attachments tr[data-attachment="保单.pdf"]').waitFor();
    await snap('insurance-attachment');
    // Opened behind the session token: the bytes come back as uploaded, in a new tab.
    const [opened] = await Promise.all([profile.context.waitForEvent('page'), page.locator('.of-vs-attachments .bp6-button', { hasText: '打开' }).click()]);
    expect(opened.url()).toMatch(/^blob:/);
    await opened.close();
    await page.keyboard.press('Escape');
    await cell(page, 'PDAA2026-0029').waitFor();
    // The attachment count column says 1.
    await page.waitForFunction("Array.from(document.querySelectorAll('.bp6-table-cell')).some((c) => c.textContent === '1')");
    await snap('insurance');
  });

  it('records a service, and names the record before deleting', async () => {
    await page.goto(`${platform.baseUrl}/vehicleService/maintenanceManage`);
    await pickVehicle();
    await page.fill('#field-serviceDate', today);
    await page.fill('#field-odometerKm', '12000');
    await page.fill('#field-fee', '860.5');
    await page.fill('#field-servicedBy', '北京顺达汽修厂');
    await page.fill('#field-nextServiceKm', '12000');
    await page.locator('.bp6-dialog button[type=submit]').click();
    // The next service must come after this one: refused in the dialog, nothing sent.
    await page.locator('.bp6-form-helper-text', { hasText: '下次保养里程应大于本次保养里程' }).waitFor();
    await page.fill('#field-nextServiceKm', '27000');
    await page.fill('#field-nextServiceDate', inDays(180));
    await saveDialog(page);
    await cell(page, '北京顺达汽修厂').waitFor();
    expect(await cell(page, '860.50').count()).toBe(1);
    await cell(page, '北京顺达汽修厂').first().click();
    await page.locator('.bp6-button:visible', { hasText: '删除' }).first().click();
    await page.locator('.of-vs-delete-names li', { hasText: `${PLATE} ${today}` }).waitFor();
    await snap('maintenance-delete');
    await page.locator('.bp6-alert .bp6-button', { hasText: '取消' }).click();
    await snap('maintenance');
  });

  it('after a restart (the sweep at start), raises the insurance badge and lists the reminder', async () => {
    // The page leaves first: its polls and socket would be refused while no server listens.
    await page.goto('about:blank');
    await platform.stop();
    await start();
    await signIn(page, platform.baseUrl, 'admin', PASSWORD);
    await page.locator('.of-reminder-badge-insurance .of-badge[data-count="1"]').waitFor({ timeout: 30_000 });
    await page.locator('.of-reminder-badge-insurance').click();
    await page.waitForURL(/\/vehicleService\/reminderList/);
    await cell(page, PLATE).waitFor({ timeout: 15_000 });
    expect(await cell(page, inDays(7)).count()).toBeGreaterThan(0);
    await snap('reminders');
  });

  it('lists a refuel and a theft of a terminal-reported level in the fuel events and the fuel report', async () => {
    // The fuel pages open on today: the reports (from about 10 min ago) and this test and the next
    // (a few minutes) stay within one China day, waiting past midnight when CI runs near it.
    await awaitChinaDayRoom(600, 600);
    terminal = await connectTerminal(platform.gatewayPort, '013500000029', 'VSE2E29');
    // A level every 5 s of GNSS time, standing: 50 L, refuelled to 120 L, siphoned to 80 L with ACC off.
    const levels = [...Array<number>(20).fill(50), ...Array<number>(36).fill(120), ...Array<number>(36).fill(80)];
    let at = Math.floor(Date.now() / 1000) - levels.length * 5 - 60;
    for (const [index, litres] of levels.entries()) {
      at += 5;
      const accOn = index < 56;
      const serial = terminal!.send(0x0200, { alarm: 0, status: (accOn ? 1 : 0) | 2, latitude: 39.9, longitude: 116.4, altitude: 40, speed: 0, direction: 0, time: new Date(at * 1000), extras: [{ id: 0x02, kind: 'fuelL', value: litres }] });
      await terminal!.expectAck(serial);
    }

    await page.goto(`${platform.baseUrl}/vehicleService/fuelEvents`);
    await cell(page, '加油').waitFor({ timeout: 15_000 });
    expect(await cell(page, '疑似偷漏油').count()).toBe(1);
    expect(await cell(page, '70.0').count()).toBeGreaterThan(0);
    expect(await cell(page, '40.0').count()).toBeGreaterThan(0);
    await snap('fuel-events');

    await page.goto(`${platform.baseUrl}/vehicleService/fuelReport`);
    await cell(page, PLATE).waitFor({ timeout: 15_000 });
    expect(await cell(page, '70.0').count()).toBeGreaterThan(0);
    expect(await cell(page, '40.0').count()).toBeGreaterThan(0);
    await snap('fuel-report');

    // The same report as an offline download: the task finishes in the vehicle-service and its sheet downloads.
    await page.locator('.of-fuel-offline:visible').click();
    await page.locator('.of-fuel-export-tasks tr[data-status="1"]').waitFor({ timeout: 30_000 });
    await snap('fuel-export-tasks');
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.of-fuel-export-tasks .bp6-button', { hasText: '下载' }).first().click()]);
    expect(download.suggestedFilename()).toMatch(/^fuelReport-\d+\.xlsx$/);
    await page.keyboard.press('Escape');
  }, 1_500_000);

  it('draws the refuel and the theft on the fuel curve of the multiCar info panel', async () => {
    await page.goto(`${platform.baseUrl}/monitor/multiCar`);
    await (await treeVehicle(page, PLATE)).click();
    const panel = page.locator('.of-info-panel[data-vehicle]');
    await panel.locator('.bp6-tab', { hasText: '油量曲线' }).click();
    // The ledger's curve of today (not the tracking fallback): its stored points, one ▲ and one ▼.
    const curve = panel.locator('.of-fuel-curve[data-refuels="1"][data-thefts="1"]');
    await curve.waitFor({ timeout: 20_000 });
    const day = chinaDate(Date.now());
    const ledger = await api<FuelCurve>(`/vehicleService/fuel/curve?${new URLSearchParams({ vehicleId, startTime: `${day} 00:00:00`, endTime: `${day} 23:59:59` })}`);
    expect(ledger.events.map((event) => event.kind)).toEqual(['refuel', 'theft']);
    expect(await curve.getAttribute('data-points')).toBe(String(ledger.points.length));
    await expectDrawnMarkers(curve);
    await snap('fuel-curve-multicar');
  });

  it("draws the played window's fuel curve beside history playback", async () => {
    await page.goto(`${platform.baseUrl}/monitor/historyTrack`);
    await (await treeVehicle(page, PLATE)).click();
    await setTrackWindow(page);
    // The fence entries and exits on the track come with the query: accepted now that `_t` is dropped.
    const [fenceEvents] = await Promise.all([page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/gps/fence/events')), page.locator('.of-track-submit:visible').click()]);
    expect(fenceEvents.status()).toBe(200);
    await page.waitForSelector('.of-history-map[data-state="ready"]', { timeout: 30_000 });
    await page.locator('.of-history-fuel-toggle').click();
    const curve = page.locator('.of-history-charts .of-fuel-curve[data-refuels="1"][data-thefts="1"]');
    await curve.waitFor({ timeout: 20_000 });
    const { refuel } = await expectDrawnMarkers(curve);
    // The playback position (stopped: the window's first report) is a line left of the refuel.
    // (A vertical path has an empty box, which Playwright calls hidden: attached is what it can wait for.)
    const cursor = curve.locator('.highcharts-plot-line');
    await cursor.waitFor({ state: 'attached' });
    expect(await cursor.evaluate((line) => line.getBoundingClientRect().x)).toBeLessThan(refuel.x);
    await snap('fuel-curve-history');
  });

  it('refuses a calibration point above the tank in words (3002)', async () => {
    await api('/basic/fuel-tank', { name: '主油箱', capacity: 300, height: 600 });
    await page.goto(`${platform.baseUrl}/index/fuelTank`);
    await cell(page, '主油箱').first().click();
    await page.locator('.of-calibration-open').click();
    for (const [level, height, litres] of [['0', '0', '0'], ['1', '300', '150'], ['2', '650', '320']]) {
      await page.locator('.bp6-button', { hasText: '新增标定点' }).click();
      const row = page.locator('.of-calibration-table tbody tr').last();
      await row.locator('input').nth(0).fill(level);
      await row.locator('input').nth(1).fill(height);
      await row.locator('input').nth(2).fill(litres);
    }
    await page.locator('.of-calibration-save').click();
    await page.locator('.of-calibration-refusal', { hasText: '标定值超过油箱最大容量' }).waitFor();
    expect(await page.locator('.of-calibration-refusal').innerText()).toContain('650 mm');
    await snap('calibration-refused');
    await page.locator('.of-calibration-table tbody tr').last().locator('input').nth(1).fill('590');
    await page.locator('.of-calibration-table tbody tr').last().locator('input').nth(2).fill('295');
    await page.locator('.of-calibration-save').click();
    await page.locator('.of-calibration-chart[data-points="3"]').waitFor();
    expect(await api<unknown[]>(`/basic/fuel-tank/${(await api<{ records: { id: number; name: string }[] }>('/basic/fuel-tank')).records.find((tank) => tank.name === '主油箱')!.id}/calibration`)).toHaveLength(3);
    await snap('calibration');
  });

  it('imports an operating relation sheet on directVehicle: the good row listed, the bad one reported', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('直属车辆');
    sheet.addRow(['车牌号', '经营关系', '业户/车主', '合同开始', '合同结束']);
    sheet.addRow([PLATE, '挂靠', '导入车主', inDays(-30), inDays(300)]);
    sheet.addRow(['京Z99999', '直营', '', '', '']);
    await page.goto(`${platform.baseUrl}/index/directVehicle`);
    await page.locator('.of-table-empty:visible', { hasText: '暂无数据' }).waitFor();
    await page.setInputFiles('[data-testid="directVehicle-import-file"]', { name: '直属车辆.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(await book.xlsx.writeBuffer()) });
    await page.locator('[data-testid="directVehicle-import-count"]', { hasText: '成功导入 1 行' }).waitFor();
    const failed = page.locator('.bp6-dialog .of-row-errors tbody tr');
    expect(await failed.allInnerTexts()).toEqual([expect.stringMatching(/^3\s+8002: 车辆不存在 \(京Z99999\)$/)]);
    await snap('direct-vehicle-import');
    await page.keyboard.press('Escape');
    await cell(page, '导入车主').waitFor();
    expect(await cell(page, '挂靠').count()).toBe(1);
  });

  it('raised no browser errors', () => {
    const errors = browserErrors.filter((error) => error.startsWith('vehicle-service'));
    expect({ errors, refusedCalls }).toEqual({ errors: [], refusedCalls: [] });
  });
});
