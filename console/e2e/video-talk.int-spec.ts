// Talk-back in real Chromium: a fake microphone plays a generated 1 kHz tone
// (--use-file-for-fake-audio-capture), the operator presses talk on a videoPlay tile and holds
// push-to-talk; the tone goes up the talk WebSocket, down the simulated terminal's talk link as
// G.711A (0x9101 data type 2), the simulator echoes it, and it comes back into the tile's audio,
// where an AnalyserNode must find its peak near 1 kHz. A second talker on the channel gets 3020;
// ending the talk sends 0x9102 (command 4). Screenshot: .infra/screenshots/video-talk.png.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { browserErrors, CHROMIUM, watchErrors } from './browser';
import { startMonitorPlatform, type MonitorPlatform } from './monitor-platform';
import { shot, shots, signIn } from './steps';

const PASSWORD = 'E2eTalk2026';
const TONE_HZ = 1000;

let platform: MonitorPlatform;
let context: BrowserContext;
let page: Page;
let profileDir: string;
let token = '';

/** A 16-bit mono WAV of a sine (Chromium loops it as the fake microphone). */
function toneWav(path: string, hz: number, seconds: number, rate = 48000): void {
  const samples = rate * seconds;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let n = 0; n < samples; n++) wav.writeInt16LE(Math.round(12000 * Math.sin((2 * Math.PI * hz * n) / rate)), 44 + n * 2);
  writeFileSync(path, wav);
}

async function api<T>(path: string, body?: object): Promise<{ flag: boolean; errorCode: number; data: T }> {
  const response = await fetch(`${platform.baseUrl}${path}`, { method: body ? 'POST' : 'GET', headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: body ? JSON.stringify(body) : undefined });
  return (await response.json()) as { flag: boolean; errorCode: number; data: T };
}

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

/** The talk session's figures in the page (window.__talkStats, by talk id). */
const talkStats = (talkId: string) =>
  page.evaluate<{ state: string; chunksSent: number; samplesReceived: number; peakHz: number }>(
    `(() => { const stats = window.__talkStats[${JSON.stringify(talkId)}]; return { state: stats.state, chunksSent: stats.chunksSent, samplesReceived: stats.samplesReceived, peakHz: stats.peakHz() }; })()`,
  );

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  platform = await startMonitorPlatform(PASSWORD, 1, { video: true });
  profileDir = mkdtempSync(join(tmpdir(), 'openfleet-chromium-talk-'));
  const wav = join(profileDir, 'tone-1khz.wav');
  toneWav(wav, TONE_HZ, 10);
  context = await chromium.launchPersistentContext(join(profileDir, 'profile'), {
    executablePath: CHROMIUM,
    headless: true,
    // The house's flags (browser.ts) plus a fake microphone playing the tone, granted without a prompt.
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${wav}`, '--autoplay-policy=no-user-gesture-required'],
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    permissions: ['microphone'],
  });
  page = context.pages()[0] ?? (await context.newPage());
  watchErrors(page, 'video-talk');
  await context.route(/autonavi\.com|openstreetmap\.org/, (route) => route.abort());
  token = (await api<{ access_token: string }>('/login', { username: 'admin', password: PASSWORD })).data.access_token;
}, 120_000);

afterAll(async () => {
  await context?.close();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  await platform?.stop();
});

describe('talk-back from the console (standalone server + a simulated terminal that echoes)', () => {
  it('sends a fake microphone tone to the terminal and hears it back in the tile; a second talker gets 3020; ending sends 0x9102', async () => {
    await signIn(page, platform.baseUrl, 'admin', PASSWORD);
    await page.goto(`${platform.baseUrl}/monitor/videoPlay`);
    for (let attempt = 0; attempt < 30; attempt++) {
      await pickVehicle();
      if (await page.locator('.of-video-channels .bp6-tag', { hasText: /在线|Online/ }).first().isVisible()) break;
      await page.waitForTimeout(1000);
    }
    const tile = page.locator('[data-testid=video-tile]').first();
    await page.waitForFunction(`!!document.querySelector('[data-testid=video-tile]').getAttribute('data-stream-key')`, undefined, { timeout: 30_000 });

    await tile.locator('[data-testid=talk-start]').click();
    const controls = tile.locator('[data-testid=talk-controls]');
    await controls.and(page.locator('[data-talk-state=linked]')).waitFor({ timeout: 30_000 });
    const talkId = (await controls.getAttribute('data-talk-id'))!;

    // A second talker on the same vehicle channel is refused with 3020.
    const [session] = (await api<{ vehicleId: string }[]>('/video/live/sessions')).data;
    const busy = await api('/video/talk/open', { vehicleId: session.vehicleId, channel: 1 });
    expect(busy.errorCode).toBe(3020);

    // Push-to-talk: held, the microphone goes up; the echo comes back and plays in the tile.
    const before = await talkStats(talkId);
    expect(before.chunksSent).toBe(0);
    await tile.locator('[data-testid=talk-hold]').hover();
    await page.mouse.down();
    await page.waitForFunction(`window.__talkStats[${JSON.stringify(talkId)}].samplesReceived > 8000`, undefined, { timeout: 20_000 });
    const heard: number[] = [];
    for (let i = 0; i < 5; i++) {
      heard.push((await talkStats(talkId)).peakHz);
      await page.waitForTimeout(200);
    }
    await page.mouse.up();
    await shot(page, 'video-talk');
    const during = await talkStats(talkId);
    expect(during.chunksSent).toBeGreaterThan(25);
    // The analyser's bins are 3.9 Hz wide at 8 kHz: the tone comes back at 1 kHz, not as noise.
    expect(heard.filter((hz) => Math.abs(hz - TONE_HZ) < 20).length).toBeGreaterThanOrEqual(3);
    // Released: nothing more goes up.
    await page.waitForTimeout(300);
    const released = (await talkStats(talkId)).chunksSent;
    await page.waitForTimeout(500);
    expect((await talkStats(talkId)).chunksSent).toBe(released);

    await tile.locator('[data-testid=talk-end]').click();
    await tile.locator('[data-testid=talk-start]').waitFor({ timeout: 10_000 });
    // The close goes to the terminal as 0x9102 command 4 (close talk-back): it is in the order log.
    let closes: Record<string, unknown>[] = [];
    for (let attempt = 0; attempt < 20 && !closes.some((params) => params.command === 4); attempt++) {
      await page.waitForTimeout(500);
      const orders = await api<{ records: { body: Record<string, unknown> }[] }>('/gps/sendOrder/page?current=1&size=50&commandType=videoLiveControl');
      closes = orders.data?.records?.map((order) => order.body) ?? [];
    }
    expect(closes).toContainEqual(expect.objectContaining({ channel: 1, command: 4 }));
    expect(browserErrors).toEqual([]);
  }, 180_000);
});
