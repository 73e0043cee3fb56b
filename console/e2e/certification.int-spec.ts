// Issue 30's access certification in real Chromium against the real standalone server. An operator
// opens a one-minute JT/T 808 test for a new vehicle in the test log's dialog; a terminal this test
// drives then registers (0x0100), authenticates (0x0102) and reports positions with mileage, signal
// strength and satellite count every 10 s; the live view shows the checks turning 通过 one by one as
// the frames arrive. At the end of the minute the test is 通过 with its certificate, which the
// certificate list shows and opens as the printable page. Screenshots: .infra/screenshots/certification-*.png.
import { TestTerminal } from '@openfleet/gateway-808/testing';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { browserErrors, openProfile, type Profile } from './browser';
import { startMonitorPlatform, type MonitorPlatform } from './monitor-platform';
import { cell, saveDialog, shot, shots, signIn } from './steps';

const PASSWORD = 'E2eCertification2026';
const PLATE = '沪E00030';
const PHONE = '13500000030';
const dataDir = mkdtempSync(join(tmpdir(), 'openfleet-certification-e2e-'));

let platform: MonitorPlatform;
let profile: Profile;
let page: Page;
let token = '';
let vehicleId = '';
let terminal: TestTerminal | undefined;
const refusedCalls: string[] = [];
const snap = (name: string) => shot(page, `certification-${name}`);

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
  const bound = await api<{ id: number }>('/basic/terminal', { terminalCode: 'CTE2E30', terminalPhone: PHONE, protocolVersion: '2013' });
  await api(`/basic/vehicle/${vehicle.id}/bind`, { terminalId: bound.id });
  profile = await openProfile('certification');
  page = profile.page;
  page.on('response', (response) => {
    if (response.status() >= 400) refusedCalls.push(`${response.request().method()} ${response.status()} ${new URL(response.url()).pathname}`);
    // A refused opening says why in its envelope (an HTTP 200 with flag false).
    if (response.request().method() === 'POST' && response.url().includes('/industry/certification/')) void response.json().then((body: { flag: boolean }) => body.flag || refusedCalls.push(`POST ${JSON.stringify(body)}`), () => undefined);
  });
  await profile.context.route(/autonavi\.com|openstreetmap\.org/, (route) => route.abort());
}, 180_000);

afterAll(async () => {
  terminal?.close();
  await profile?.close();
  await platform?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Registers and authenticates (the gateway learns a new terminal's binding with the registry snapshot: retried). */
async function connectTerminal(): Promise<void> {
  for (let attempt = 0; attempt < 40 && !terminal; attempt++) {
    const candidate = await TestTerminal.open(platform.gatewayPort, `0${PHONE}`, '2013');
    try {
      await candidate.login('CTE2E30');
      terminal = candidate;
    } catch {
      candidate.close();
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** A located report with the items the default test asks for: mileage 0x01, signal 0x30, satellites 0x31. */
async function report(atMs: number): Promise<void> {
  const extras = [
    { id: 0x01, kind: 'mileageKm' as const, value: 1234.5 },
    { id: 0x30, kind: 'signalStrength' as const, value: 25 },
    { id: 0x31, kind: 'satelliteCount' as const, value: 12 },
  ];
  const serial = terminal!.send(0x0200, { alarm: 0, status: 3, latitude: 31.23, longitude: 121.47, altitude: 5, speed: 40, direction: 90, time: new Date(atMs), extras });
  await terminal!.expectAck(serial);
}

const checkRow = (code: string, status: string) => page.locator(`.of-certification-checks tr[data-check="${code}"][data-status="${status}"]:visible`);

describe('access certification in Chromium', () => {
  it('opens a test, shows its checks passing live, and certifies the vehicle at the end', async () => {
    await signIn(page, platform.baseUrl, 'admin', PASSWORD);
    await page.goto(`${platform.baseUrl}/veclCertifica/veclCertificaLog`);
    await page.locator('button', { hasText: '新增' }).click();
    const dialog = page.locator('.bp6-dialog');
    // The dialog's vehicles come from the monitor's tree, which learns a new vehicle with the next snapshot.
    await dialog.locator(`#field-vehicleId option[value="${vehicleId}"]`).waitFor({ state: 'attached', timeout: 30_000 });
    await dialog.locator('#field-vehicleId').selectOption(vehicleId);
    await dialog.locator('#field-standard').selectOption('jt808');
    await dialog.locator('#field-durationMin').fill('1');
    await snap('open');
    await saveDialog(page).catch((error: Error) => {
      throw new Error(`${error.message}; refused: ${refusedCalls.join(', ')}\n${platform.output().slice(-3000)}`);
    });
    await cell(page, '检测中').waitFor({ timeout: 20_000 });
    expect(await cell(page, PHONE).count()).toBe(1);

    await page.goto(`${platform.baseUrl}/veclCertifica/veclCertificaRealTimeLog`);
    await checkRow('registration', 'pending').waitFor({ timeout: 20_000 });
    expect(await page.locator('.of-certification-checks tr[data-status="pending"]:visible').count()).toBe(6);
    await snap('live-pending');

    await connectTerminal();
    await checkRow('authentication', 'passed').waitFor({ timeout: 20_000 });
    await checkRow('registration', 'passed').waitFor();
    expect(await checkRow('positionFields', 'pending').count()).toBe(1);
    await snap('live-registered');

    const now = Date.now();
    for (const ago of [40_000, 30_000, 20_000, 10_000]) await report(now - ago);
    for (const code of ['positionFields', 'requiredExtras', 'reportInterval', 'alarmBits']) await checkRow(code, 'passed').waitFor({ timeout: 20_000 });
    await page.locator('.of-certification-head', { hasText: '通过 6 / 不通过 0 / 共 6 项' }).waitFor();
    await snap('live-passed');

    // The minute ends; the sweep closes the test and gives it its certificate.
    await page.locator('.of-certification-head .of-certification-status-passed').waitFor({ timeout: 90_000 });
    await page.goto(`${platform.baseUrl}/veclCertifica/conformityCertfictvelcList`);
    await cell(page, PLATE).waitFor({ timeout: 40_000 });
    expect(await cell(page, 'ZS').count()).toBe(1);
    await page.locator('button[aria-label="合格证书"]').first().click();
    await page.locator('.of-certificate-sheet', { hasText: PLATE }).waitFor();
    // Past the dialog's opening transition, so the picture is the certificate and not its fade-in.
    await page.locator('.bp6-overlay-enter-done').waitFor();
    await snap('certificate');

    const errors = browserErrors.filter((error) => error.startsWith('certification'));
    expect({ errors, refusedCalls }).toEqual({ errors: [], refusedCalls: [] });
  }, 300_000);
});
