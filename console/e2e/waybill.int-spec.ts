// Issue 30's electronic waybills in real Chromium against the real standalone server. A dispatcher
// creates a waybill in the dialog (vehicle, driver, parties, dangerous goods, origin and destination
// with radii, planned times); a JT/T 808 terminal this test drives leaves the origin and enters the
// destination, and the list shows 在途 then 已到达 with the times; the waybill goes to the terminal
// as a 0x8300 text (read back from the frame) and the terminal's answer shows as 成功; a 0x0701 the
// terminal reports is listed with its GBK text. Screenshots: .infra/screenshots/waybill-*.png.
import { TestTerminal } from '@openfleet/gateway-808/testing';
import { formatChinaTime } from '@openfleet/contracts';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { browserErrors, openProfile, type Profile } from './browser';
import { startMonitorPlatform, type MonitorPlatform } from './monitor-platform';
import { cell, saveDialog, selectRow, shot, shots, signIn } from './steps';
import { connectTerminal } from './provision';

const PASSWORD = 'E2eWaybill2026';
const PLATE = '津D00031';
const PHONE = '13500000031';
const MIN = 60_000;
const dataDir = mkdtempSync(join(tmpdir(), 'openfleet-waybill-e2e-'));
// 运单号:YD9;货物:钢材 in GBK (运 D4CB 单 B5A5 号 BAC5 货 BBF5 物 CEEF 钢 B8D6 材 B2C4).
const UPLOAD_HEX = 'd4cbb5a5bac53a5944393bbbf5ceef3ab8d6b2c4';

let platform: MonitorPlatform;
let profile: Profile;
let page: Page;
let token = '';
let vehicleId = '';
let terminal: TestTerminal | undefined;
const refusedCalls: string[] = [];
const snap = (name: string) => shot(page, `waybill-${name}`);

async function api<T>(path: string, body?: object, method = body ? 'POST' : 'GET'): Promise<T> {
  const response = await fetch(`${platform.baseUrl}${path}`, { method, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const envelope = (await response.json()) as { flag: boolean; data: T };
  if (!envelope.flag) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  platform = await startMonitorPlatform(PASSWORD, 0, { dataDir });
  token = (await api<{ access_token: string }>('/login', { username: 'admin', password: PASSWORD })).access_token;
  const vehicle = await api<{ id: number }>('/basic/vehicle', { plateCode: PLATE, plateColor: 2, vehicleType: 1 });
  vehicleId = String(vehicle.id);
  await api('/basic/sim-card', { number: PHONE, operator: 1 });
  const bound = await api<{ id: number }>('/basic/terminal', { terminalCode: 'WBE2E31', terminalPhone: PHONE, protocolVersion: '2013' });
  await api(`/basic/vehicle/${vehicle.id}/bind`, { terminalId: bound.id });
  await api('/basic/driver', { name: '李师傅', licenceNo: 'LIC000031' });
  profile = await openProfile('waybill');
  page = profile.page;
  page.on('response', (response) => {
    if (response.status() >= 400) refusedCalls.push(`${response.request().method()} ${response.status()} ${new URL(response.url()).pathname}`);
  });
  await profile.context.route(/autonavi\.com|openstreetmap\.org/, (route) => route.abort());
  terminal = await connectTerminal(platform.gatewayPort, `0${PHONE}`, 'WBE2E31');
}, 180_000);

afterAll(async () => {
  terminal?.close();
  await profile?.close();
  await platform?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** One located report at `atMs` (GNSS time), on the 117.2 meridian. */
async function report(atMs: number, latitude: number): Promise<void> {
  const serial = terminal!.send(0x0200, { alarm: 0, status: 3, latitude, longitude: 117.2, altitude: 5, speed: 50, direction: 0, time: new Date(atMs), extras: [] });
  await terminal!.expectAck(serial);
}

describe('electronic waybills in Chromium', () => {
  it('creates a waybill, follows it from the origin to the destination, sends it to the terminal, lists a 0x0701', async () => {
    const now = Math.floor(Date.now() / MIN) * MIN;
    await signIn(page, platform.baseUrl, 'admin', PASSWORD);
    await page.goto(`${platform.baseUrl}/monitor/waybill`);
    await page.locator('button', { hasText: '新增' }).click();
    const dialog = page.locator('.bp6-dialog');
    // The dialog's vehicles come from the monitor's tree, which learns a new vehicle with the next snapshot.
    await dialog.locator(`#field-vehicleId option[value="${vehicleId}"]`).waitFor({ state: 'attached', timeout: 30_000 });
    await dialog.locator('#field-vehicleId').selectOption(vehicleId);
    await dialog.locator('#field-driverId').selectOption({ label: '李师傅' });
    const fill = async (name: string, value: string) => dialog.locator(`#field-${name}`).fill(value);
    await fill('shipper', '天津化工');
    await fill('consignee', '北京燃气');
    await fill('goods', '液化石油气');
    await dialog.locator('#field-dangerousClass').selectOption('2');
    await fill('originName', '天津南站货场');
    await fill('originLng', '117.2');
    await fill('originLat', '39.1');
    await fill('originRadiusM', '300');
    await fill('destinationName', '北京东郊站');
    await fill('destinationLng', '117.2');
    await fill('destinationLat', '39.2');
    await fill('destinationRadiusM', '300');
    const picker = (ms: number) => formatChinaTime(ms).replace(' ', 'T');
    await fill('plannedDepartAt', picker(now - 20 * MIN));
    await fill('plannedArriveAt', picker(now + 60 * MIN));
    // Past the dialog's opening transition.
    await page.waitForTimeout(400);
    await snap('dialog');
    await saveDialog(page);
    await cell(page, '液化石油气').waitFor({ timeout: 20_000 });
    expect(await cell(page, '待发车').count()).toBe(1);
    expect(await cell(page, '第2类 气体').count()).toBe(1);

    // At the origin, then 2.2 km north of it: departed.
    await report(now - 15 * MIN, 39.1005);
    await report(now - 12 * MIN, 39.12);
    await cell(page, '在途').waitFor({ timeout: 30_000 });
    expect(await cell(page, formatChinaTime(now - 12 * MIN).slice(5, 16)).count()).toBe(1);
    await snap('on-the-way');
    await report(now - 3 * MIN, 39.199);
    await cell(page, '已到达').waitFor({ timeout: 30_000 });
    expect(await cell(page, formatChinaTime(now - 3 * MIN).slice(5, 16)).count()).toBe(1);

    await selectRow(page, '液化石油气');
    await page.locator('button.of-waybill-send').click();
    const text = await terminal!.expect((m) => m.msgId === 0x8300, 20_000);
    expect((text.body as { text: string }).text).toContain('天津化工->北京燃气 液化石油气 危险品第2类');
    terminal!.send(0x0001, { replySerial: text.serial, replyId: 0x8300, result: 0 });
    await cell(page, '成功').waitFor({ timeout: 30_000 });
    await snap('arrived-sent');

    const upload = terminal!.send(0x0701, { content: UPLOAD_HEX });
    await terminal!.expectAck(upload);
    await page.locator('.bp6-tab', { hasText: '终端上报电子运单' }).click();
    await cell(page, '运单号:YD9;货物:钢材').waitFor({ timeout: 40_000 });
    expect(await cell(page, PLATE).count()).toBe(1);
    await page.locator('button[aria-label="详情"]').first().click();
    await page.locator('.of-waybill-fields', { hasText: '钢材' }).waitFor();
    await page.waitForTimeout(400);
    await snap('uploads');

    const errors = browserErrors.filter((error) => error.startsWith('waybill'));
    expect({ errors, refusedCalls }).toEqual({ errors: [], refusedCalls: [] });
  }, 300_000);
});
