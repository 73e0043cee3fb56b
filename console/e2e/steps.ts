// Small page steps shared by the console e2e spec.
import { join } from 'node:path';
import { chinaSecondOfDay, formatChinaTime } from '@openfleet/contracts';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { repoRoot } from './platform';

/** Screenshots of the main screens (git-ignored). */
export const shots = join(repoRoot, '.infra/screenshots');

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: false });
}

/** Cached tabs stay mounted but hidden: only the visible screen counts. */
export const cell = (page: Page, text: string) => page.locator('.bp6-table-cell:visible', { hasText: text });

/** Clicks the table cell showing `text` (selects its row). */
export async function selectRow(page: Page, text: string): Promise<void> {
  await cell(page, text).first().click();
}

/** Submits the open dialog and waits until it is gone (the save was accepted). */
export async function saveDialog(page: Page): Promise<void> {
  await page.locator('.bp6-dialog button[type=submit]').click();
  await page.waitForSelector('.bp6-dialog', { state: 'detached' });
}

/** An xlsx of SIM cards with the API's field names as headers. */
export async function simSheet(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('sim');
  sheet.addRow(['number', 'operator']);
  rows.forEach((row) => sheet.addRow(row));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Signs in on the login screen and waits for the menu. */
export async function signIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.fill('#auth-username', username);
  await page.fill('#auth-password', password);
  await page.locator('button[type=submit]').click();
  await page.waitForSelector('.of-side-menu');
}

/**
 * The visible vehicle-tree row showing `plate`, expanding its company (and reloading now and then:
 * a vehicle provisioned a moment ago reaches the tree with the next registry snapshot).
 */
export async function treeVehicle(page: Page, plate: string) {
  const vehicle = page.locator('.of-tree-row:visible', { hasText: plate }).first();
  const company = page.locator('.of-tree-row[data-key^="c"]:visible').first();
  await company.waitFor({ timeout: 30_000 });
  for (let attempt = 0; attempt < 10 && !(await vehicle.isVisible()); attempt++) {
    if (attempt % 3 === 2) await page.reload();
    await company.locator('.of-tree-name').click().catch(() => undefined);
    await vehicle.waitFor({ timeout: 3_000 }).catch(() => undefined);
  }
  return vehicle;
}

/**
 * Resolves once the page's live-hub socket (socket.io over a WebSocket) has connected, so an event
 * sent after it reaches the page. Call it before the navigation that opens the socket.
 */
export function liveHubConnected(page: Page, timeoutMs = 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the live hub socket did not connect in ${timeoutMs} ms`)), timeoutMs);
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/socket.io/')) return;
      socket.on('framereceived', ({ payload }) => {
        // Engine.IO message (4) carrying the socket.io CONNECT packet (0): the hub accepted us.
        if (typeof payload === 'string' && payload.startsWith('40')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  });
}

/**
 * Waits until China's day (the reporting day pages open on) began at least `sinceS` seconds ago
 * and has `aheadS` seconds left, so reports sent from `sinceS` ago until `aheadS` from now all fall
 * on the day the pages show. At most `sinceS + aheadS` of waiting, and only near China's midnight.
 */
export async function awaitChinaDayRoom(sinceS: number, aheadS: number): Promise<void> {
  const second = chinaSecondOfDay(Date.now());
  const waitS = second < sinceS ? sinceS - second : second > 86_400 - aheadS ? 86_400 - second + sinceS : 0;
  if (waitS > 0) await new Promise((resolve) => setTimeout(resolve, (waitS + 1) * 1000));
}

/**
 * Types history playback's window (China time; by default the last two hours and ten minutes
 * ahead). The page opens on today from 00:00, so a test whose reports began before midnight (CI
 * runs at any hour) names its window, as an operator after midnight would.
 */
export async function setTrackWindow(page: Page, fromMs = Date.now() - 2 * 3_600_000, toMs = Date.now() + 10 * 60_000): Promise<void> {
  for (const [box, at] of [['start', fromMs], ['end', toMs]] as const) {
    const input = page.locator(`.of-track-${box} input:visible`);
    await input.fill(formatChinaTime(at));
    await input.blur();
  }
}
