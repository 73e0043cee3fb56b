// The console in real Chromium against the real standalone server (fresh SQLite data dir):
// sign-in and LastUrl, master data through the screens (tree drag, binding, permission tree,
// password reset), Excel row errors, en_US, permitted menu, tenant isolation, no console errors,
// and the sign-in bundle budget. Screenshots: .infra/screenshots/.
import { mkdirSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { browserErrors, openProfile, type Profile } from './browser';
import { loginScriptBudget } from './bundle-budget';
import { AdminClient, startPlatform, type Platform } from './platform';
import { cell, saveDialog, selectRow, shot, shots, simSheet } from './steps';

// The project's testTimeout does not reach specs run with --selectProjects in every jest version.
jest.setTimeout(120_000);

const ADMIN_PASSWORD = 'E2eAdmin2024';
const USER_PASSWORD = 'E2eUser2024';

let platform: Platform;
let admin: Profile;

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto(`${platform.baseUrl}/login`);
  await page.fill('#auth-username', username);
  await page.fill('#auth-password', password);
  await page.locator('button[type=submit]').click();
  await page.waitForSelector('.of-side-menu');
}

async function openScreen(page: Page, path: string): Promise<void> {
  await page.goto(`${platform.baseUrl}${path}`);
  await page.locator('.of-table-screen:visible').waitFor();
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  platform = await startPlatform(ADMIN_PASSWORD);
  admin = await openProfile('admin');
}, 90_000);

afterAll(async () => {
  await admin?.close();
  await platform?.stop();
});

describe('console in Chromium', () => {
  it('signs in on the home screen with the menu in operating order, and a second sign-in lands on the remembered URL', async () => {
    const { page } = admin;
    await signIn(page, 'admin', ADMIN_PASSWORD);
    // No remembered URL yet: the home screen, not the first page of basic management.
    await page.waitForURL(/\/monitor\/home$/);
    // The side menu: monitoring first, basic management last, and no page without a screen.
    // 监控中心's pages sit in sections (实时监控 first, home its first page); open every section to read them all.
    // One caret at a time, always the first closed one found now: opening a section re-renders the tree,
    // so handles taken before a click may be detached (and a click on one would wait out its timeout).
    const closed = page.locator('.of-side-menu .bp6-tree-node-caret-closed');
    for (let clicks = 0; clicks < 60 && (await closed.count()) > 0; clicks++) {
      if (!(await closed.first().click({ timeout: 5_000 }).then(() => true, () => false))) break;
    }
    const labels = (await page.locator('.of-side-menu .bp6-tree-node-label').allInnerTexts()).map((label) => label.trim());
    expect(labels[0]).toBe('监控中心');
    // Home is the first page, ahead of the other real-time pages (only a section heading may come before it).
    expect(labels.indexOf('首页')).toBeGreaterThan(0);
    expect(labels.indexOf('首页')).toBeLessThanOrEqual(2);
    expect(labels.indexOf('首页')).toBeLessThan(labels.indexOf('多车监控'));
    expect(labels.indexOf('基础管理')).toBeGreaterThan(labels.indexOf('历史轨迹'));
    expect(labels.indexOf('基础管理')).toBeGreaterThan(labels.indexOf('系统') === -1 ? 0 : labels.indexOf('系统'));
    // Electronic waybills, alarm handling and live video have their screens.
    expect(await page.locator('.of-side-menu', { hasText: '电子运单' }).count()).toBe(1);
    expect(labels).toContain('报警处理');
    expect(labels).toContain('实时视频');
    await openScreen(page, '/index/simCare');
    expect(await page.evaluate("localStorage.getItem('LastUrl')")).toBe('/index/simCare');
    // Sign out through the user menu, then sign in again: LastUrl wins over the first menu page.
    await page.locator('.of-header button', { hasText: 'Administrator' }).click();
    await page.locator('.bp6-menu-item', { hasText: '退出' }).click();
    await page.waitForURL(/\/login$/);
    await shot(page, 'login');
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL(/\/index\/simCare$/);
  });

  it('creates a company and a fleet in the tree', async () => {
    const { page } = admin;
    await openScreen(page, '/index/newCompany');
    await page.getByRole('button', { name: '新增', exact: true }).click();
    await page.fill('#field-name', 'Acme');
    await page.locator('#field-businessTypes label', { hasText: '普通货运' }).click();
    await saveDialog(page);
    await cell(page, 'Acme').first().waitFor();
    await page.locator('.of-org-tree:visible .bp6-tree-node-content', { hasText: 'Acme' }).click();
    await page.getByRole('button', { name: '新增车队' }).click();
    await page.fill('#field-name', 'FleetA');
    await saveDialog(page);
    await page.locator('.of-org-tree:visible', { hasText: 'FleetA' }).waitFor();
    // A second company, dragged under Acme in the tree (POST /basic/tree/move).
    await page.getByRole('button', { name: '新增', exact: true }).click();
    await page.fill('#field-name', 'Acme East');
    await saveDialog(page);
    const treeNode = (name: string) => page.locator('.of-org-tree:visible [data-org-key]', { hasText: new RegExp(`^${name}$`) });
    await treeNode('Acme East').dragTo(treeNode('Acme'));
    await page.locator('.of-org-tree:visible .bp6-tree-node', { hasText: 'Acme' })
      .locator('.bp6-tree-node-list [data-org-key]', { hasText: /^Acme East$/ })
      .first()
      .waitFor();
    const api = new AdminClient(platform.baseUrl);
    await api.login('admin', ADMIN_PASSWORD);
    const companies = (await api.call('GET', '/basic/company')) as { id: number; name: string; parentId: number | null }[];
    const byName = (name: string) => companies.find((company) => company.name === name);
    expect(byName('Acme East')?.parentId).toBe(byName('Acme')?.id);
    await shot(page, 'companies');
  });

  it('creates a terminal, a SIM card and a vehicle, and binds them', async () => {
    const { page } = admin;
    await openScreen(page, '/index/terminalM');
    await page.getByRole('button', { name: '新增', exact: true }).click();
    await page.fill('#field-terminalCode', 'E2E0001');
    await page.fill('#field-terminalPhone', '13900000001');
    await page.selectOption('#field-companyId', { label: 'Acme' });
    await saveDialog(page);
    await cell(page, 'E2E0001').waitFor();
    await shot(page, 'terminals');

    await openScreen(page, '/index/simCare');
    await page.getByRole('button', { name: '新增', exact: true }).click();
    await page.fill('#field-number', '13900000001');
    await page.selectOption('#field-companyId', { label: 'Acme' });
    await saveDialog(page);
    await selectRow(page, '13900000001');
    await page.getByRole('button', { name: '绑定终端' }).click();
    await page.selectOption('#pick-value', { label: 'E2E0001 (13900000001)' });
    await page.getByRole('button', { name: '确定' }).click();
    await cell(page, 'E2E0001 (13900000001)').waitFor();

    await openScreen(page, '/index/carList');
    await page.getByRole('button', { name: '新增', exact: true }).click();
    await page.fill('#field-plateCode', '京A0E2E1');
    await page.selectOption('#field-companyId', { label: 'Acme' });
    await page.selectOption('#field-fleetId', { label: 'Acme / FleetA' });
    await saveDialog(page);
    await selectRow(page, '京A0E2E1');
    await page.getByRole('button', { name: '绑定终端' }).click();
    await page.selectOption('#pick-value', { label: 'E2E0001 (13900000001)' });
    await page.getByRole('button', { name: '确定' }).click();
    await cell(page, 'E2E0001').waitFor();
    await expect(cell(page, 'FleetA').count()).resolves.toBe(1);
    await shot(page, 'vehicles');
  });

  it('refuses a dialog the server would refuse (§5 rules) before sending it', async () => {
    const { page } = admin;
    await page.getByRole('button', { name: '新增', exact: true }).click();
    await page.fill('#field-plateCode', 'a');
    await page.fill('#field-vin', 'SHORT');
    await page.locator('.bp6-dialog button[type=submit]').click();
    await expect(page.locator('.bp6-dialog .bp6-form-helper-text').allTextContents()).resolves.toEqual(
      expect.arrayContaining([expect.stringContaining('车牌号'), expect.stringContaining('车架号')]),
    );
    await page.locator('.bp6-dialog .bp6-dialog-close-button').click();
  });

  it('imports a sheet with one bad row and shows that row, importing nothing', async () => {
    const { page } = admin;
    await openScreen(page, '/index/simCare');
    await page.locator('[data-testid=simCare-import-file]').setInputFiles({
      name: 'sims.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await simSheet([
        ['13900000002', 1],
        ['12345', 1],
      ]),
    });
    const dialog = page.locator('.bp6-dialog', { hasText: '导入失败的行' });
    await dialog.waitFor();
    const rows = await dialog.locator('tbody tr td:first-child').allTextContents();
    expect(rows).toEqual(['3']);
    await shot(page, 'import-row-errors');
    await dialog.locator('.bp6-dialog-close-button').click();
    await expect(cell(page, '13900000002').count()).resolves.toBe(0);
  });

  it('manages a catalogue (manufacturers) on the same pattern, with its rules', async () => {
    const { page } = admin;
    await openScreen(page, '/index/supplier');
    await page.getByRole('button', { name: '新增', exact: true }).click();
    await page.fill('#field-name', 'Huatai');
    await page.fill('#field-number', '01234');
    await page.fill('#field-code', 'HT2019');
    await page.locator('.bp6-dialog button[type=submit]').click();
    await page.locator('.bp6-dialog .bp6-form-helper-text', { hasText: '不能以 0 开头' }).waitFor();
    await page.fill('#field-number', '70111');
    await saveDialog(page);
    await cell(page, '70111').waitFor();
    await shot(page, 'manufacturers');
  });

  it('writes a system notice, publishes it and home shows it', async () => {
    const { page } = admin;
    await openScreen(page, '/system/systemNotice');
    await page.getByRole('button', { name: '新增', exact: true }).click();
    await page.fill('#field-title', '冬季安全行车提示');
    await page.fill('#field-content', '12 月 1 日前更换冬季轮胎。');
    await saveDialog(page);
    await selectRow(page, '冬季安全行车提示');
    expect(await cell(page, '草稿').count()).toBeGreaterThan(0);
    await page.locator('.of-notice-publish:visible').click();
    await cell(page, '已发布').first().waitFor();
    await shot(page, 'system-notice');
    await page.goto(`${platform.baseUrl}/monitor/home`);
    await page.locator('.of-home-notice', { hasText: '冬季安全行车提示' }).waitFor({ timeout: 10_000 });
    expect(await page.locator('.of-home-notice p').first().textContent()).toBe('12 月 1 日前更换冬季轮胎。');
    await shot(page, 'home-notice');
  });

  it('reads the operation and system logs with their filters, and publishes an app release', async () => {
    const { page } = admin;
    await openScreen(page, '/system/operationLog');
    await cell(page, '/basic/company').first().waitFor();
    await page.fill('.of-log-account:visible input', 'nobody');
    await page.locator('.of-log-apply:visible').click();
    await page.locator('.of-pager:visible', { hasText: '共 0 条' }).first().waitFor();
    await page.fill('.of-log-account:visible input', 'admin');
    await page.locator('.of-log-apply:visible').click();
    await cell(page, '/basic/company').first().waitFor();
    await shot(page, 'operation-log');
    const download = page.waitForEvent('download');
    await page.locator('.of-log-export:visible').click();
    expect((await download).suggestedFilename()).toBe('operation-log.xlsx');

    await openScreen(page, '/system/systemLog');
    await page.locator('.of-log-event:visible select').selectOption('start');
    await page.locator('.of-log-apply:visible').click();
    await cell(page, '服务启动').first().waitFor();
    expect(await cell(page, '数据库迁移').count()).toBe(0);
    await shot(page, 'system-log');

    await openScreen(page, '/system/appVersion');
    await page.getByRole('button', { name: '新增', exact: true }).click();
    await page.locator('#field-platform').selectOption('android');
    await page.fill('#field-versionName', '2.3.1');
    await page.fill('#field-versionCode', '231');
    await page.fill('#field-downloadUrl', 'https://downloads.example.com/openfleet-2.3.1.apk');
    await saveDialog(page);
    await cell(page, '2.3.1').first().waitFor();
    const latest = (await (await fetch(`${platform.baseUrl}/app/appVersion/getLastVersionAPK`)).json()) as { data: { versionName: string } };
    expect(latest.data.versionName).toBe('2.3.1');
    // Upload a package and publish it: the app then downloads exactly those bytes.
    const apk = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(5000, 7)]);
    await page.locator('.of-app-upload:visible').click();
    await page.locator('[data-testid=app-package-file]').setInputFiles({ name: 'openfleet-2.4.0.apk', mimeType: 'application/vnd.android.package-archive', buffer: apk });
    await page.fill('.of-app-version-name:visible input', '2.4.0');
    await page.fill('.of-app-version-code:visible input', '240');
    await page.locator('.of-app-upload-submit:visible').click();
    await page.waitForSelector('.bp6-dialog', { state: 'detached' });
    await cell(page, '2.4.0').first().waitFor();
    const published = (await (await fetch(`${platform.baseUrl}/app/appVersion/getLastVersionAPK`)).json()) as { data: { versionName: string; downloadUrl: string } };
    expect(published.data.versionName).toBe('2.4.0');
    expect(Buffer.compare(Buffer.from(await (await fetch(published.data.downloadUrl)).arrayBuffer()), apk)).toBe(0);
    await shot(page, 'app-version');
  });

  it('switches to en_US and the whole frame follows', async () => {
    const { page } = admin;
    await openScreen(page, '/index/carList');
    await expect(page.locator('.of-side-menu').textContent()).resolves.toContain('车辆管理');
    await page.locator('.of-header select').filter({ has: page.locator('option[value="en_US"]') }).selectOption('en_US');
    await page.locator('.of-side-menu', { hasText: 'Vehicles' }).waitFor();
    await expect(page.getByRole('button', { name: 'Add', exact: true }).count()).resolves.toBe(1);
    await page.locator('.bp6-table-column-name-text', { hasText: 'Plate colour' }).first().waitFor();
    expect(await page.evaluate("localStorage.getItem('language')")).toBe('en_US');
    await shot(page, 'vehicles-en');
    // Export and template download through the bearer-authenticated fetch.
    const [exported] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    expect(exported.suggestedFilename()).toBe('carList.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await exported.path());
    const sheetText = JSON.stringify(book.worksheets[0]?.getSheetValues());
    expect(sheetText).toContain('京A0E2E1');
    const [template] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Template' }).click()]);
    expect(template.suggestedFilename()).toBe('carList-template.xlsx');
    for (const [path, name] of [
      ['/index/userManage', 'users'],
      ['/index/roleManage', 'roles'],
      ['/index/driverManage', 'drivers'],
    ] as const) {
      await openScreen(page, path);
      await shot(page, name);
    }
    await page.goto(`${platform.baseUrl}/index/newMune`);
    await page.locator('.of-menu-tree', { hasText: 'Administration' }).waitFor();
    await shot(page, 'menus');
  });

  it('shows a limited user only the permitted menu and buttons', async () => {
    const api = new AdminClient(platform.baseUrl);
    await api.login('admin', ADMIN_PASSWORD);
    const companies = (await api.call('GET', '/basic/company')) as { id: number; name: string }[];
    const acme = companies.find((company) => company.name === 'Acme');
    const role = (await api.call('POST', '/basic/role', { name: 'viewer', roleType: 3, companyId: acme?.id, actionCodes: [] })) as {
      id: number;
    };
    // Grant through the role screen's permission tree (the admin page is in en_US by now).
    const { page } = admin;
    await openScreen(page, '/index/roleManage');
    await selectRow(page, 'viewer');
    await page.getByRole('button', { name: 'Permissions' }).click();
    const dialog = page.locator('.bp6-dialog', { hasText: 'Permissions of viewer' });
    // Match on the checkbox label: the caret carries its own accessible text.
    const node = (label: RegExp) => dialog.locator('.bp6-tree-node-content').filter({ has: page.locator('label', { hasText: label }) });
    await node(/^Administration$/).locator('.bp6-tree-node-caret').click();
    await node(/^Vehicles$/).locator('.bp6-tree-node-caret').click();
    await node(/^Search$/).locator('label').click();
    await shot(page, 'role-permissions');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const roles = (await api.call('GET', '/basic/role')) as { id: number; actionCodes: string[] }[];
    expect(roles.find((candidate) => candidate.id === role.id)?.actionCodes).toEqual(['carList', 'carList:search']);
    await api.call('POST', '/basic/user', {
      account: 'acme_viewer',
      name: 'Acme Viewer',
      password: 'Initial2024',
      userType: 1,
      companyId: acme?.id,
      roleIds: [role.id],
    });
    // The administrator resets the password on the user screen; the user signs in with the new one.
    await openScreen(page, '/index/userManage');
    await selectRow(page, 'acme_viewer');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.fill('#field-password', '1short');
    await page.fill('#field-confirm', USER_PASSWORD);
    await page.locator('.bp6-dialog button[type=submit]').click();
    await page.locator('.bp6-dialog .bp6-form-helper-text', { hasText: 'must start with a letter' }).waitFor();
    await page.fill('#field-password', USER_PASSWORD);
    await saveDialog(page);
    const viewer = await openProfile('viewer');
    try {
      await signIn(viewer.page, 'acme_viewer', USER_PASSWORD);
      await viewer.page.waitForURL(/\/index\/carList$/);
      const menu = await viewer.page.locator('.of-side-menu .bp6-tree-node-label').allTextContents();
      expect(menu.map((label) => label.trim())).toEqual(['基础管理', '车辆管理']);
      await cell(viewer.page, '京A0E2E1').waitFor();
      await expect(viewer.page.getByRole('button', { name: '新增', exact: true }).count()).resolves.toBe(0);
      await expect(viewer.page.getByRole('button', { name: '绑定终端' }).count()).resolves.toBe(0);
      await shot(viewer.page, 'limited-user');
      await viewer.page.goto(`${platform.baseUrl}/index/newCompany`);
      await viewer.page.waitForURL(/\/404$/);
    } finally {
      await viewer.close();
    }
  });

  it("shows a user of another company none of the first company's data", async () => {
    const api = new AdminClient(platform.baseUrl);
    await api.login('admin', ADMIN_PASSWORD);
    const beta = (await api.call('POST', '/basic/company', { name: 'Beta' })) as { id: number };
    const screens = ['carList', 'simCare', 'terminalM', 'newCompany'];
    const role = (await api.call('POST', '/basic/role', {
      name: 'betaAdmin',
      roleType: 1,
      companyId: beta.id,
      actionCodes: screens.flatMap((screen) => [screen, `${screen}:search`]),
    })) as { id: number };
    await api.call('POST', '/basic/user', {
      account: 'beta_admin',
      name: 'Beta Admin',
      password: USER_PASSWORD,
      userType: 3,
      companyId: beta.id,
      roleIds: [role.id],
    });
    const other = await openProfile('beta');
    try {
      await signIn(other.page, 'beta_admin', USER_PASSWORD);
      for (const [path, secret] of [
        ['/index/carList', '京A0E2E1'],
        ['/index/simCare', '13900000001'],
        ['/index/terminalM', 'E2E0001'],
        ['/index/newCompany', 'Acme'],
      ] as const) {
        await openScreen(other.page, path);
        await other.page.locator('.of-pager:visible', { hasText: /共 \d+ 条/ }).waitFor();
        await other.page.waitForLoadState('networkidle');
        await expect(other.page.locator('.of-table-screen:visible').textContent()).resolves.not.toContain(secret);
      }
      await expect(other.page.locator('.of-pager:visible').textContent()).resolves.toContain('共 1 条');
      await shot(other.page, 'other-company');
    } finally {
      await other.close();
    }
  });

  it('keeps the sign-in screen within 300 KB of gzip JS, without map or chart code', async () => {
    const profile = await openProfile('budget');
    try {
      const budget = await loginScriptBudget(profile.page, platform.baseUrl);
      // Printed for docs/console.md.
      const list = budget.files.map((file) => `${file} ${((budget.sizes[file] ?? 0) / 1024).toFixed(1)} KB`).join(', ');
      console.log(`sign-in JS: ${budget.files.length} files, ${(budget.gzipBytes / 1024).toFixed(1)} KB gzip: ${list}`);
      expect(budget.files.length).toBeGreaterThan(0);
      expect(budget.gzipBytes).toBeLessThanOrEqual(300 * 1024);
      expect(budget.mapOrChartFiles).toEqual([]);
    } finally {
      await profile.close();
    }
  });

  it('logged no console errors and no page errors during the run', () => {
    expect(browserErrors).toEqual([]);
  });
});
