// Issue 30's big screen in real Chromium against the real standalone server. Two vehicles, one in
// the administrator's company and one in company Beta, report through JT/T 808 terminals this test
// drives: Beta's vehicle drives 12.5 km in Shanghai and raises an emergency alarm (bit 0); the other
// drives in Beijing with an overspeed (bit 1). A Beta user whose role grants only bigDataShow opens
// /monitor/bigDataShow: the wall shows Beta's figures only (1 vehicle, online, 12.5 km, one alarm,
// its plate on the ticker, Shanghai on the map), never the other company's.
// Screenshot: .infra/screenshots/big-screen-beta.png.
import { TestTerminal } from '@openfleet/gateway-808/testing';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { browserErrors, openProfile, type Profile } from './browser';
import { startMonitorPlatform, type MonitorPlatform } from './monitor-platform';
import { shot, shots, signIn } from './steps';
import { apiCaller, connectTerminal } from './provision';

const PASSWORD = 'E2eBigScreen2026';
const USER_PASSWORD = 'BetaWall2026';
const vehicles = [
  { plate: '沪B0DSH1', phone: '13500000041', code: 'BSE2E41', beta: true, latitude: 31.23, longitude: 121.47, alarm: 1 << 0 },
  { plate: '京A0DSH2', phone: '13500000042', code: 'BSE2E42', beta: false, latitude: 39.9, longitude: 116.4, alarm: 1 << 1 },
];

let platform: MonitorPlatform;
let profile: Profile;
let page: Page;
let token = '';
const terminals: TestTerminal[] = [];

const api = apiCaller(() => platform.baseUrl, () => token);

const connect = (phone: string, code: string): Promise<TestTerminal> => connectTerminal(platform.gatewayPort, phone, code);

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  platform = await startMonitorPlatform(PASSWORD, 0);
  token = (await api<{ access_token: string }>('/login', { username: 'admin', password: PASSWORD })).access_token;
  const beta = await api<{ id: number }>('/basic/company', { name: 'Beta' });
  for (const vehicle of vehicles) {
    const created = await api<{ id: number }>('/basic/vehicle', { plateCode: vehicle.plate, plateColor: 2, vehicleType: 1, ...(vehicle.beta ? { companyId: beta.id } : {}) });
    await api('/basic/sim-card', { number: vehicle.phone, operator: 1, ...(vehicle.beta ? { companyId: beta.id } : {}) });
    const terminal = await api<{ id: number }>('/basic/terminal', { terminalCode: vehicle.code, terminalPhone: vehicle.phone, protocolVersion: '2013', ...(vehicle.beta ? { companyId: beta.id } : {}) });
    await api(`/basic/vehicle/${created.id}/bind`, { terminalId: terminal.id });
  }
  const role = await api<{ id: number }>('/basic/role', { name: 'betaWall', roleType: 1, companyId: beta.id, actionCodes: ['bigDataShow'] });
  await api('/basic/user', { account: 'beta_wall', name: 'Beta Wall', password: USER_PASSWORD, userType: 3, companyId: beta.id, roleIds: [role.id] });
  profile = await openProfile('big-screen');
  page = profile.page;
  await page.setViewportSize({ width: 1920, height: 1080 });
}, 180_000);

afterAll(async () => {
  terminals.forEach((terminal) => terminal.close());
  await profile?.close();
  await platform?.stop();
});

describe('big screen in Chromium', () => {
  it('shows a company user the figures of its own company only', async () => {
    await signIn(page, platform.baseUrl, 'beta_wall', USER_PASSWORD);
    await page.goto(`${platform.baseUrl}/monitor/bigDataShow`);
    await page.locator('[data-testid=big-screen][data-at]').waitFor();
    for (const vehicle of vehicles) {
      const terminal = await connect(vehicle.phone, vehicle.code);
      terminals.push(terminal);
      // Two reports 125 hm apart on the odometer, the second with the alarm bit.
      for (const [step, alarm] of [[0, 0], [1, vehicle.alarm]] as const) {
        const serial = terminal.send(0x0200, {
          alarm, status: 3, latitude: vehicle.latitude, longitude: vehicle.longitude, altitude: 5, speed: 40, direction: 0,
          time: new Date(Date.now() - (1 - step) * 10_000), extras: [{ id: 0x01, kind: 'mileageKm', value: 1000 + step * 12.5 }],
        });
        await terminal.expectAck(serial);
      }
    }
    const kpi = (name: string) => page.locator(`[data-testid=kpi-${name}] .of-bs-kpi-value`);
    await page.waitForSelector('.of-bs-ticker-item', { timeout: 30_000 });
    await expect(kpi('total').innerText()).resolves.toBe('1');
    await page.waitForFunction("document.querySelector('[data-testid=kpi-mileage] .of-bs-kpi-value')?.textContent?.startsWith('12.5')", undefined, { timeout: 20_000 });
    await expect(kpi('online').innerText()).resolves.toBe('1');
    await expect(kpi('moving').innerText()).resolves.toBe('1');
    await expect(kpi('alarms').innerText()).resolves.toBe('1');
    const ticker = await page.locator('.of-bs-ticker').innerText();
    expect(ticker).toContain(vehicles[0].plate);
    expect(ticker).toContain('紧急报警');
    expect(ticker).not.toContain(vehicles[1].plate);
    // The map marks one province (Shanghai), and the top list names Beta.
    await page.locator('.of-province-map[data-provinces="1"] canvas').first().waitFor({ timeout: 20_000 });
    await expect(page.locator('.of-bs-right .of-bs-bars').first().innerText()).resolves.toContain('Beta');
    await shot(page, 'big-screen-beta');
    expect(browserErrors).toEqual([]);
  }, 180_000);
});
