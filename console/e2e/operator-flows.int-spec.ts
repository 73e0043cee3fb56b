// Issue 28's operator flows in real Chromium against the real standalone server, with a JT/T 808
// terminal of our own and a JT/T 809 superior (libs/jt809 simulator) in this process:
// - alarm handling keeps the selection on the alarm when the list refreshes under it, the dialog
//   names the alarm it closes and refuses to submit before a result is chosen, 处理人 shows a name;
// - alarm toasts: a burst is one toast, bottom right, counted; the bell switch mutes them;
// - the duty check is a corner card that leaves the page usable, with its deadline in China time,
//   and says so when the answer cannot go out (link down); the platform form pre-fills the real
//   slave-link port;
// - 系统日志 migrations, the appVersion page name and file inputs in the operator's words.
// Screenshots: .infra/screenshots/operator-*.png (git-ignored).
import { formatChinaTime } from '@openfleet/contracts';
import { TestTerminal } from '@openfleet/gateway-808/testing';
import { SuperiorPlatformSimulator } from '@openfleet/jt809';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { browserErrors, openProfile, type Profile } from './browser';
import { startMonitorPlatform, type MonitorPlatform } from './monitor-platform';
import { cell, shot, shots, signIn } from './steps';

const PASSWORD = 'E2eOperator2026';
const PLATE = '京A02828';
const PHONE = '13500000228';

let platform: MonitorPlatform;
let profile: Profile;
let page: Page;
let token = '';
let terminal: TestTerminal | undefined;
const superior = new SuperiorPlatformSimulator({ edition: '2019', accounts: [{ userId: 7101, password: 'pw7101', accessCode: 990101 }] });
const snap = (name: string) => shot(page, `operator-${name}`);

async function api<T>(path: string, body?: object, method = body ? 'POST' : 'GET'): Promise<T> {
  const response = await fetch(`${platform.baseUrl}${path}`, { method, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const envelope = (await response.json()) as { flag: boolean; data: T };
  if (!envelope.flag) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

interface AlarmRow {
  id: string;
  type: string;
  handleStatus: number;
  handleResult: number;
}

const alarms = async () => (await api<{ records: AlarmRow[] }>(`/gps/alarm/page?current=1&size=50&startTime=${encodeURIComponent(formatChinaTime(Date.now() - 86_400_000))}&endTime=${encodeURIComponent(formatChinaTime(Date.now() + 3_600_000))}`)).records;

// Positions not newer than the last one change nothing (GPS time has whole seconds): each report
// is a second after the previous one, and never older than 30 s (alarms older than 5 min do not toast).
let gpsAt = 0;

/** A position with the given 0x0200 alarm bits. */
async function report(alarm: number): Promise<void> {
  gpsAt = Math.max(gpsAt + 1000, Math.floor((Date.now() - 30_000) / 1000) * 1000);
  await terminal!.expectAck(terminal!.send(0x0200, { alarm, status: 3, latitude: 39.9087, longitude: 116.3975, altitude: 10, speed: 30, direction: 90, time: new Date(gpsAt), extras: [] }));
}

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  await superior.listen();
  platform = await startMonitorPlatform(PASSWORD, 0);
  token = (await api<{ access_token: string }>('/login', { username: 'admin', password: PASSWORD })).access_token;
  const vehicle = await api<{ id: number }>('/basic/vehicle', { plateCode: PLATE, plateColor: 2, vehicleType: 1 });
  await api('/basic/sim-card', { number: PHONE, operator: 1 });
  const bound = await api<{ id: number }>('/basic/terminal', { terminalCode: 'OPE2E28', terminalPhone: PHONE, protocolVersion: '2013' });
  await api(`/basic/vehicle/${vehicle.id}/bind`, { terminalId: bound.id });
  for (let attempt = 0; attempt < 40 && !terminal; attempt++) {
    const candidate = await TestTerminal.open(platform.gatewayPort, `0${PHONE}`, '2013');
    try {
      await candidate.login('OPE2E28');
      terminal = candidate;
    } catch {
      candidate.close();
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  if (!terminal) throw new Error('the terminal could not log in');
  profile = await openProfile('operator-flows');
  page = profile.page;
  await profile.context.route(/autonavi\.com|openstreetmap\.org/, (route) => route.abort());
  await signIn(page, platform.baseUrl, 'admin', PASSWORD);
}, 300_000);

afterAll(async () => {
  terminal?.close();
  await profile?.close();
  await platform?.stop();
  await superior.close();
});

describe('operator flows (issue 28)', () => {
  it('handles the alarm the operator selected, even after the list refreshed under it, and names it', async () => {
    // Overspeed, then an emergency: two alarms, the emergency on top.
    await report(1 << 1);
    await report(0);
    await report(1);
    await report(0);
    await waitUntil(async () => (await alarms()).length >= 2, 'two alarms', 60_000);
    const me = await api<{ name: string }>('/basic/user/getCurrentUserInfo');
    await page.goto(`${platform.baseUrl}/monitor/alarmHandle`);
    await cell(page, '超速报警').first().waitFor({ timeout: 30_000 });
    await cell(page, '超速报警').first().click();
    // A new alarm arrives; the list polls (10 s) and every row moves down by one.
    await report(1 << 2);
    await report(0);
    await cell(page, '疲劳驾驶').first().waitFor({ timeout: 30_000 });
    await page.locator('button:visible', { hasText: /^处理$/ }).click();
    const dialog = page.locator('.of-alarm-handle-dialog');
    await dialog.waitFor();
    const named = await dialog.locator('.of-alarm-handle-targets tr').allInnerTexts();
    expect(named).toHaveLength(1);
    expect(named[0]).toContain(PLATE);
    expect(named[0]).toContain('超速报警');
    expect(named[0]).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    const confirm = dialog.locator('button', { hasText: '确定' });
    expect(await confirm.isDisabled()).toBe(true);
    expect(await dialog.locator('#of-alarm-handle-result').inputValue()).toBe('');
    await snap('alarm-dialog');
    await dialog.locator('#of-alarm-handle-result').selectOption('18');
    await confirm.click();
    await dialog.waitFor({ state: 'detached' });
    const rows = await alarms();
    const overspeed = rows.find((row) => row.type === 'overspeed');
    expect(overspeed).toMatchObject({ handleStatus: 1, handleResult: 18 });
    expect(rows.filter((row) => row.type !== 'overspeed').every((row) => row.handleStatus === 0)).toBe(true);
    // 处理人 by name, not the user id.
    await cell(page, '司机已纠正').first().waitFor({ timeout: 20_000 });
    await page.locator('.of-operator-name:visible', { hasText: me.name }).first().waitFor({ timeout: 20_000 });
    await snap('alarm-handled');
  }, 180_000);

  it('filters alarmHandle by its date-time pickers: now leaves no alarm, a day back brings them again', async () => {
    await page.goto(`${platform.baseUrl}/monitor/alarmHandle`);
    await cell(page, '超速报警').first().waitFor({ timeout: 30_000 });
    const from = page.locator('.of-alarm-from input');
    expect(await from.inputValue()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The start picker opens its calendar; 此刻 sets the start after every alarm so far.
    const open = page.locator('.of-alarm-from .of-datetime-open');
    await open.click();
    const calendar = page.locator('.of-datetime-calendar:visible');
    await calendar.waitFor();
    await calendar.locator('.of-datetime-now').click();
    const now = await from.inputValue();
    expect(now).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(Math.abs(Date.parse(`${now.replace(' ', 'T')}+08:00`) - Date.now())).toBeLessThan(60_000);
    await page.locator('.of-table-empty:visible', { hasText: '暂无数据' }).waitFor({ timeout: 15_000 });
    expect(await cell(page, '超速报警').count()).toBe(0);
    // A day back (the calendar keeps the time of day): the alarms are listed again.
    const dayBefore = formatChinaTime(Date.now() - 86_400_000).slice(0, 10);
    if (!(await calendar.isVisible())) await open.click();
    if (!(await calendar.locator(`[data-date="${dayBefore}"]`).count())) await calendar.locator('button[aria-label="上个月"]').click();
    await calendar.locator(`[data-date="${dayBefore}"]`).click();
    expect(await from.inputValue()).toBe(`${dayBefore} ${now.slice(11)}`);
    await cell(page, '超速报警').first().waitFor({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    await snap('alarm-date-filter');
    expect(browserErrors.filter((e) => e.includes('pageerror'))).toEqual([]);
  }, 60_000);

  it('folds a burst of alarms into one toast at the bottom right, and the bell mutes them', async () => {
    for (let i = 0; i < 3; i++) {
      await report(1);
      await report(0);
    }
    const toast = page.locator('.of-alarm-toaster .bp6-toast');
    await toast.filter({ hasText: '条新报警' }).first().waitFor({ timeout: 20_000 });
    expect(await toast.count()).toBe(1);
    expect(await toast.first().innerText()).toMatch(/\d+ 条新报警，最新：京A02828 紧急报警/);
    const box = await toast.first().boundingBox();
    const viewport = page.viewportSize()!;
    expect(box!.x + box!.width).toBeGreaterThan(viewport.width * 0.75);
    expect(box!.y).toBeGreaterThan(viewport.height * 0.5);
    await snap('alarm-toast');
    await page.locator('.of-alarm-toast-switch').click();
    expect(await page.evaluate("localStorage.getItem('alarmToastsMuted')")).toBe('1');
    await toast.first().waitFor({ state: 'detached', timeout: 20_000 });
    await report(1);
    await report(0);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await toast.count()).toBe(0);
  }, 90_000);

  it('shows the duty check in a corner card that leaves the page usable, and says when the answer cannot go out', async () => {
    await page.goto(`${platform.baseUrl}/index/superiorPlatformM`);
    await page.locator('button:visible', { hasText: '新增' }).first().click();
    const form = page.locator('.bp6-dialog');
    const slavePort = form.locator('.bp6-form-group', { hasText: '从链路端口' }).locator('input').first();
    await waitUntil(async () => (await slavePort.inputValue()) !== '', 'the slave port pre-filled', 10_000);
    expect(await slavePort.inputValue()).toBe(String(platform.slavePort809));
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });

    await api('/platform809/platforms', { name: '省级监管平台', edition: '2019', mainIp: '127.0.0.1', mainPort: superior.port, slaveIp: '127.0.0.1', slavePort: platform.slavePort809, userId: 7101, password: 'pw7101', accessCode: 990101, platformCode: '12345678901', encrypt: false, keepAliveS: 30 });
    await superior.waitFor(() => superior.mainUp && superior.slaveUp, 'both links', 30_000);
    // The forwarder logged in on both links (a check sent earlier could land before it is ready).
    await waitUntil(async () => (await api<{ main: string; slave: string }[]>('/platform809/platforms/status')).some((s) => s.main === 'online' && s.slave === 'online'), 'the links online', 30_000);
    superior.dutyCheck(5151, '请报告值班人员', 10, '990101');
    const panel = page.locator('[data-testid=duty-check-panel]');
    await panel.waitFor({ timeout: 45_000 });
    // Not modal: no backdrop, and the page's own buttons still take clicks.
    expect(await page.locator('.bp6-overlay-backdrop:visible').count()).toBe(0);
    await page.locator('.of-search-bar button[type=submit]:visible').click({ timeout: 5000 });
    const [check] = await api<{ deadlineAt: number }[]>('/platform809/duty-checks?status=0');
    expect(await page.locator('[data-testid=duty-check-deadline]').innerText()).toContain(formatChinaTime(check.deadlineAt));
    await snap('duty-check-panel');

    await superior.goDown();
    await waitUntil(async () => (await api<{ main: string }[]>('/platform809/platforms/status')).every((s) => s.main !== 'online'), 'the main link down');
    await page.fill('[data-testid=duty-check-answer]', '值班员在岗');
    await page.click('[data-testid=duty-check-reply]');
    const error = page.locator('[data-testid=duty-check-error]');
    await error.waitFor({ timeout: 15_000 });
    expect(await error.innerText()).toContain('链路未连接');
    expect(await panel.isVisible()).toBe(true);
    await snap('duty-check-refused');
  }, 120_000);

  it('says migrations, app versions and file buttons in words', async () => {
    await page.goto(`${platform.baseUrl}/system/systemLog`);
    await cell(page, '数据库升级').first().waitFor({ timeout: 20_000 });
    expect(await cell(page, 'CreateAdminTables1732250000000').count()).toBe(0);
    await page.goto(`${platform.baseUrl}/system/appVersion`);
    await page.locator('.of-app-upload:visible').click({ timeout: 20_000 });
    expect(await page.locator('.bp6-dialog .bp6-file-upload-input').getAttribute('bp6-button-text')).toBe('选择文件');
    await page.keyboard.press('Escape');
    expect(await page.locator('.of-tags-view, .of-side-menu').first().innerText()).not.toContain('appVersion');
    expect(browserErrors.filter((e) => e.startsWith('operator-flows') && e.includes('pageerror'))).toEqual([]);
  }, 90_000);
});
