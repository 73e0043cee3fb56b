// OTA in real Chromium against the real standalone server and a simulated JT/T 808 terminal
// (provisioned through the API, strict registration): an operator uploads a package in otaUpdata,
// checks the vehicle in the tree, sends it; the terminal takes the 0x8108 (subpackaged), answers
// and reports 0x0108; the progress dialog and otaUpgradeLog show it upgraded.
// Screenshots: .infra/screenshots/ota-*.png.
import type { Page } from 'playwright-core';
import { browserErrors, type Profile } from './browser';
import type { MonitorPlatform } from './monitor-platform';
import { closeMonitorSuite, openMonitorSuite } from './monitor-suite';
import { shot, signIn } from './steps';

const PASSWORD = 'E2eOta2026';

let platform: MonitorPlatform;
let profile: Profile;
let page: Page;

beforeAll(async () => {
  ({ platform, profile, page } = await openMonitorSuite('ota', PASSWORD, 1));
}, 120_000);

afterAll(() => closeMonitorSuite({ profile, platform }));

describe('console OTA (standalone server + a simulated JT/T 808 terminal)', () => {
  it('uploads a package, sends it to a checked vehicle and shows it upgraded', async () => {
    await signIn(page, platform.baseUrl, 'admin', PASSWORD);
    await page.goto(`${platform.baseUrl}/monitor/otaUpdata`);
    await page.locator('button:visible', { hasText: '上传升级包' }).click();
    const dialog = page.locator('.bp6-dialog');
    await dialog.locator('[data-testid=ota-file]').setInputFiles({ name: 'tbox-2.1.0.bin', mimeType: 'application/octet-stream', buffer: Buffer.from(Array.from({ length: 4000 }, (_, i) => i % 251)) });
    const group = (label: string) => dialog.locator('.bp6-form-group', { hasText: label }).locator('input').first();
    await group('升级包名称').fill('T-BOX 固件');
    await group('版本号').fill('V2.1.0');
    await group('制造商ID').fill('OF001');
    await dialog.locator('button', { hasText: '确定' }).click();
    await page.waitForSelector('.bp6-dialog', { state: 'detached' });
    await page.locator('.bp6-table-cell:visible', { hasText: 'T-BOX 固件' }).first().click();
    await page.locator('button:visible', { hasText: '下发升级' }).click();
    const send = page.locator('.bp6-dialog');
    // The simulated vehicle, in the tree of the send dialog (its company may start folded).
    const vehicle = send.locator('.of-tree-row[data-key^="v"]').first();
    const company = send.locator('.of-tree-row[data-key^="c"]').first();
    await company.waitFor({ timeout: 30_000 });
    for (let attempt = 0; attempt < 10 && !(await vehicle.isVisible()); attempt++) {
      await company.locator('.of-tree-name').click();
      await vehicle.waitFor({ timeout: 2_000 }).catch(() => undefined);
    }
    await vehicle.waitFor({ timeout: 10_000 });
    // The tree re-renders as the vehicle's live state arrives: click until the dialog counts it.
    const counted = send.locator('.bp6-dialog-footer', { hasText: '已选 1 辆' });
    for (let attempt = 0; attempt < 10 && !(await counted.isVisible()); attempt++) {
      await vehicle.locator('.of-tree-check').click();
      await counted.waitFor({ timeout: 1_000 }).catch(() => undefined);
    }
    await counted.waitFor({ timeout: 5_000 });
    await shot(page, 'ota-send');
    await send.locator('button', { hasText: '下发升级' }).click();
    await page.waitForSelector('.bp6-dialog', { state: 'detached' });
    await page.locator('button:visible', { hasText: '升级进度' }).click();
    const progress = page.locator('[data-testid=ota-progress]');
    await progress.waitFor();
    // The simulator answers the last packet and reports 0x0108 about 2 s later; the dialog refreshes itself.
    await page.waitForFunction("(document.querySelector('[data-testid=ota-progress]')?.textContent ?? '').includes('升级成功')", undefined, { timeout: 30_000 });
    expect(await progress.textContent()).toContain('已完成 1 / 1');
    await shot(page, 'ota-progress');
    await page.keyboard.press('Escape');
    await page.goto(`${platform.baseUrl}/monitor/otaUpgradeLog`);
    await page.locator('.bp6-table-cell:visible', { hasText: '升级成功' }).first().waitFor({ timeout: 10_000 });
    expect(browserErrors).toEqual([]);
  }, 120_000);
});
