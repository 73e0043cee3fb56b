// Issue 28 in real Chromium (zh-CN browser locale) against the real standalone server: the history
// screen's time boxes show China time as "YYYY-MM-DD HH:mm:ss" (not the browser's "11/27/2026,
// 12:00:00 AM"), take typed text and a calendar day, and 监控中心's pages sit under section headings
// in the side menu, every one still reachable.
// Screenshots: .infra/screenshots/formats-*.png (git-ignored).
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { formatChinaTime } from '@openfleet/contracts';
import { browserErrors, openProfile, type Profile } from './browser';
import { startMonitorPlatform, type MonitorPlatform } from './monitor-platform';
import { shot as saveShot, shots, signIn } from './steps';

const ADMIN_PASSWORD = 'E2eFormats2024';

let platform: MonitorPlatform;
let profile: Profile;
let page: Page;

const shot = (name: string) => saveShot(page, `formats-${name}`);
const menu = () => page.locator('.of-side-menu');
/** A node of the side menu by its label (group, section heading or page). */
const menuNode = (label: string) => menu().locator('.bp6-tree-node-content', { has: page.locator('.bp6-tree-node-label', { hasText: new RegExp(`^${label}$`) }) }).first();

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  platform = await startMonitorPlatform(ADMIN_PASSWORD, 0);
  profile = await openProfile('formats');
  page = profile.page;
  await profile.context.route(/autonavi\.com|openstreetmap\.org/, (route) => route.abort());
}, 300_000);

afterAll(async () => {
  await profile?.close();
  await platform?.stop();
});

describe('one time format, a grouped monitor menu (standalone server, zh_CN)', () => {
  it('signs in', async () => {
    await signIn(page, platform.baseUrl, 'admin', ADMIN_PASSWORD);
  });

  it('history: the time boxes show China time as YYYY-MM-DD HH:mm:ss and take typed text', async () => {
    await page.goto(`${platform.baseUrl}/monitor/historyTrack`);
    const start = page.locator('.of-track-start input');
    const end = page.locator('.of-track-end input');
    await start.waitFor({ timeout: 30_000 });
    const today = formatChinaTime(Date.now()).slice(0, 10);
    expect(await start.inputValue()).toBe(`${today} 00:00:00`);
    expect(await end.inputValue()).toBe(`${today} 23:59:59`);
    expect(await start.getAttribute('type')).toBe('text');
    expect(await start.getAttribute('placeholder')).toBe('YYYY-MM-DD HH:mm:ss');

    await start.fill('2026/11/2 8:05');
    await start.blur();
    expect(await start.inputValue()).toBe('2026-11-02 08:05:00');
    await start.fill('11/27/2026, 12:00:00 AM');
    await start.blur();
    expect(await start.getAttribute('data-invalid')).toBe('true');
    await start.fill('2026-11-02 08:05:00');
    await start.blur();
    expect(await start.getAttribute('data-invalid')).toBeNull();
  });

  it('history: the map selector says the map shows the offline outline only (no map-tiles.json, nothing fetched)', async () => {
    const selected = '.of-map-provider select option:checked';
    await page.waitForFunction(`document.querySelector('${selected}')?.textContent?.includes('·')`, undefined, { timeout: 30_000 });
    expect(await page.locator(selected).textContent()).toBe('高德地图 · 未配置，仅离线底图');
  });

  it('history: the calendar starts weeks on Monday, picks a day and keeps the time of day', async () => {
    await page.locator('.of-track-start .of-datetime-open').click();
    const calendar = page.locator('.of-datetime-calendar');
    await calendar.waitFor();
    expect(await calendar.locator('.of-datetime-month-name').textContent()).toBe('2026-11');
    expect(await calendar.locator('.of-datetime-weekday').first().textContent()).toBe('一');
    await calendar.locator('[data-date="2026-11-16"]').click();
    expect(await page.locator('.of-track-start input').inputValue()).toBe('2026-11-16 08:05:00');
    await calendar.locator('.of-datetime-hour select').selectOption('21');
    expect(await page.locator('.of-track-start input').inputValue()).toBe('2026-11-16 21:05:00');
    await shot('history-picker');
    await page.keyboard.press('Escape');
  });

  it('the side menu nests 监控中心 under section headings; the open page\'s section is expanded', async () => {
    for (const heading of ['实时监控', '报警', '视频', '指令', '电子围栏', '报表统计', '车辆数据', '新能源', '运营']) {
      await menuNode(heading).waitFor({ timeout: 10_000 });
    }
    // historyTrack is open, so 实时监控 is expanded and its page selected.
    await menuNode('历史轨迹').waitFor();
    expect(await menu().locator('.bp6-tree-node-selected .bp6-tree-node-label').textContent()).toBe('历史轨迹');
    // Pages of a closed section are not listed until their heading opens; then they navigate.
    expect(await menuNode('在线统计').count()).toBe(0);
    await menuNode('报表统计').click();
    await menuNode('在线统计').click();
    await page.waitForURL(/\/monitor\/onlineStatistics$/);
    await shot('menu-sections');
    // Nothing under 其他: every seeded page has a section.
    expect(await menuNode('其他').count()).toBe(0);
    expect(browserErrors.filter((line) => line.startsWith('formats pageerror'))).toEqual([]);
  });
});
