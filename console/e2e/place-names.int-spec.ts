// Issue 30's place names in real Chromium against the real standalone server: a JT/T 808 terminal
// this test drives reports a scripted trip in Guangzhou (east from Canton Tower through Haizhu with
// the emergency bit for two reports, a ten-minute stop with ACC off, then north across the Pearl
// River into Tianhe). The alarm list and the alarm's detail, history playback's trips and the
// multiCar info panel name the places, computed on the server from the bundled boundaries.
// Screenshots: .infra/screenshots/place-*.png.
import { TestTerminal } from '@openfleet/gateway-808/testing';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { browserErrors, openProfile, type Profile } from './browser';
import { startMonitorPlatform, type MonitorPlatform } from './monitor-platform';
import { cell, setTrackWindow, shot, shots, signIn, treeVehicle } from './steps';
import { apiCaller, connectTerminal } from './provision';

const PASSWORD = 'E2ePlaceNames2026';
const PLATE = '粤A00030';
const PHONE = '13500000130';
const MIN = 60_000;
const HAIZHU = '广东省广州市海珠区';
const TIANHE = '广东省广州市天河区';
const dataDir = mkdtempSync(join(tmpdir(), 'openfleet-place-e2e-'));

let platform: MonitorPlatform;
let profile: Profile;
let page: Page;
let token = '';
let terminal: TestTerminal | undefined;
let vehicleId = 0;
const snap = (name: string) => shot(page, `place-${name}`);

const api = apiCaller(() => platform.baseUrl, () => token);

/** The server builds its place index in a worker from start: until it is ready, answers carry no place. */
async function untilPlacesNamed(): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt++) {
    const latest = await api<{ place?: string }[]>(`/gps/position/findLatestPositions?vehicleIds=${vehicleId}`);
    if (latest[0]?.place) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server named no place within a minute');
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  platform = await startMonitorPlatform(PASSWORD, 0, { dataDir });
  token = (await api<{ access_token: string }>('/login', { username: 'admin', password: PASSWORD })).access_token;
  const vehicle = await api<{ id: number }>('/basic/vehicle', { plateCode: PLATE, plateColor: 2, vehicleType: 1 });
  vehicleId = vehicle.id;
  await api('/basic/sim-card', { number: PHONE, operator: 1 });
  const bound = await api<{ id: number }>('/basic/terminal', { terminalCode: 'PLE2E30', terminalPhone: PHONE, protocolVersion: '2013' });
  await api(`/basic/vehicle/${vehicle.id}/bind`, { terminalId: bound.id });
  profile = await openProfile('place-names');
  page = profile.page;
  await profile.context.route(/autonavi\.com|openstreetmap\.org/, (route) => route.abort());
}, 180_000);

afterAll(async () => {
  terminal?.close();
  await profile?.close();
  await platform?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('place names in Chromium', () => {
  it('names places in the alarm list and detail, the history trips and the info panel', async () => {
    terminal = await connectTerminal(platform.gatewayPort, `0${PHONE}`, 'PLE2E30');
    // 30 minutes ending two minutes ago, one report a minute.
    const t0 = Math.floor((Date.now() - 32 * MIN) / MIN) * MIN;
    const report = (minute: number, longitude: number, latitude: number, moving: boolean, alarm = 0) =>
      terminal!.send(0x0200, { alarm, status: (moving ? 1 : 0) | 2, latitude, longitude, altitude: 10, speed: moving ? 40 : 0, direction: 90, time: new Date(t0 + minute * MIN), extras: [] });
    for (let minute = 0; minute < 10; minute++) await terminal!.expectAck(report(minute, 113.3245 + minute * 0.001, 23.1064, true, minute === 3 || minute === 4 ? 1 : 0));
    for (let minute = 10; minute < 21; minute++) await terminal!.expectAck(report(minute, 113.3345, 23.1064, false));
    for (let minute = 21; minute <= 30; minute++) await terminal!.expectAck(report(minute, 113.3345, 23.1064 + (minute - 21) * 0.002, true));

    await untilPlacesNamed();
    await signIn(page, platform.baseUrl, 'admin', PASSWORD);
    await page.goto(`${platform.baseUrl}/monitor/alarmHandle`);
    await cell(page, HAIZHU).first().waitFor({ timeout: 30_000 });
    expect(await cell(page, PLATE).count()).toBeGreaterThan(0);
    await snap('alarm-list');
    await cell(page, HAIZHU).first().click();
    await page.locator('button', { hasText: /^详情$/ }).click();
    await page.locator('.of-alarm-detail-facts', { hasText: HAIZHU }).waitFor({ timeout: 10_000 });
    await snap('alarm-detail');
    await page.keyboard.press('Escape');

    await page.goto(`${platform.baseUrl}/monitor/historyTrack`);
    await (await treeVehicle(page, PLATE)).click();
    await setTrackWindow(page, t0 - MIN);
    await page.locator('.of-track-submit:visible').click();
    await page.waitForSelector('.of-history-map[data-state="ready"]', { timeout: 30_000 });
    await page.locator('.of-trips-table .of-trip-place', { hasText: HAIZHU }).first().waitFor({ timeout: 20_000 });
    const places = await page.locator('.of-trips-table .of-trip-place').allInnerTexts();
    expect(places.join('|')).toContain(HAIZHU);
    await snap('history');

    await page.goto(`${platform.baseUrl}/monitor/multiCar`);
    await (await treeVehicle(page, PLATE)).click();
    await page.locator('.of-info-panel[data-vehicle]', { hasText: TIANHE }).waitFor({ timeout: 30_000 });
    await snap('info-panel');

    const errors = browserErrors.filter((error) => error.startsWith('place-names') && !error.includes('Failed to load resource'));
    expect(errors).toEqual([]);
  }, 240_000);
});
