// Collision rescue in real Chromium against the real standalone server, with a JT/T 808 terminal
// over TCP that this test drives: the operator has /monitor/collisionRescue open when the terminal
// reports the collision bit (0x0200 alarm bit 29); the new case arrives live (toast and row, no
// reload). The operator opens it, sees the opening step and the place, marks it contacted, is
// stopped from a false alarm without a remark, then closes it as a false alarm with one; each step
// is in the timeline, with its operator's name (never a user id).
// Screenshots: .infra/screenshots/collision-rescue-*.png (git-ignored).
import { TestTerminal } from '@openfleet/gateway-808/testing';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { Profile } from './browser';
import { repoRoot, type MonitorPlatform } from './monitor-platform';
import { closeMonitorSuite, openMonitorSuite } from './monitor-suite';
import { liveHubConnected, signIn } from './steps';
import { apiCaller, connectTerminal } from './provision';

jest.setTimeout(180_000);

const PASSWORD = 'E2eRescue2024';
const PLATE = '京R90001';
const shots = join(repoRoot, '.infra/screenshots');

let platform: MonitorPlatform;
let browser: Profile;
let page: Page;
let terminal: TestTerminal;
let token = '';
let reportAt = Math.floor(Date.now() / 1000) - 60;
const pageErrors: string[] = [];
const shot = (name: string) => page.screenshot({ path: join(shots, `collision-rescue-${name}.png`) });

const api = apiCaller(() => platform.baseUrl, () => token);

/** One location report a second after the previous one, in Guangzhou, with the alarm DWORD given. */
async function report(alarm: number): Promise<void> {
  reportAt += 1;
  const serial = terminal.send(0x0200, { alarm, status: 0x0003, latitude: 23.1064, longitude: 113.3245, altitude: 10, speed: 48, direction: 90, time: new Date(reportAt * 1000), extras: [] });
  await terminal.expectAck(serial);
}

beforeAll(async () => {
  ({ platform, profile: browser, page } = await openMonitorSuite('rescue', PASSWORD, 0));
  page.on('pageerror', (error) => pageErrors.push(error.message));
  token = (await api<{ access_token: string }>('/login', { username: 'admin', password: PASSWORD })).access_token;
  const vehicle = await api<{ id: number }>('/basic/vehicle', { plateCode: PLATE, plateColor: 2, vehicleType: 1 });
  await api('/basic/sim-card', { number: '13700000001', operator: 1 });
  const terminalId = await api<{ id: number }>('/basic/terminal', { terminalCode: 'RSE2E01', terminalPhone: '13700000001', protocolVersion: '2013' });
  await api(`/basic/vehicle/${vehicle.id}/bind`, { terminalId: terminalId.id });
  terminal = await connectTerminal(platform.gatewayPort, '013700000001', 'RSE2E01');
  await report(0);
}, 180_000);

afterAll(async () => {
  terminal?.close();
  await closeMonitorSuite({ profile: browser, platform });
});

describe('collision rescue (standalone server + a terminal over TCP)', () => {
  it('shows a simulated collision live and takes it through the workflow with a timeline', async () => {
    await signIn(page, platform.baseUrl, 'admin', PASSWORD);
    const live = liveHubConnected(page);
    await page.goto(`${platform.baseUrl}/monitor/collisionRescue`);
    await page.locator('.of-rescue-open:visible').waitFor();
    await live;
    const row = page.locator('.bp6-table-cell:visible', { hasText: PLATE });
    expect(await row.count()).toBe(0);

    // The collision: the case arrives over the socket, without a reload.
    await report(1 << 29);
    await page.locator('.bp6-toast', { hasText: '新的碰撞救援' }).waitFor({ timeout: 30_000 });
    await row.first().waitFor({ timeout: 30_000 });
    await page.locator('.bp6-table-cell:visible .of-rescue-status-0').first().waitFor();
    await shot('live');

    await row.first().click();
    await page.locator('.of-rescue-open:visible').click();
    const dialog = page.locator('.of-rescue-detail');
    await dialog.locator('.of-rescue-timeline li[data-status="0"]').waitFor();
    expect(await dialog.locator('.of-rescue-facts').innerText()).toContain('碰撞预警');

    await dialog.locator('.of-rescue-move-1').click();
    await dialog.locator('.of-rescue-timeline li[data-status="1"]').waitFor();
    expect(await dialog.locator('[data-status]').first().getAttribute('data-status')).toBe('1');
    // The step's operator by name (the signed-in administrator), never a digit-only user id.
    const me = await api<{ name: string }>('/basic/user/getCurrentUserInfo');
    expect(me.name).not.toMatch(/^\d*$/);
    const operator = dialog.locator('.of-rescue-timeline li[data-status="1"] .of-rescue-step-operator');
    await operator.locator('.of-operator-name', { hasText: me.name }).waitFor({ timeout: 10_000 });
    expect(await operator.innerText()).toBe(`操作人：${me.name}`);
    expect(await dialog.locator('.of-rescue-timeline li[data-status="0"] .of-rescue-step-operator').innerText()).toBe('系统自动创建');

    // A false alarm needs a remark: nothing moves without one.
    await dialog.locator('.of-rescue-move-4').click();
    await page.locator('.bp6-toast', { hasText: '标记误报需填写备注' }).waitFor();
    expect(await dialog.locator('.of-rescue-timeline li').count()).toBe(2);
    await dialog.locator('#of-rescue-remark').fill('传感器误触发');
    await dialog.locator('.of-rescue-move-4').click();
    await dialog.locator('.of-rescue-timeline li[data-status="4"]', { hasText: '传感器误触发' }).waitFor();
    expect(await dialog.locator('.of-rescue-timeline .of-rescue-step-operator').allInnerTexts()).toEqual(['系统自动创建', `操作人：${me.name}`, `操作人：${me.name}`]);
    // A final status offers no further move.
    expect(await dialog.locator('.of-rescue-change').count()).toBe(0);
    await shot('timeline');
    await page.keyboard.press('Escape');
    await page.locator('.bp6-table-cell:visible .of-rescue-status-4').first().waitFor();
    expect(pageErrors).toEqual([]);
  });
});
