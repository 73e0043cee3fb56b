// Issue 30's bus lines in real Chromium against the real standalone server. A line of four stops
// 1 km apart (east along 30° N, back west) is created through the API with two buses, then two
// JT/T 808 terminals this test drives report a scripted morning: bus 1 from stop 1 to stop 4,
// bus 2 three minutes and twenty seconds behind, half-way from stop 2 to stop 3 at the end. The
// busLineMonitor strip shows both buses where they are, bus 2 bunched (200 s behind, planned 600 s)
// with its next arrivals, and today's arrivals export; busLine lists the line and draws it on the map.
// Screenshots: .infra/screenshots/bus-line-*.png.
import { TestTerminal } from '@openfleet/gateway-808/testing';
import type { BusLineStrip, BusStop } from '@openfleet/contracts';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { browserErrors, openProfile, type Profile } from './browser';
import { startMonitorPlatform, type MonitorPlatform } from './monitor-platform';
import { cell, shot, shots, signIn } from './steps';
import { connectTerminal } from './provision';

const PASSWORD = 'E2eBusLine2026';
const BUSES = [
  { plate: '浙A00031', phone: '13500000031', code: 'BLE2E31' },
  { plate: '浙A00032', phone: '13500000032', code: 'BLE2E32' },
];
const M_PER_DEG_LNG = Math.cos((30 * Math.PI) / 180) * ((Math.PI / 180) * 6_371_008.8);
const east = (metres: number) => 120 + metres / M_PER_DEG_LNG;
const NAMES = ['东站', '文化宫', '市政府', '西湖'];
const UP: BusStop[] = NAMES.map((name, i) => ({ stopId: `U${i + 1}`, name, longitude: east(i * 1000), latitude: 30, radiusM: 40 }));
const DOWN: BusStop[] = [...UP].reverse().map((stop, i) => ({ ...stop, stopId: `D${i + 1}` }));
const dataDir = mkdtempSync(join(tmpdir(), 'openfleet-bus-line-e2e-'));

let platform: MonitorPlatform;
let profile: Profile;
let page: Page;
let token = '';
let lineId = 0;
const vehicleIds: string[] = [];
const terminals: TestTerminal[] = [];
const refusedCalls: string[] = [];
const snap = (name: string) => shot(page, `bus-line-${name}`);

async function call<T>(path: string, body?: object, method = body ? 'POST' : 'GET'): Promise<{ flag: boolean; errorCode: number; data: T }> {
  const response = await fetch(`${platform.baseUrl}${path}`, { method, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: body ? JSON.stringify(body) : undefined });
  return (await response.json()) as { flag: boolean; errorCode: number; data: T };
}

async function api<T>(path: string, body?: object, method?: string): Promise<T> {
  const envelope = await call<T>(path, body, method);
  if (!envelope.flag) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** Positions every 10 s: 30 s at each stop, 100 s to the next (10 m/s), from `fromS`; cut at `untilM` metres if given. */
function morning(fromS: number, untilM = 3000): [number, number][] {
  const points: [number, number][] = [];
  let s = fromS;
  for (let seq = 0; seq < 4; seq++) {
    for (let dwell = 0; dwell <= 30; dwell += 10) points.push([s + dwell, seq * 1000]);
    if (seq === 3) break;
    s += 30;
    for (let step = 1; step < 10; step++) {
      if (seq * 1000 + step * 100 > untilM) return points;
      points.push([s + step * 10, seq * 1000 + step * 100]);
    }
    s += 100;
  }
  return points;
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  platform = await startMonitorPlatform(PASSWORD, 0, { dataDir });
  token = (await api<{ access_token: string }>('/login', { username: 'admin', password: PASSWORD })).access_token;
  for (const bus of BUSES) {
    const vehicle = await api<{ id: number }>('/basic/vehicle', { plateCode: bus.plate, plateColor: 1, vehicleType: 1 });
    vehicleIds.push(String(vehicle.id));
    await api('/basic/sim-card', { number: bus.phone, operator: 1 });
    const bound = await api<{ id: number }>('/basic/terminal', { terminalCode: bus.code, terminalPhone: bus.phone, protocolVersion: '2013' });
    await api(`/basic/vehicle/${vehicle.id}/bind`, { terminalId: bound.id });
  }
  // The industry service learns the vehicles from the registry snapshot: retry until it knows them.
  const line = { code: 'K31', name: '31路', scheduledHeadwayS: 600, up: UP, down: DOWN, vehicles: vehicleIds.map((vehicleId) => ({ vehicleId, direction: 'up' })) };
  for (let attempt = 0; ; attempt++) {
    const answer = await call<{ id: number }>('/industry/busLine', line);
    if (answer.flag) {
      lineId = answer.data.id;
      break;
    }
    if (attempt > 60) throw new Error(`line refused: ${JSON.stringify(answer)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  profile = await openProfile('bus-line');
  page = profile.page;
  page.on('response', (response) => {
    if (response.status() >= 400) refusedCalls.push(`${response.request().method()} ${response.status()} ${new URL(response.url()).pathname}`);
  });
  await profile.context.route(/autonavi\.com|openstreetmap\.org/, (route) => route.abort());
}, 180_000);

afterAll(async () => {
  terminals.forEach((terminal) => terminal.close());
  await profile?.close();
  await platform?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('bus lines in Chromium', () => {
  it('shows the live strip with a bus between stops, bunched behind the one ahead, and the line on the map', async () => {
    for (const bus of BUSES) {
      terminals.push(await connectTerminal(platform.gatewayPort, `0${bus.phone}`, bus.code));
    }
    // The morning ended a minute ago (whole seconds of GNSS time).
    const t0 = Math.floor(Date.now() / 1000) - 480;
    const drive = async (terminal: TestTerminal, points: [number, number][]) => {
      for (const [s, metres] of points) {
        const serial = terminal.send(0x0200, { alarm: 0, status: 3, latitude: 30, longitude: east(metres), altitude: 5, speed: 36, direction: 90, time: new Date((t0 + s) * 1000), extras: [] });
        await terminal.expectAck(serial);
      }
    };
    await drive(terminals[0]!, morning(0));
    await drive(terminals[1]!, morning(200, 1500));
    for (let attempt = 0; ; attempt++) {
      const strip = await api<BusLineStrip>(`/industry/busLine/${lineId}/strip`);
      if (strip.vehicles.some((v) => v.vehicleId === vehicleIds[1] && v.seq === 1 && v.bunched)) break;
      if (attempt > 60) throw new Error(`the strip never placed bus 2: ${JSON.stringify(strip)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    await signIn(page, platform.baseUrl, 'admin', PASSWORD);
    await page.goto(`${platform.baseUrl}/industry/busLineMonitor`);
    const follower = page.locator(`.of-bus-strip[data-direction="up"] .of-bus-chip[data-vehicle="${vehicleIds[1]}"]`);
    await follower.waitFor({ timeout: 20_000 });
    expect(await follower.getAttribute('class')).toContain('of-bus-bunched');
    // Half-way from stop 2 to stop 3 of four: (1 + 0.5) / 3 of the strip.
    expect(await follower.evaluate((node) => (node as unknown as { style: { left: string } }).style.left)).toBe('50%');
    const leader = page.locator(`.of-bus-chip[data-vehicle="${vehicleIds[0]}"]`);
    expect(await leader.evaluate((node) => (node as unknown as { style: { left: string } }).style.left)).toBe('100%');
    const row = page.locator(`.of-bus-vehicles tr[data-vehicle="${vehicleIds[1]}"]`);
    await expect(row.textContent()).resolves.toContain('市政府');
    await expect(row.textContent()).resolves.toContain('串车');
    await snap('monitor');
    const [exported] = await Promise.all([page.waitForEvent('download'), page.locator('.bp6-button:visible', { hasText: '导出今日到离站记录' }).click()]);
    expect(exported.suggestedFilename()).toBe('busStopEvents.xlsx');

    await page.goto(`${platform.baseUrl}/industry/busLine`);
    await cell(page, 'K31').waitFor({ timeout: 20_000 });
    expect(await cell(page, '东站 → 西湖').count()).toBe(1);
    await snap('list');
    await cell(page, 'K31').first().click();
    await page.locator('.bp6-button:visible', { hasText: '地图查看' }).click();
    await page.locator('.of-bus-line-map canvas').first().waitFor({ timeout: 20_000 });
    await page.waitForTimeout(1000);
    await snap('map');

    const errors = browserErrors.filter((error) => error.startsWith('bus-line'));
    expect({ errors, refusedCalls }).toEqual({ errors: [], refusedCalls: [] });
  }, 240_000);
});
