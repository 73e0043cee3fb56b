// Issue 28's tour, in real Chromium against the real standalone server with simulated vehicles: an
// operator whose role is narrower than the super administrator's (an operations role of the
// platform company holding every page's codes) opens every page of the menu in zh_CN and again in
// en_US. On no page: the 404 placeholder, an uncaught page error or console error, a failed
// request (HTTP >= 400, a refused envelope, a network failure), or an i18n key shown as text.
// Screenshots of every page: .infra/screenshots/tour-<language>-<screen>.png.
import { readdirSync, readFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Response } from 'playwright-core';
import { browserErrors, openProfile, type Profile } from './browser';
import { startMonitorPlatform, type MonitorPlatform } from './monitor-platform';
import { repoRoot } from './platform';
import { shot, shots, signIn } from './steps';

const PASSWORD = 'E2eTour2026';
const OPERATOR = 'tour_ops';
const OPERATOR_PASSWORD = 'TourOperator2026';

interface TreeNode {
  label: string;
  href?: string | null;
  actionCode?: string | null;
  children?: TreeNode[] | null;
}

let platform: MonitorPlatform;
let profile: Profile;
let page: Page;
let pages: { path: string; screen: string }[] = [];
/** Problems of the page being visited (reset per visit). */
let problems: string[] = [];

/** Every i18n key of the console: a key shown as text means a missing translation. */
const i18nKeys = (() => {
  const dir = join(repoRoot, 'console/src/i18n');
  const keys = new Set<string>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    for (const key of Object.keys(JSON.parse(readFileSync(join(dir, file), 'utf8')) as object)) keys.add(key);
  }
  // Keys that are also ordinary words or values never count ("common" alone is not a key anyway).
  return [...keys].filter((key) => key.includes('.') && key.length > 6);
})();

async function api<T>(path: string, token: string, body?: object): Promise<T> {
  const response = await fetch(`${platform.baseUrl}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = (await response.json()) as { flag: boolean; data: T };
  if (!envelope.flag) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

function codesOf(nodes: TreeNode[], into = new Set<string>()): Set<string> {
  for (const node of nodes) {
    if (node.actionCode) into.add(node.actionCode);
    codesOf(node.children ?? [], into);
  }
  return into;
}

function pagesOf(nodes: TreeNode[], into: { path: string; screen: string }[] = []): { path: string; screen: string }[] {
  for (const node of nodes) {
    const href = (node.href ?? '').trim();
    const children = node.children ?? [];
    if (href && href !== '#' && !children.some((child) => (child.children ?? []).length > 0 || (child.href ?? '').trim())) {
      into.push({ path: href.startsWith('/') ? href : `/${href}`, screen: href.split('/').filter(Boolean).pop() ?? '' });
    }
    pagesOf(children, into);
  }
  return into;
}

/** A response the console should never meet on a page it may open. */
async function judge(response: Response): Promise<void> {
  const url = response.url();
  // map-tiles.json is a deployment's optional file (README, Maps): its absence is not a failure.
  if (!url.startsWith(platform.baseUrl) || url.endsWith('/map-tiles.json')) return;
  if (response.status() >= 400) {
    problems.push(`HTTP ${response.status()} ${response.request().method()} ${url.slice(platform.baseUrl.length)}`);
    return;
  }
  if (!(response.headers()['content-type'] ?? '').includes('application/json')) return;
  const body = (await response.json().catch(() => null)) as { flag?: boolean; errorCode?: number; msg?: string } | null;
  if (body && body.flag === false) problems.push(`refused ${body.errorCode} ${body.msg} ${response.request().method()} ${url.slice(platform.baseUrl.length)}`);
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  platform = await startMonitorPlatform(PASSWORD, 4);
  const admin = (await api<{ access_token: string }>('/login', '', { username: 'admin', password: PASSWORD })).access_token;
  const tree = await api<TreeNode[]>('/basic/resource/getCurrentUserTree', admin);
  const role = await api<{ id: number }>('/basic/role', admin, { name: '巡检运营', roleType: 2, actionCodes: [...codesOf(tree)] });
  await api('/basic/user', admin, { account: OPERATOR, name: '巡检员', password: OPERATOR_PASSWORD, userType: 1, roleIds: [role.id] });
  const operator = (await api<{ access_token: string }>('/login', '', { username: OPERATOR, password: OPERATOR_PASSWORD })).access_token;
  pages = pagesOf(await api<TreeNode[]>('/basic/resource/getCurrentUserTree', operator));
  profile = await openProfile('tour');
  page = profile.page;
  // Map tiles are not ours to serve (and this machine has no internet).
  await profile.context.route(/autonavi\.com|openstreetmap\.org|amap\.com/, (route) => route.abort());
  page.on('response', (response) => void judge(response));
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    // Leaving a page aborts what it still had in flight; aborted map tiles are ours (above).
    if (request.url().startsWith(platform.baseUrl) && !failure.includes('ERR_ABORTED')) problems.push(`failed ${request.method()} ${request.url()}: ${failure}`);
  });
  await signIn(page, platform.baseUrl, OPERATOR, OPERATOR_PASSWORD);
}, 240_000);

afterAll(async () => {
  await profile?.close();
  await platform?.stop();
});

async function tour(language: 'zh_CN' | 'en_US'): Promise<string[]> {
  const found: string[] = [];
  for (const { path, screen } of pages) {
    problems = [];
    const errorsBefore = browserErrors.length;
    // As a user goes from page to page in the menu: the router navigates, the console is not reloaded
    // (a reload per page spent most of the tour's time parsing the same bundle again).
    await page.evaluate(`history.pushState(null, '', ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent('popstate'))`);
    await page.waitForURL((url) => url.pathname === path, { timeout: 10_000 });
    await page.locator('.of-side-menu').waitFor({ timeout: 60_000 });
    // The screen's code is a lazy chunk: let it mount (and show its spinner) before waiting the spinner out.
    await page.waitForTimeout(200);
    // Each screen loads its data; give the answers time to land before judging.
    await page.locator('.of-page-state .bp6-spinner').waitFor({ state: 'detached', timeout: 20_000 }).catch(() => undefined);
    // Pages that poll or stream never go idle: a short bound, the answers of a first load land well within it.
    await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
    await page.waitForTimeout(300);
    if (await page.locator('.of-page-state', { hasText: language === 'zh_CN' ? '页面不存在' : 'Page not found' }).count()) problems.push('shows the 404 placeholder');
    const text = await page.evaluate('document.body.innerText') as string;
    const shown = i18nKeys.filter((key) => text.includes(key));
    if (shown.length) problems.push(`untranslated: ${shown.slice(0, 5).join(', ')}`);
    problems.push(...browserErrors.slice(errorsBefore));
    await shot(page, `tour-${language}-${screen}`);
    if (problems.length) found.push(`${language} ${path}: ${[...new Set(problems)].join(' | ')}`);
  }
  return found;
}

describe('the tour: every menu page as a narrower operator', () => {
  it('finds every page of the menu seed in the operator menu', () => {
    // The seed has 100+ pages; an operations role of the platform company gets them all.
    expect(pages.length).toBeGreaterThan(100);
  });

  it('opens every page in zh_CN with no error, failed request or untranslated key', async () => {
    expect(await tour('zh_CN')).toEqual([]);
  }, 1_200_000);

  it('opens every page in en_US with no error, failed request or untranslated key', async () => {
    await page.locator('.of-header select').filter({ has: page.locator('option[value="en_US"]') }).selectOption('en_US');
    await page.locator('.of-side-menu').waitFor();
    expect(await tour('en_US')).toEqual([]);
  }, 1_200_000);
});
