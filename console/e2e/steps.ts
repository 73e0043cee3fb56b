// Small page steps shared by the console e2e spec.
import { join } from 'node:path';
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
