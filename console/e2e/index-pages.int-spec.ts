// Issue 28 in real Chromium against the real standalone server: the five /index/ pages the spec
// names only by route. directVehicle (直营/挂靠/租赁 with the contract), manageService (service term,
// its counters and a renewal), specialBusiness (an application, its edit and its approval, which
// suspends the vehicle), powerManage (a vehicle's limit capability, phone and password, the
// password shown only as "set") and vgPower (a user granted one fleet, then one vehicle found by plate). One add and one edit each.
// Screenshots: .infra/screenshots/index-*.png.
import { chinaDate } from '@openfleet/contracts';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { browserErrors, openProfile, type Profile } from './browser';
import { startMonitorPlatform, type MonitorPlatform } from './monitor-platform';
import { cell, saveDialog, selectRow, shot, shots, signIn } from './steps';

const PASSWORD = 'E2eIndexPages2026';
const PLATE = '京G00028';
const DAY_MS = 86_400_000;
const dataDir = mkdtempSync(join(tmpdir(), 'openfleet-index-pages-e2e-'));
const inDays = (days: number) => chinaDate(Date.now() + days * DAY_MS);

let platform: MonitorPlatform;
let profile: Profile;
let page: Page;
let token = '';
const snap = (name: string) => shot(page, `index-${name}`);

async function api<T>(path: string, body?: object, method = body ? 'POST' : 'GET'): Promise<T> {
  const response = await fetch(`${platform.baseUrl}${path}`, { method, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const envelope = (await response.json()) as { flag: boolean; data: T };
  if (!envelope.flag) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

const button = (text: string) => page.locator('.bp6-button:visible', { hasText: text }).first();

async function open(screen: string): Promise<void> {
  await page.goto(`${platform.baseUrl}/index/${screen}`);
  await page.locator('.of-table-screen:visible').waitFor();
}

/** Opens the add dialog once the vehicle is in its select (the vehicle tree follows the registry snapshot). */
async function addWithVehicle(): Promise<void> {
  for (let attempt = 0; attempt < 6; attempt++) {
    await button('新增').click();
    const option = page.locator('#field-vehicleId option', { hasText: PLATE });
    if (await option.waitFor({ state: 'attached', timeout: 5_000 }).then(() => true, () => false)) {
      await page.selectOption('#field-vehicleId', { label: PLATE });
      return;
    }
    await page.reload();
    await page.locator('.of-table-screen:visible').waitFor();
  }
  throw new Error(`${PLATE} never reached the vehicle select`);
}

async function editRow(text: string): Promise<void> {
  await selectRow(page, text);
  await button('修改').click();
  await page.locator('.bp6-dialog').waitFor();
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  platform = await startMonitorPlatform(PASSWORD, 0, { dataDir });
  token = (await api<{ access_token: string }>('/login', { username: 'admin', password: PASSWORD })).access_token;
  const company = await api<{ id: number }>('/basic/company', { name: '冀东物流' });
  const fleet = await api<{ id: number }>('/basic/fleet', { name: '东线车队', companyId: company.id });
  await api('/basic/vehicle', { plateCode: PLATE, plateColor: 2, vehicleType: 1, companyId: company.id, fleetId: fleet.id });
  await api('/basic/user', { account: 'jdops', name: '冀东调度', password: 'Operator123', userType: 1, companyId: company.id });
  profile = await openProfile('index-pages');
  page = profile.page;
  await profile.context.route(/autonavi\.com|openstreetmap\.org/, (route) => route.abort());
  await signIn(page, platform.baseUrl, 'admin', PASSWORD);
}, 120_000);

afterAll(async () => {
  await profile?.close();
  await platform?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('console /index/ operation pages (standalone server)', () => {
  it('directVehicle: adds an affiliated vehicle whose contract ends in 10 days, then edits the owner', async () => {
    await open('directVehicle');
    await addWithVehicle();
    await page.selectOption('#field-relationType', '2');
    await page.fill('#field-partyName', '张三');
    await page.fill('#field-contractNo', 'GK-2026-028');
    await page.fill('#field-contractStart', inDays(-355));
    await page.fill('#field-contractEnd', inDays(10));
    await page.fill('#field-fee', '1200');
    await saveDialog(page);
    await cell(page, '挂靠').first().waitFor();
    await page.locator('[data-state="expiring"]:visible', { hasText: '即将到期' }).waitFor();
    await editRow('GK-2026-028');
    await page.fill('#field-partyName', '张三丰');
    await saveDialog(page);
    await cell(page, '张三丰').first().waitFor();
    await snap('direct-vehicle');
  });

  it('manageService: adds a term ending in 20 days (counted), marks it paid and renews it', async () => {
    await open('manageService');
    await page.locator('[data-count="expiring"]', { hasText: '30天内到期 0' }).waitFor();
    await addWithVehicle();
    await page.fill('#field-packageName', '基础定位');
    await page.fill('#field-startDate', inDays(-345));
    await page.fill('#field-endDate', inDays(20));
    await page.fill('#field-fee', '360');
    await saveDialog(page);
    await page.locator('[data-count="expiring"]', { hasText: '30天内到期 1' }).waitFor();
    await editRow('基础定位');
    await page.selectOption('#field-paid', '1');
    await saveDialog(page);
    await cell(page, '已缴费').first().waitFor();
    await selectRow(page, '基础定位');
    await button('续费').click();
    await page.fill('#of-renew-end', inDays(385));
    await page.locator('.bp6-dialog .bp6-button', { hasText: '续费' }).click();
    await page.waitForSelector('.bp6-dialog', { state: 'detached' });
    await page.locator('[data-count="expiring"]', { hasText: '30天内到期 0' }).waitFor();
    await cell(page, inDays(385)).first().waitFor();
    await snap('manage-service');
  });

  it('specialBusiness: applies for a suspension, edits the reason, approves it and the vehicle is suspended', async () => {
    await open('specialBusiness');
    await addWithVehicle();
    await page.selectOption('#field-businessType', '1');
    await page.fill('#field-applicant', '李四');
    await page.fill('#field-reason', '冬季停运');
    await page.fill('#field-endDate', inDays(90));
    await saveDialog(page);
    await page.locator('[data-status="0"]:visible', { hasText: '申请中' }).waitFor();
    await editRow('冬季停运');
    await page.fill('#field-reason', '冬季停运检修');
    await saveDialog(page);
    await selectRow(page, '冬季停运检修');
    await button('审核').click();
    await page.fill('#of-review-comment', '同意');
    await page.locator('.bp6-dialog .bp6-button', { hasText: '审核通过' }).click();
    await page.waitForSelector('.bp6-dialog', { state: 'detached' });
    await page.locator('[data-status="1"]:visible', { hasText: '审核通过' }).waitFor();
    expect(await cell(page, '报停').count()).toBeGreaterThanOrEqual(2);
    await snap('special-business');
  });

  it('powerManage: enables the vehicle with a phone and a password, shown back only as set', async () => {
    await open('powerManage');
    await cell(page, PLATE).first().waitFor();
    await page.locator('[data-capable="0"]:visible').first().waitFor();
    await editRow(PLATE);
    await page.selectOption('#field-capable', '1');
    await page.fill('#field-authPhone', '13812345678');
    await page.fill('#field-password', 'limit-0028');
    await saveDialog(page);
    await page.locator('[data-capable="1"]:visible').first().waitFor();
    await cell(page, '138****5678').first().waitFor();
    await cell(page, '已设置').first().waitFor();
    expect(await page.content()).not.toContain('limit-0028');
    await snap('power-manage');
  });

  it('vgPower: grants the dispatcher one fleet', async () => {
    await open('vgPower');
    await selectRow(page, 'jdops');
    await button('分配车组').click();
    await page.locator('.bp6-dialog .bp6-checkbox', { hasText: '东线车队' }).click();
    await page.locator('.bp6-dialog .bp6-button', { hasText: '保存' }).click();
    await page.waitForSelector('.bp6-dialog', { state: 'detached' });
    await cell(page, '指定车组').first().waitFor();
    await cell(page, '东线车队').first().waitFor();
    await snap('vg-power');
    expect(browserErrors).toEqual([]);
  });

  it('vgPower: grants the dispatcher a single vehicle found by its plate instead', async () => {
    await open('vgPower');
    await selectRow(page, 'jdops');
    await button('分配车组').click();
    await page.locator('.bp6-dialog .bp6-checkbox', { hasText: '东线车队' }).click();
    await page.locator('.bp6-dialog input[placeholder="输入车牌号搜索车辆"]').fill('G00028');
    await page.locator('.of-vehicle-grants-found .bp6-checkbox', { hasText: PLATE }).click();
    await page.locator('.of-vehicle-grants-ticked .bp6-tag', { hasText: PLATE }).waitFor();
    await page.locator('.bp6-dialog', { hasText: '已选 1 辆车' }).waitFor();
    await page.locator('.bp6-dialog .bp6-button', { hasText: '保存' }).click();
    await page.waitForSelector('.bp6-dialog', { state: 'detached' });
    await cell(page, PLATE).first().waitFor();
    await cell(page, '指定车辆').first().waitFor();
    expect(await cell(page, '东线车队').count()).toBe(0);
    await snap('vg-power-vehicle');
    expect(browserErrors).toEqual([]);
  });
});
