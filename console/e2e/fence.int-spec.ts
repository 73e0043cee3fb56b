// Fences in real Chromium against the real standalone server: draw a polygon on the map next to a
// vehicle, bind the vehicle and issue the fence to its terminal (a JT/T 808 terminal over TCP that
// this test drives), then drive it in and out and see the entry and exit events arrive live.
// The same terminal then raises alarms: a toast, handling in the list, and a DSM alarm whose photo
// the terminal uploads to the attachment server and the operator opens in the alarm's detail.
// Screenshots: .infra/screenshots/fence-*.png (git-ignored).
import { TestTerminal } from '@openfleet/gateway-808/testing';
import { encodeAttachmentData, type AttachmentUploadRequestBody } from '@openfleet/jt808';
import jpeg from 'jpeg-js';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { repoRoot, startMonitorPlatform, type MonitorPlatform } from './monitor-platform';
import { liveHubConnected, signIn } from './steps';
import { apiCaller, connectTerminal } from './provision';

const PASSWORD = 'E2eFence2024';
const shots = join(repoRoot, '.infra/screenshots');
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const HOME: [number, number] = [116.4, 39.9];

let platform: MonitorPlatform;
let context: BrowserContext;
let page: Page;
let profile: string;
let terminal: TestTerminal;
let token = '';
let reportAt = Math.floor(Date.now() / 1000) - 600;
const pageErrors: string[] = [];
const shot = (name: string) => page.screenshot({ path: join(shots, `fence-${name}.png`) });

const api = apiCaller(() => platform.baseUrl, () => token);

/** One location report, a second after the previous one, at 30 km/h. */
async function drive([lng, lat]: [number, number]): Promise<void> {
  reportAt += 1;
  const serial = terminal.send(0x0200, { alarm: 0, status: 3, latitude: lat, longitude: lng, altitude: 40, speed: 30, direction: 90, time: new Date(reportAt * 1000), extras: [] });
  await terminal.expectAck(serial);
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  platform = await startMonitorPlatform(PASSWORD, 0);
  token = (await api<{ access_token: string }>('/login', { username: 'admin', password: PASSWORD })).access_token;
  const vehicle = await api<{ id: number }>('/basic/vehicle', { plateCode: '京E00001', plateColor: 2, vehicleType: 1 });
  await api('/basic/sim-card', { number: '13500000001', operator: 1 });
  const terminalId = await api<{ id: number }>('/basic/terminal', { terminalCode: 'FEN2E01', terminalPhone: '13500000001', protocolVersion: '2013' });
  await api(`/basic/vehicle/${vehicle.id}/bind`, { terminalId: terminalId.id });
  terminal = await connectTerminal(platform.gatewayPort, '013500000001', 'FEN2E01');
  await drive(HOME);
  profile = mkdtempSync(join(tmpdir(), 'openfleet-chromium-fence-'));
  context = await chromium.launchPersistentContext(profile, { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ARGS, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await context.route(/autonavi\.com|openstreetmap\.org/, (route) => route.abort());
}, 120_000);

afterAll(async () => {
  terminal?.close();
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
  await platform?.stop();
});

describe('console fences (standalone server + a terminal over TCP)', () => {
  it('draws a polygon next to the vehicle and saves it', async () => {
    await signIn(page, platform.baseUrl, 'admin', PASSWORD);
    await page.goto(`${platform.baseUrl}/monitor/fenceManage`);
    await page.locator('.of-fence-draw button[data-kind="polygon"]').click();
    const map = (await page.locator('.of-fence-map .ol-viewport').boundingBox())!;
    // The map fits the vehicle in its middle; the fence goes 100-300 px east of it.
    await page.waitForTimeout(1500);
    const cx = map.x + map.width / 2;
    const cy = map.y + map.height / 2;
    for (const [dx, dy] of [[100, -100], [300, -100], [300, 100]]) await page.mouse.click(cx + dx, cy + dy);
    await page.mouse.dblclick(cx + 100, cy + 100);
    await page.fill('#of-fence-name', '东侧场站');
    await page.fill('#of-fence-rpm', '2500');
    await page.fill('#of-fence-rpm-duration', '10');
    await page.locator('.of-fence-form button', { hasText: '保存' }).click();
    await page.locator('.of-fence-list', { hasText: '东侧场站' }).waitFor();
    await shot('drawn');
  });

  it('binds the vehicle, issues the fence to its terminal, and shows entry and exit as it drives in and out', async () => {
    const fences = await api<{ records: { id: number; name: string; rpmLimit: number; overRpmDurationS: number; geometry: { points: [number, number][] } }[] }>('/gps/fence');
    const fence = fences.records.find((f) => f.name === '东侧场站')!;
    expect([fence.rpmLimit, fence.overRpmDurationS]).toEqual([2500, 10]);
    const points = fence.geometry.points;
    expect(points.length).toBe(4);
    // Stored in WGS-84 east of the vehicle: the vehicle is outside.
    expect(Math.min(...points.map((p) => p[0]))).toBeGreaterThan(HOME[0]);
    const inside: [number, number] = [points.reduce((s, p) => s + p[0], 0) / points.length, points.reduce((s, p) => s + p[1], 0) / points.length];

    await page.goto(`${platform.baseUrl}/monitor/fenceSend`);
    await page.locator('.of-fence-send select').selectOption({ label: '东侧场站' });
    await page.locator('.of-fence-vehicles').getByText('京E00001').click();
    await page.locator('.of-fence-send button', { hasText: '绑定所选车辆' }).click();
    await page.locator('.of-fence-issues tr[data-state="bound"]').waitFor();
    await page.locator('.of-fence-send button', { hasText: '下发到已绑定车辆' }).click();
    const issued = await terminal.expect((m) => m.msgId === 0x8604, 15_000);
    expect((issued.body as { id: number }).id).toBe(fence.id);
    terminal.send(0x0001, { replySerial: issued.serial, replyId: 0x8604, result: 0 });
    await page.locator('.of-fence-issues tr[data-state="issued"]').waitFor({ timeout: 15_000 });

    await drive(HOME);
    await drive(inside);
    await page.locator('.of-fence-events tr[data-kind="enter"]').waitFor({ timeout: 15_000 });
    await drive(inside);
    await drive(HOME);
    await page.locator('.of-fence-events tr[data-kind="exit"]').waitFor({ timeout: 15_000 });
    expect(await page.locator('.of-fence-events').innerText()).toContain('东侧场站');
    await shot('events');
  });

  it('raises alarms: a toast for the emergency bit of the terminal, the fence alarms in the list, handled there', async () => {
    const live = liveHubConnected(page);
    await page.goto(`${platform.baseUrl}/monitor/alarmHandle`);
    await page.locator('.bp6-table-cell:visible', { hasText: '进入围栏' }).first().waitFor({ timeout: 15_000 });
    await live;
    reportAt += 1;
    const serial = terminal.send(0x0200, { alarm: 1, status: 3, latitude: HOME[1], longitude: HOME[0], altitude: 40, speed: 0, direction: 0, time: new Date(), extras: [] });
    await terminal.expectAck(serial);
    await page.locator('.bp6-toast', { hasText: '紧急报警' }).waitFor({ timeout: 15_000 });
    await shot('alarm-toast');
    await page.locator('.bp6-table-cell:visible', { hasText: '紧急报警' }).first().waitFor({ timeout: 20_000 });
    await page.locator('.bp6-table-cell:visible', { hasText: '紧急报警' }).first().click();
    await page.locator('button', { hasText: /^处理$/ }).click();
    await page.locator('.of-alarm-handle-dialog').waitFor();
    // No result is preselected: the operator picks one.
    await page.locator('.of-alarm-handle-dialog #of-alarm-handle-result').selectOption({ index: 1 });
    await page.fill('#of-alarm-remark', '已电话联系司机');
    await page.locator('.of-alarm-handle-dialog button', { hasText: '确定' }).click();
    await page.locator('.of-alarm-status-1:visible').first().waitFor({ timeout: 15_000 });
    await shot('alarm-handled');
  });

  it("opens an active-safety alarm's detail with the photo its terminal uploaded", async () => {
    const bcd = new Date(Date.now() + 8 * 3_600_000).toISOString().replace(/\D/g, '').slice(2, 14);
    const identification = { terminalId: 'FEN2E01', time: bcd, serial: 7, attachmentCount: 1, reserved: 0 };
    const dsm = { alarmId: 70, flag: 0, eventType: 2, level: 2, fatigueLevel: 0, reserved: '00000000', speedKmh: 0, altitudeM: 40, latitudeE6: 39_900_000, longitudeE6: 116_400_000, time: bcd, vehicleStatus: 3, identification };
    const serial = terminal.send(0x0200, { alarm: 0, status: 3, latitude: HOME[1], longitude: HOME[0], altitude: 40, speed: 0, direction: 0, time: new Date(), extras: [{ id: 0x65, kind: 'dsm', value: dsm }] });
    await terminal.expectAck(serial);
    await page.locator('.bp6-toast', { hasText: '接打电话报警' }).waitFor({ timeout: 15_000 });
    const request = await terminal.expect((m) => m.msgId === 0x9208, 15_000);
    terminal.send(0x0001, { replySerial: request.serial, replyId: 0x9208, result: 0 });
    const body = request.body as AttachmentUploadRequestBody;
    // A 320x240 photo, uploaded the way a terminal does.
    const pixels = Buffer.alloc(320 * 240 * 4, 0x80);
    for (let i = 0; i < pixels.length; i += 4) pixels[i] = (i / 4) % 320;
    const photo = Buffer.from(jpeg.encode({ data: pixels, width: 320, height: 240 }, 80).data);
    const name = `00_65_6502_0_${body.alarmNumber}.jpg`;
    const link = await TestTerminal.open(body.tcpPort, '013500000001', '2013');
    await link.expectAck(link.send(0x1210, { terminalId: 'FEN2E01', identification, alarmNumber: body.alarmNumber, infoType: 0, files: [{ name, size: photo.length }] }));
    await link.expectAck(link.send(0x1211, { name, fileType: 0, size: photo.length }));
    link.writeRaw(encodeAttachmentData(name, 0, photo));
    link.send(0x1212, { name, fileType: 0, size: photo.length });
    expect((await link.expect((m) => m.msgId === 0x9212)).body).toMatchObject({ result: 0 });
    link.close();
    await page.reload();
    await page.locator('.bp6-table-cell:visible', { hasText: '接打电话报警' }).first().click();
    await page.locator('button', { hasText: /^详情$/ }).click();
    await page.locator('.of-alarm-detail .of-alarm-evidence-photo').waitFor({ timeout: 15_000 });
    await page.waitForFunction("(() => { const img = document.querySelector('.of-alarm-detail .of-alarm-evidence-photo'); return !!img && img.complete && img.naturalWidth === 320 && img.naturalHeight === 240; })()");
    await page.locator('.of-alarm-detail .ol-viewport').waitFor();
    await shot('alarm-evidence');
    await page.keyboard.press('Escape');
  });

  it('reports the overspeed with its top-10 chart, and the handling statistics', async () => {
    // The driver's card goes in first: the overspeed also ranks the driver (tracking's day statistics).
    const cardTime = new Date(Date.now() + 8 * 3_600_000).toISOString().replace(/[-T:]/g, '').slice(2, 14);
    await terminal.expectAck(terminal.send(0x0702, { status: 1, time: cardTime, icResult: 0, name: '王五', certificate: '320101199001011234', issuer: '南京', expiry: '20301231' }));
    // The overspeed bit set for 40 s: one alarm of 40 s.
    for (const [offset, alarm] of [[0, 2], [20, 2], [40, 0]] as const) {
      const serial = terminal.send(0x0200, { alarm, status: 3, latitude: HOME[1], longitude: HOME[0], altitude: 40, speed: 100, direction: 0, time: new Date(Date.now() + 1000 + offset * 1000), extras: [] });
      await terminal.expectAck(serial);
    }
    await page.goto(`${platform.baseUrl}/monitor/overSpeed`);
    await page.locator('.bp6-table-cell:visible', { hasText: '40 秒' }).first().waitFor({ timeout: 15_000 });
    await page.waitForFunction("(() => Number(document.querySelector('.of-report-rankings')?.getAttribute('data-vehicles')) === 1)()");
    await page.waitForSelector('.of-report-rankings .highcharts-series .highcharts-point');
    await page.waitForFunction("(() => Number(document.querySelector('.of-report-drivers')?.getAttribute('data-drivers')) === 1)()", undefined, { timeout: 15_000 });
    await shot('overspeed-report');
    await page.goto(`${platform.baseUrl}/monitor/alarmHandle`);
    await page.locator('button', { hasText: /^统计$/ }).click();
    await page.locator('.of-handling-stats-table td', { hasText: '紧急报警' }).first().waitFor({ timeout: 15_000 });
    // Stacked columns: some points are zero high; at least one per status is drawn.
    await page.waitForFunction("document.querySelectorAll('.of-handling-stats .highcharts-series .highcharts-point').length >= 4");
    await shot('alarm-statistics');
    await page.keyboard.press('Escape');
  });

  it('shows the fence on the monitoring map', async () => {
    await page.goto(`${platform.baseUrl}/monitor/multiCar`);
    await page.waitForSelector('.of-monitor-pane .ol-viewport');
    // The fence layer is on the map (its features are drawn on the vector canvas).
    await page.waitForFunction("(() => [...document.querySelectorAll('.of-monitor-pane canvas')].length > 0)()");
    await shot('monitor');
    expect(pageErrors).toEqual([]);
  });
});
