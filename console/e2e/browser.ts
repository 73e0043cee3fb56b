// Debian's Chromium driven by playwright-core (never `playwright install`), one fresh profile each.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface Profile {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly close: () => Promise<void>;
}

/** Console errors and uncaught page errors of every page, for the "no console errors" check. */
export const browserErrors: string[] = [];

export function watchErrors(page: Page, label: string): void {
  page.on('console', (message) => {
    if (message.type() === 'error') browserErrors.push(`${label} console: ${message.text()} (${page.url()})`);
  });
  page.on('pageerror', (error) => browserErrors.push(`${label} pageerror: ${error.message} (${page.url()})`));
}

/** A persistent context on a fresh `--user-data-dir` (Playwright passes it for us). */
export async function openProfile(label: string, options: { offline?: boolean } = {}): Promise<Profile> {
  const dir = mkdtempSync(join(tmpdir(), 'openfleet-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  watchErrors(page, label);
  // offline: no test may depend on the network; public tile servers are unreachable, as on an offline site.
  if (options.offline) await context.route(/autonavi\.com|openstreetmap\.org/, (route) => route.abort());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
