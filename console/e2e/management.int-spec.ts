// Issue 28, management complete, in real Chromium against the built standalone server:
// - 菜单管理: a page and its button added under 基础管理, a duplicate path refused with 菜单已存在 (4041),
//   a seeded page renamed (its path locked), the added page deleted with its button;
// - SIM cards edited in their dialog;
// - a terminal with versions, IP and port; a company added with its administrator (who then signs
//   in) and its logo uploaded.
// Screenshots: .infra/screenshots/management-*.png (git-ignored).
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { browserErrors, openProfile, type Profile } from './browser';
import { startMonitorPlatform, type MonitorPlatform } from './monitor-platform';
import { AdminClient } from './platform';
import { cell, saveDialog, selectRow, shot, shots, signIn } from './steps';

const PASSWORD = 'E2eManage2026';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a0b5c4a50000000049454e44ae426082', 'hex')]);

let platform: MonitorPlatform;
let profile: Profile;
let page: Page;
let api: AdminClient;
const snap = (name: string) => shot(page, `management-${name}`);
const menuNode = (text: string) => page.locator('.of-menu-tree .of-menu-node', { hasText: text }).first();

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  platform = await startMonitorPlatform(PASSWORD, 0);
  api = new AdminClient(platform.baseUrl);
  await api.login('admin', PASSWORD);
  profile = await openProfile('management');
  page = profile.page;
  await signIn(page, platform.baseUrl, 'admin', PASSWORD);
}, 180_000);

afterAll(async () => {
  await profile?.close();
  await platform?.stop();
});

describe('management screens (issue 28)', () => {
  it('adds a page and its button, refuses a taken path (4041), renames a seeded page and deletes the added one', async () => {
    await page.goto(`${platform.baseUrl}/index/newMune`);
    await page.locator('.of-menu-node-10').waitFor({ timeout: 30_000 });
    await page.locator('.of-menu-node-10').click();
    await page.getByRole('button', { name: '新增下级' }).click();
    await page.fill('#field-label', '客户门户');
    await page.fill('#field-href', '/index/customerPortal');
    await saveDialog(page);
    await menuNode('客户门户').click();
    await page.getByRole('button', { name: '新增下级' }).click();
    expect(await page.inputValue('#field-actionCode')).toBe('customerPortal:');
    await page.fill('#field-label', '审核');
    await page.fill('#field-actionCode', 'customerPortal:approve');
    await saveDialog(page);
    const added = (await api.call('GET', '/basic/resource/tree')) as { id: number; actionCode: string; children: unknown[] }[];
    expect(JSON.stringify(added)).toContain('"actionCode":"customerPortal:approve"');

    // The same path again: the server's 4041 in words, and the dialog stays open.
    await page.locator('.of-menu-node-10').click();
    await page.getByRole('button', { name: '新增下级' }).click();
    await page.fill('#field-label', '客户门户二');
    await page.fill('#field-href', '/index/customerPortal');
    await page.locator('.bp6-dialog button[type=submit]').click();
    await page.locator('.bp6-toast', { hasText: '菜单已存在' }).waitFor({ timeout: 15_000 });
    await snap('duplicate');
    await page.locator('.bp6-dialog').getByRole('button', { name: '取消' }).click();

    // A seeded page: its path is locked, its name changes and stays as typed.
    await page.locator('.of-menu-node-101').click();
    await page.locator('.of-menu-toolbar').getByRole('button', { name: '修改' }).click();
    expect(await page.locator('#field-href').isDisabled()).toBe(true);
    await page.fill('#field-label', '车辆档案');
    await saveDialog(page);
    await menuNode('车辆档案').waitFor();

    await menuNode('客户门户').click();
    await page.locator('.of-menu-toolbar').getByRole('button', { name: '删除' }).click();
    await page.locator('.bp6-alert').getByRole('button', { name: '删除' }).click();
    await menuNode('客户门户').waitFor({ state: 'detached' });
    const after = JSON.stringify(await api.call('GET', '/basic/resource/tree'));
    expect(after).not.toContain('customerPortal');
    await snap('menu');
    // The side menu names the renamed page as typed too, once the menu is fetched again.
    await page.reload();
    await page.locator('.of-side-menu', { hasText: '车辆档案' }).waitFor({ timeout: 20_000 });
  });

  it('edits a SIM card in its dialog', async () => {
    await api.call('POST', '/basic/sim-card', { number: '13900002801', operator: 1, city: '北京' });
    await page.goto(`${platform.baseUrl}/index/simCare`);
    await selectRow(page, '13900002801');
    await page.getByRole('button', { name: '修改', exact: true }).click();
    await page.fill('#field-number', '13900002802');
    await page.fill('#field-city', '天津');
    await saveDialog(page);
    await cell(page, '13900002802').waitFor();
    await cell(page, '天津').waitFor();
  });

  it('keeps a terminal’s versions and address, and adds a company with its administrator and logo', async () => {
    await page.goto(`${platform.baseUrl}/index/terminalM`);
    await page.getByRole('button', { name: '新增', exact: true }).click();
    await page.fill('#field-terminalCode', 'MGT2801');
    await page.fill('#field-terminalPhone', '13900002811');
    await page.fill('#field-firmwareVersion', 'FW_2.8.1');
    await page.fill('#field-ip', '10.28.0.1');
    await page.fill('#field-port', '7000');
    await saveDialog(page);
    await cell(page, '10.28.0.1:7000').waitFor();
    await cell(page, 'FW_2.8.1').waitFor();

    await page.goto(`${platform.baseUrl}/index/newCompany`);
    await page.getByRole('button', { name: '新增', exact: true }).click();
    await page.fill('#field-name', 'Logo Freight');
    await page.fill('#field-fax', '010-12345678');
    await page.fill('#field-postalCode', '100000');
    await page.fill('#field-adminAccount', 'logoadmin');
    // Without its password the account is refused in the dialog.
    await page.locator('.bp6-dialog button[type=submit]').click();
    await page.locator('.bp6-dialog', { hasText: '填写管理员账号后必须设置密码' }).waitFor();
    await page.fill('#field-adminPassword', 'Logo2026pass');
    await saveDialog(page);
    await cell(page, 'Logo Freight').first().waitFor();
    const admin = new AdminClient(platform.baseUrl);
    await admin.login('logoadmin', 'Logo2026pass');
    expect(((await admin.call('GET', '/basic/user/getCurrentUserInfo')) as { userType: number; companyName: string })).toMatchObject({ userType: 3, companyName: 'Logo Freight' });

    await selectRow(page, 'Logo Freight');
    await page.getByRole('button', { name: '企业Logo' }).click();
    await page.locator('.of-company-logo-dialog', { hasText: '尚未上传Logo' }).waitFor();
    await page.setInputFiles('.of-company-logo-dialog input[type=file]', { name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await page.locator('.of-company-logo-dialog').getByRole('button', { name: '上传' }).click();
    await page.locator('.of-company-logo-preview img').waitFor({ timeout: 15_000 });
    await snap('logo');
    expect(browserErrors.filter((line) => !line.includes('favicon'))).toEqual([]);
  });
});
