// Issue 28's notice channel in real Chromium against the real standalone server. A publisher
// writes a press release to every user of the company and publishes it; the reader's header bell
// (another browser, signed in as another user) shows it at once through the live hub, the reader
// opens it (marked read), and the publisher's list then shows "已读 1/2" with the reader in the
// receipts. Then the reader sends feedback from the help menu. Screenshots: .infra/screenshots/notices-*.png.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { browserErrors, openProfile, type Profile } from './browser';
import { startMonitorPlatform, type MonitorPlatform } from './monitor-platform';
import { cell, saveDialog, selectRow, shot, shots, signIn } from './steps';

const PASSWORD = 'E2eNotice2026';
const USER_PASSWORD = 'E2eReader2026';
const dataDir = mkdtempSync(join(tmpdir(), 'openfleet-notices-e2e-'));

let platform: MonitorPlatform;
let publisher: Profile;
let reader: Profile;
let token = '';
const refusedCalls: string[] = [];

async function api<T>(path: string, body?: object): Promise<T> {
  const response = await fetch(`${platform.baseUrl}${path}`, { method: body ? 'POST' : 'GET', headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const envelope = (await response.json()) as { flag: boolean; data: T };
  if (!envelope.flag) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** Opens a screen; the app's own redirect right after sign-in can abort the first navigation. */
async function open(page: Page, path: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await page.goto(`${platform.baseUrl}${path}`);
      return;
    } catch (error) {
      if (attempt >= 2 || !String(error).includes('ERR_ABORTED')) throw error;
      await page.waitForTimeout(500);
    }
  }
}

const watchRefusals = (page: Page) =>
  page.on('response', (response) => {
    if (response.status() >= 400) refusedCalls.push(`${response.request().method()} ${response.status()} ${new URL(response.url()).pathname}`);
  });

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  platform = await startMonitorPlatform(PASSWORD, 0, { dataDir });
  token = (await api<{ access_token: string }>('/login', { username: 'admin', password: PASSWORD })).access_token;
  const company = await api<{ id: number }>('/basic/company', { name: '公告物流' });
  const publishing = await api<{ id: number }>('/basic/role', { name: '公告发布员', companyId: company.id, roleType: 3, actionCodes: ['pressRelease', 'pressRelease:search', 'pressRelease:add', 'pressRelease:modify', 'pressRelease:delete', 'pressRelease:export'] });
  const reading = await api<{ id: number }>('/basic/role', { name: '调度员', companyId: company.id, roleType: 3, actionCodes: ['home'] });
  await api('/basic/user', { account: 'publisher', name: '发布员', password: USER_PASSWORD, userType: 1, companyId: company.id, roleIds: [publishing.id] });
  await api('/basic/user', { account: 'reader', name: '调度小王', password: USER_PASSWORD, userType: 1, companyId: company.id, roleIds: [reading.id] });
  publisher = await openProfile('notices-publisher');
  reader = await openProfile('notices-reader');
  watchRefusals(publisher.page);
  watchRefusals(reader.page);
  for (const profile of [publisher, reader]) await profile.context.route(/autonavi\.com|openstreetmap\.org/, (route) => route.abort());
}, 180_000);

afterAll(async () => {
  await publisher?.close();
  await reader?.close();
  await platform?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('press releases and feedback in Chromium', () => {
  it('publishes a notice, the other user’s bell shows it, the reader reads it, the publisher sees 1 read', async () => {
    const pub = publisher.page;
    const read = reader.page;
    await signIn(read, platform.baseUrl, 'reader', USER_PASSWORD);
    const count = read.locator('.of-notice-count');
    expect(await count.count()).toBe(0);

    await signIn(pub, platform.baseUrl, 'publisher', USER_PASSWORD);
    await open(pub, '/monitor/pressRelease');
    await pub.locator('.of-table-screen button', { hasText: '新增' }).click();
    const dialog = pub.locator('.bp6-dialog');
    await dialog.waitFor({ timeout: 20_000 }).catch(async () => {
      await shot(pub, 'notices-no-dialog');
      throw new Error(`no add dialog; browser errors: ${JSON.stringify(browserErrors)}`);
    });
    await dialog.locator('#field-title').fill('春节放假安排');
    await dialog.locator('#field-content').fill('2月9日至2月17日放假，值班表见附件。');
    await dialog.locator('#field-level').selectOption('1');
    await pub.waitForTimeout(400);
    await shot(pub, 'notices-dialog');
    await saveDialog(pub);
    await cell(pub, '春节放假安排').waitFor({ timeout: 20_000 });
    await selectRow(pub, '春节放假安排');
    await pub.locator('button.of-notice-publish').click();
    await cell(pub, '已发布').waitFor({ timeout: 20_000 });
    expect(await cell(pub, '已读 0/2').count()).toBe(1);

    // The reader's bell rises through the live hub, without a reload.
    await count.waitFor({ timeout: 20_000 });
    expect(await count.textContent()).toBe('1');
    await read.locator('button.of-notice-bell').click();
    await read.locator('.of-notice-unread', { hasText: '春节放假安排' }).click();
    await read.locator('.of-notice-body', { hasText: '值班表见附件' }).waitFor();
    await read.waitForTimeout(400);
    await shot(read, 'notices-read');
    await read.keyboard.press('Escape');
    await count.waitFor({ state: 'detached', timeout: 20_000 });

    // The publisher's list and receipts show who read it.
    await pub.reload();
    await cell(pub, '已读 1/2').waitFor({ timeout: 20_000 });
    await selectRow(pub, '春节放假安排');
    await pub.locator('button.of-notice-receipts').click();
    await pub.locator('.of-notice-receipt-summary', { hasText: '已读 1 人' }).waitFor();
    const readRow = pub.locator('.of-notice-receipts-users tr[data-read="true"]');
    expect(await readRow.count()).toBe(1);
    expect(await readRow.textContent()).toContain('reader');
    await pub.waitForTimeout(400);
    await shot(pub, 'notices-receipts');
  }, 240_000);

  it('the reader sends feedback from the help menu', async () => {
    const read = reader.page;
    await read.locator('button.of-help-menu').click();
    await read.locator('.of-feedback-submit').click();
    await read.locator('#feedback-type').selectOption('2');
    await read.locator('#feedback-content').fill('希望公告可以置顶。');
    await read.locator('button.of-feedback-send').click();
    await read.locator('.of-feedback-dialog').waitFor({ state: 'detached' });
    const mine = await api<{ records: { content: string; type: number; account: string }[] }>('/basic/feedback?current=1&size=10');
    expect(mine.records[0]).toMatchObject({ content: '希望公告可以置顶。', type: 2, account: 'reader' });

    const errors = browserErrors.filter((error) => error.startsWith('notices'));
    expect({ errors, refusedCalls }).toEqual({ errors: [], refusedCalls: [] });
  }, 120_000);
});
