// JT/T 809 in real Chromium against the real standalone server: an operator adds a superior
// platform in superiorPlatformM (the superior is the simulator of libs/jt809, in this process),
// sees both links come online, and answers the platform’s duty check from its corner panel; the answer
// reaches the superior as 0x1301. Screenshots: .infra/screenshots/platform809-*.png (git-ignored).
import { SuperiorPlatformSimulator, type BusinessBody } from '@openfleet/jt809';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { browserErrors, type Profile } from './browser';
import { repoRoot, type MonitorPlatform } from './monitor-platform';
import { closeMonitorSuite, openMonitorSuite } from './monitor-suite';
import { signIn } from './steps';

const PASSWORD = 'E2ePlatform809';
const shots = join(repoRoot, '.infra/screenshots');

let platform: MonitorPlatform;
let profile: Profile;
let page: Page;
const superior = new SuperiorPlatformSimulator({ edition: '2019', accounts: [{ userId: 7001, password: 'pw7001', accessCode: 990001 }] });
let token = '';

async function api<T>(path: string, body?: object, method = body ? 'POST' : 'GET'): Promise<T> {
  const response = await fetch(`${platform.baseUrl}${path}`, { method, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const envelope = (await response.json()) as { flag: boolean; data: T };
  if (!envelope.flag) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

const shot = (name: string) => page.screenshot({ path: join(shots, `platform809-${name}.png`) });

beforeAll(async () => {
  await superior.listen();
  ({ platform, profile, page } = await openMonitorSuite('platform809', PASSWORD, 0));
  token = (await api<{ access_token: string }>('/login', { username: 'admin', password: PASSWORD })).access_token;
  await api('/basic/vehicle', { plateCode: '京F80901', plateColor: 2, vehicleType: 1 });
}, 120_000);

afterAll(async () => {
  await closeMonitorSuite({ profile, platform });
  await superior.close();
});

describe('console JT/T 809 (standalone server + a superior platform over TCP)', () => {
  it('adds a superior platform whose links come online', async () => {
    await signIn(page, platform.baseUrl, 'admin', PASSWORD);
    await page.goto(`${platform.baseUrl}/index/superiorPlatformM`);
    await page.locator('button:visible', { hasText: '新增' }).first().click();
    const dialog = page.locator('.bp6-dialog');
    const fill = async (label: string, value: string) => dialog.locator('.bp6-form-group', { hasText: label }).locator('input').first().fill(value);
    await fill('平台名称', '省级监管平台');
    await fill('主链路IP', '127.0.0.1');
    await fill('主链路端口', String(superior.port));
    await fill('从链路IP', '127.0.0.1');
    await fill('从链路端口', String(platform.slavePort809));
    await fill('用户ID', '7001');
    await fill('密码', 'pw7001');
    await fill('唯一接入码', '990001');
    await dialog.locator('button[type=submit]').click();
    await page.waitForSelector('.bp6-dialog', { state: 'detached' });
    await superior.waitFor(() => superior.mainUp && superior.slaveUp, 'both links', 20_000);
    await page.waitForFunction("[...document.querySelectorAll('[data-testid^=link-]')].some((el) => (el.textContent || '').split('已连接').length === 3)", undefined, { timeout: 20_000 });
    await shot('platforms');
  }, 90_000);

  it('answers a duty check from the popup, and the superior receives 0x1301', async () => {
    superior.dutyCheck(4242, '请报告当前值班人员', 10, '990001');
    const question = page.locator('[data-testid=duty-check-question]');
    await question.waitFor({ timeout: 30_000 });
    expect(await question.textContent()).toContain('请报告当前值班人员');
    await page.locator('[data-testid=duty-check-panel] .bp6-form-group', { hasText: '应答人' }).locator('input').fill('李四');
    await page.fill('[data-testid=duty-check-answer]', '李四在岗值班');
    await shot('duty-check');
    await page.click('[data-testid=duty-check-reply]');
    const answer = await superior.waitFor(() => superior.messages(0x1300, 0x1301)[0], '0x1301', 15_000);
    expect((answer.body as BusinessBody).data).toMatchObject({ infoContent: '李四在岗值班', responder: '李四', sourceDataType: 0x9301 });
    await page.waitForSelector('[data-testid=duty-check-question]', { state: 'detached' });
  }, 60_000);

  it('logs the answered check, answers a supervision and files a vehicle', async () => {
    superior.supervise('京F80901', 2, 77, Math.floor(Date.now() / 1000) + 1800);
    await page.goto(`${platform.baseUrl}/index/platform`);
    await page.click('.bp6-tab:has-text("查岗记录")');
    await page.waitForSelector('[data-testid=duty-check-log] td:has-text("已应答")');
    // The inspection log screen: the same check with its answer, filtered by reply status, exported.
    await page.goto(`${platform.baseUrl}/monitor/inspectionLog`);
    await page.locator('.bp6-table-cell:visible', { hasText: '请报告当前值班人员' }).first().waitFor({ timeout: 20_000 });
    await page.locator('.of-inspection-status select:visible').selectOption('2');
    await page.locator('.of-statistics-query:visible').click();
    await page.locator('.bp6-table-cell:visible', { hasText: '请报告当前值班人员' }).first().waitFor({ state: 'detached', timeout: 20_000 });
    await page.locator('.of-inspection-status select:visible').selectOption('1');
    await page.locator('.of-statistics-query:visible').click();
    await page.locator('.bp6-table-cell:visible', { hasText: '请报告当前值班人员' }).first().waitFor({ timeout: 20_000 });
    const [sheet] = await Promise.all([page.waitForEvent('download'), page.locator('.of-statistics-export:visible').click()]);
    expect(sheet.suggestedFilename()).toBe('inspectionLog.xlsx');
    await shot('inspection-log');
    await page.goto(`${platform.baseUrl}/index/platform`);
    await page.click('.bp6-tab:has-text("报警督办")');
    await page.locator('[data-testid=supervision-log] button', { hasText: '应答' }).first().click({ timeout: 20_000 });
    const answer = await superior.waitFor(() => superior.messages(0x1400, 0x1401)[0], '0x1401', 15_000);
    expect((answer.body as BusinessBody).data).toEqual({ supervisionId: 77, result: 1 });
    await page.waitForSelector('[data-testid=supervision-log] td:has-text("已应答")');
    await shot('supervision');

    const [upper] = await api<{ id: number; companyId: string }[]>('/platform809/platforms');
    await api(`/platform809/platforms/${upper.id}/targets`, { targets: [{ kind: 'company', refId: upper.companyId }] }, 'PUT');
    await page.goto(`${platform.baseUrl}/monitor/nationalPlatformFiling`);
    await page.locator('.bp6-table-cell:visible', { hasText: '京F80901' }).first().click({ timeout: 20_000 });
    await page.click('[data-testid=filing-file]');
    const registration = await superior.waitFor(() => superior.messages(0x1200, 0x1201)[0], '0x1201', 15_000);
    expect((registration.body as BusinessBody).vehicleNo).toBe('京F80901');
    await page.waitForSelector('.bp6-table-cell:visible:has-text("已备案")');
    await shot('filing');
    expect(browserErrors.filter((error) => error.includes('pageerror'))).toEqual([]);
  }, 90_000);
});
