// Video in real Chromium against the real standalone server and a simulated JT/T 808 terminal with
// cameras (`simulate.js --video`, provisioned through the API, strict registration): videoPlay opens
// the vehicle's four channels into a 4-split, each asked over 0x9101 and streamed back over JT/T 1078
// (H.264 + G.711A, remuxed to fMP4 with Opus); every tile plays (readyState 4, currentTime moving,
// audio decoded). h5Playback lists the recordings (0x9205), plays one (0x9201) and speeds it up to 4x
// (0x9202). Screenshots: .infra/screenshots/video-*.png.
import type { Page } from 'playwright-core';
import { browserErrors, type Profile } from './browser';
import type { MonitorPlatform } from './monitor-platform';
import { closeMonitorSuite, openMonitorSuite } from './monitor-suite';
import { shot, signIn } from './steps';

const PASSWORD = 'E2eVideo2026';

let platform: MonitorPlatform;
let profile: Profile;
let page: Page;

interface TileState {
  readyState: number;
  currentTime: number;
  audioBytes: number;
  width: number;
}

/** What each visible tile's <video> shows (page functions are strings: this project compiles without the DOM types). */
const tiles = () =>
  page.evaluate<TileState[]>(
    `[...document.querySelectorAll('[data-testid=video-tile] video')].filter((video) => video.offsetParent !== null)
      .map((video) => ({ readyState: video.readyState, currentTime: video.currentTime, audioBytes: video.webkitAudioDecodedByteCount ?? 0, width: video.videoWidth }))`,
  );
const playbackTime = () => page.evaluate<number>(`document.querySelector('.of-playback-tile video').currentTime`);

/** Selects the simulated vehicle in the visible tree (its company may start folded). */
async function pickVehicle() {
  const vehicle = page.locator('.of-tree-row[data-key^="v"]:visible').first();
  const company = page.locator('.of-tree-row[data-key^="c"]:visible').first();
  await company.waitFor({ timeout: 30_000 });
  for (let attempt = 0; attempt < 5 && !(await vehicle.isVisible()); attempt++) {
    await company.locator('.of-tree-name').click();
    await vehicle.waitFor({ timeout: 3_000 }).catch(() => undefined);
  }
  await vehicle.locator('.of-tree-name').click();
}

beforeAll(async () => {
  ({ platform, profile, page } = await openMonitorSuite('video', PASSWORD, 1, { video: true }));
}, 120_000);

afterAll(() => closeMonitorSuite({ profile, platform }));

describe('console video (standalone server + a simulated terminal with cameras)', () => {
  it('plays the four channels of a vehicle in a 4-split, with audio', async () => {
    await signIn(page, platform.baseUrl, 'admin', PASSWORD);
    await page.goto(`${platform.baseUrl}/monitor/videoPlay`);
    // The simulated terminal must be online before the channels open (0x9101 to an offline one fails).
    for (let attempt = 0; attempt < 30; attempt++) {
      await pickVehicle();
      if (await page.locator('.of-video-channels .bp6-tag', { hasText: /在线|Online/ }).first().isVisible()) break;
      await page.waitForTimeout(1000);
    }
    await page.waitForFunction(`[...document.querySelectorAll('[data-testid=video-tile]')].filter((tile) => tile.getAttribute('data-stream-key')).length === 4`, undefined, { timeout: 30_000 });
    await page.waitForFunction(`[...document.querySelectorAll('[data-testid=video-tile] video')].filter((video) => video.readyState === 4).length >= 4`, undefined, { timeout: 30_000 });
    const before = await tiles();
    await page.waitForTimeout(2000);
    const after = await tiles();
    expect(after).toHaveLength(4);
    after.forEach((tile, i) => {
      expect(tile).toMatchObject({ readyState: 4, width: 480 });
      expect(tile.currentTime).toBeGreaterThan(before[i].currentTime + 1);
      expect(tile.audioBytes).toBeGreaterThan(0);
    });
    const keys = await page.locator('[data-testid=video-tile]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-stream-key')));
    expect(new Set(keys.filter(Boolean)).size).toBe(4);
    await shot(page, 'video-4-split');
    expect(browserErrors).toEqual([]);
  }, 120_000);

  it('plays a recording back and speeds it up to 4x', async () => {
    await page.goto(`${platform.baseUrl}/monitor/h5Playback`);
    await pickVehicle();
    await page.locator('button:visible', { hasText: /查询|Query/ }).first().click();
    const segment = page.locator('[data-testid=playback-timeline] .of-playback-segment').first();
    await segment.waitFor({ timeout: 20_000 });
    await segment.click();
    await page.waitForFunction(`(document.querySelector('.of-playback-tile video')?.readyState ?? 0) === 4`, undefined, { timeout: 30_000 });
    await page.locator('.of-playback-speeds button', { hasText: '4x' }).click();
    await page.waitForTimeout(1500);
    const start = await playbackTime();
    await page.waitForTimeout(4000);
    const end = await playbackTime();
    // Four times faster than the wall clock, give or take the player catching up with what arrived.
    expect(end - start).toBeGreaterThan(6);
    await shot(page, 'video-playback-4x');
    expect(browserErrors).toEqual([]);
  }, 120_000);
});
