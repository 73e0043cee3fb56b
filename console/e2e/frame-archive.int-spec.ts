// The original-message query (/index/originalMessageQuery) in real Chromium against the real
// standalone server with the simulator's terminal over TCP: the gateway captures its frames, the
// frame archive stores them, and the page finds them by the terminal's phone; a frame opens with its
// hex and its decoding side by side. Screenshot: .infra/screenshots/frame-archive-*.png (git-ignored).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { openProfile, type Profile } from './browser';
import { repoRoot, startMonitorPlatform, type MonitorPlatform } from './monitor-platform';
import { signIn } from './steps';

jest.setTimeout(180_000);

const PASSWORD = 'E2eFrames2024';
// The simulator's first terminal (scripts/simulator/sim-terminal.js simNumberOf('138', 0)).
const PHONE = '13800000001';
const shots = join(repoRoot, '.infra/screenshots');

let platform: MonitorPlatform;
let browser: Profile;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  platform = await startMonitorPlatform(PASSWORD, 1);
  browser = await openProfile('frames', { offline: true });
  ({ page } = browser);
  page.on('pageerror', (error) => pageErrors.push(error.message));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

describe('original-message query (standalone server + the simulator)', () => {
  it("finds the simulator terminal's frames by its phone and shows one's hex and decoding side by side", async () => {
    await signIn(page, platform.baseUrl, 'admin', PASSWORD);
    await page.goto(`${platform.baseUrl}/index/originalMessageQuery`);
    const search = page.locator('.of-frame-archive form[role=search] input').first();
    await search.fill(PHONE);
    const positions = page.locator('.bp6-table-cell:visible', { hasText: '0x0200' });
    // The simulator registers, authenticates and reports once a second: search again until its positions are listed.
    for (let attempt = 0; attempt < 30 && !(await positions.first().isVisible()); attempt++) {
      await page.locator('.of-frame-archive form[role=search] button[type=submit]').click();
      await positions.first().waitFor({ timeout: 2000 }).catch(() => undefined);
    }
    await positions.first().waitFor();
    // Both directions are there: the terminal's reports and the platform's replies (0x8001).
    await page.locator('.bp6-table-cell:visible', { hasText: '0x8001' }).first().waitFor();
    await page.screenshot({ path: join(shots, 'frame-archive-list.png') });

    await page.locator('.of-frame-open:visible').first().click();
    const panel = page.locator('.of-frame-detail');
    await panel.waitFor();
    const hex = await panel.locator('.of-frame-hex').innerText();
    expect(hex).toMatch(/^0000 {2}7E /);
    const decoded = JSON.parse(await panel.locator('.of-frame-json').innerText()) as { msgId: string };
    expect(decoded.msgId).toMatch(/^0x[0-9a-f]{4}$/i);
    await page.screenshot({ path: join(shots, 'frame-archive-detail.png') });
    expect(pageErrors).toEqual([]);
  });
});
