/* global window, document -- page functions run in Chromium */
// Displayed latency in Chromium with 1, 4 and 9 live tiles (issue 32): the standalone platform in
// this process serving the real console (built here with vite unless CONSOLE_DIR names a build), a
// simulated terminal with nine cameras (`simulate.js --video --video-channels 9`, provisioned through
// the API, strict registration) and Debian's Chromium signed in on videoPlay. For each split the
// vehicle's channels fill the tiles (sub-stream), and after WARMUP_S every presented frame of every
// tile is sampled over LATENCY_S: capture (the simulator stamps each JT/T 1078 packet from its wall
// clock; the origin message gives the stamp at media time 0) + mediaTime to requestVideoFrameCallback's
// expected display time, as the console's player records it (`window.__videoStats`). Dropped frames
// are getVideoPlaybackQuality's, over the same window.
// Usage: node scripts/bench/video-latency.js [BENCH_SPLITS=1,4,9] [BENCH_LATENCY_S=20] [BENCH_WARMUP_S=8]
require('reflect-metadata');
const { spawn, spawnSync } = require('node:child_process');
const { existsSync, mkdtempSync } = require('node:fs');
const { loadavg, tmpdir } = require('node:os');
const { join } = require('node:path');
const { chromium } = require('playwright-core');
const { startStandalone } = require('@openfleet/standalone');
const { Gateway808Server } = require('@openfleet/gateway-808');
const { machineLine, percentile } = require('./machine');

const root = join(__dirname, '../..');
const SPLITS = (process.env.BENCH_SPLITS ?? '1,4,9').split(',').map(Number);
const LATENCY_S = Number(process.env.BENCH_LATENCY_S ?? 20);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 8);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--autoplay-policy=no-user-gesture-required'];
const PASSWORD = 'Bench12345';
const CHANNELS = Math.max(...SPLITS);
const log = (line) => process.stderr.write(`${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The console to serve: CONSOLE_DIR, or a fresh vite build of this checkout in a temporary folder. */
function consoleBuild() {
  if (process.env.CONSOLE_DIR) return process.env.CONSOLE_DIR;
  const outDir = mkdtempSync(join(tmpdir(), 'openfleet-bench-console-'));
  log(`building the console into ${outDir}`);
  const vite = join(root, 'console/node_modules/.bin/vite');
  const result = spawnSync(vite, ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], { cwd: join(root, 'console'), stdio: 'inherit' });
  if (result.status !== 0 || !existsSync(join(outDir, 'index.html'))) throw new Error('console build failed');
  return outDir;
}

function simulatedCameras(api, gatewayPort) {
  const child = spawn(process.execPath, [join(root, 'scripts/simulator/simulate.js'), '--provision', '--video', '--video-channels', String(CHANNELS), '--api', api, '--password', PASSWORD, '--vehicles', '1', '--interval', '5', '--alarm-rate', '0', '--phone-prefix', '176', '--port', String(gatewayPort)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => (output = (output + chunk).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return { child, output: () => output };
}

/** Signs in and opens videoPlay with the simulated vehicle online. */
async function openVideoPlay(page, api, terminal) {
  await page.goto(`${api}/login`);
  await page.fill('#auth-username', 'admin');
  await page.fill('#auth-password', PASSWORD);
  await page.locator('button[type=submit]').click();
  await page.waitForSelector('.of-side-menu', { timeout: 60_000 });
  await page.goto(`${api}/monitor/videoPlay`);
  for (let attempt = 0; attempt < 60; attempt++) {
    await pickVehicle(page);
    if (await page.locator('.of-video-channels .bp6-tag', { hasText: /在线|Online/ }).first().isVisible()) return;
    await sleep(1000);
  }
  throw new Error(`the simulated terminal never came online:\n${terminal.output()}`);
}

async function pickVehicle(page) {
  const vehicle = page.locator('.of-tree-row[data-key^="v"]:visible').first();
  const company = page.locator('.of-tree-row[data-key^="c"]:visible').first();
  await company.waitFor({ timeout: 30_000 });
  for (let attempt = 0; attempt < 5 && !(await vehicle.isVisible()); attempt++) {
    await company.locator('.of-tree-name').click();
    await vehicle.waitFor({ timeout: 3_000 }).catch(() => undefined);
  }
  await vehicle.locator('.of-tree-name').click();
}

/** Page side: the stats of the tiles on screen (the console's player keeps them per stream). */
function tileStats() {
  const keys = [...document.querySelectorAll('[data-testid=video-tile]')].map((tile) => tile.getAttribute('data-stream-key')).filter(Boolean);
  return keys.map((key) => window.__videoStats?.[key]).filter(Boolean);
}

/** One split: fills it with the vehicle's channels, waits for every tile to play, samples the window. */
async function measureSplit(page, split) {
  // Empty the wall (a 1-split drops the others), then the chosen split, then the vehicle fills it.
  await page.locator(`.of-video-splits button[data-split="1"]`).click();
  await page.locator('[data-testid=video-tile] button[aria-label="关闭"], [data-testid=video-tile] button[aria-label="Close"]').first().click().catch(() => undefined);
  await page.locator(`.of-video-splits button[data-split="${split}"]`).click();
  await pickVehicle(page);
  await page.waitForFunction((n) => [...document.querySelectorAll('[data-testid=video-tile] video')].filter((video) => video.readyState >= 3).length >= n, split, { timeout: 60_000 });
  await sleep(WARMUP_S * 1000);
  const before = await page.evaluate(`(${tileStats})().map((stats) => { stats.latencies.length = 0; return { dropped: stats.dropped, total: stats.totalFrames }; })`);
  if (process.env.BENCH_DEBUG) {
    const trace = [];
    for (let t = 0; t < LATENCY_S * 4; t++) {
      trace.push(await page.evaluate(`(${tileStats})().map((stats) => [stats.leadMs, Math.round(stats.latencyMs), stats.rate].join('/')).join(' ')`));
      await sleep(250);
    }
    log(trace.join('\n'));
  } else await sleep(LATENCY_S * 1000);
  const after = await page.evaluate(`(${tileStats})().map((stats) => ({ latencies: stats.latencies.slice(), dropped: stats.dropped, total: stats.totalFrames, seeks: stats.seeks, rate: stats.rate, lead: stats.leadMs, mime: stats.mime }))`);
  if (process.env.BENCH_DEBUG) log(JSON.stringify(after.map((tile) => ({ ...tile, latencies: tile.latencies.length }))));
  const latencies = after.flatMap((tile) => tile.latencies).sort((a, b) => a - b);
  const dropped = after.reduce((sum, tile, i) => sum + tile.dropped - (before[i]?.dropped ?? 0), 0);
  const total = after.reduce((sum, tile, i) => sum + tile.total - (before[i]?.total ?? 0), 0);
  const perTileP95 = after.map((tile) => percentile([...tile.latencies].sort((a, b) => a - b), 0.95));
  return { split, tiles: after.length, frames: latencies.length, latencies, dropped, total, seeks: after.reduce((sum, tile) => sum + tile.seeks, 0), worstTileP95: Math.max(...perTileP95), load: loadavg()[0] };
}

async function main() {
  const consoleDir = consoleBuild();
  const platform = await startStandalone({ ...process.env, HTTP_PORT: '0', HTTP_HOST: '127.0.0.1', GATEWAY_808_PORT: '0', GATEWAY_808_HOST: '127.0.0.1', ALARM_ATTACHMENT_PORT: '0', FORWARDER_809_SLAVE_PORT: '0', ENERGY_32960_PORT: '0', ENERGY_HJ1239_PORT: '0', VIDEO_MEDIA_TCP_PORT: '0', VIDEO_MEDIA_UDP_PORT: '-1', VIDEO_FTP_PORT: '-1', VIDEO_PUBLIC_HOST: '127.0.0.1', ADMIN_INITIAL_PASSWORD: PASSWORD, LOG_LEVEL: 'silent', GATEWAY_808_REGISTRATION: 'strict', CONSOLE_DIR: consoleDir, DATA_DIR: mkdtempSync(join(tmpdir(), 'openfleet-bench-latency-data-')) });
  const { app } = platform;
  const api = `http://127.0.0.1:${app.getHttpServer().address().port}`;
  const terminal = simulatedCameras(api, app.get(Gateway808Server).address().port);
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'openfleet-bench-latency-')), { executablePath: CHROMIUM, headless: true, args: ARGS, viewport: { width: 1600, height: 1000 }, locale: 'zh-CN' });
  const rows = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('crash', () => log('chromium: the page crashed'));
    await context.route(/autonavi\.com|openstreetmap\.org/, (route) => route.abort());
    await openVideoPlay(page, api, terminal);
    for (const split of SPLITS) {
      log(`${split} tile(s): warm-up ${WARMUP_S} s, then ${LATENCY_S} s sampled`);
      const result = await measureSplit(page, split);
      const share = result.total ? (result.dropped / result.total) * 100 : 0;
      rows.push([`${result.tiles} tile(s), sub-stream, ${result.frames} frames`, `${percentile(result.latencies, 0.5)} ms`, `${percentile(result.latencies, 0.95)} ms`, `${result.latencies.at(-1)} ms`, `${result.worstTileP95} ms`, `${share.toFixed(2)} % (${result.dropped}/${result.total})`, String(result.seeks), result.load.toFixed(2)]);
    }
  } finally {
    await context.close().catch(() => undefined);
    terminal.child.kill('SIGTERM');
    await app.close();
  }
  const headers = ['displayed latency, capture to presentation', 'p50', 'p95', 'max', 'worst tile p95', 'dropped', 'jumps', 'load (1 min)'];
  const widths = headers.map((header, c) => Math.max(header.length, ...rows.map((row) => String(row[c]).length)));
  const line = (cells) => `| ${cells.map((cell, c) => String(cell).padEnd(widths[c])).join(' | ')} |`;
  console.log([line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n'));
  console.log(`\nThe platform runs in this process, the simulator and Chromium in others. ${machineLine()}`);
}

if (require.main === module) {
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
