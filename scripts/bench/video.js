/* global fetch, window, document, MediaSource, WebSocket, location -- Node 20 built-in; page functions run in Chromium */
// `npm run bench:video`: the video path on this machine, the standalone platform in this process.
//  1. ingest + remux: STREAMS terminals (a child process) stream the committed H.264 + G.711A sample
//     in real time, its video padded with filler NAL units to BENCH_MBIT (1.5) Mbit/s, over TCP
//     JT/T 1078, unwatched and then with one WebSocket viewer each; the platform process's CPU
//     over the window, as % of one core (G.711A -> Opus included).
//  2. fan-out: one such stream to VIEWERS WebSocket viewers: CPU and what each viewer received.
//  3. Chromium (Debian's, playwright-core): a simulated terminal (`simulate.js --video`, provisioned
//     through the API, strict registration) answers 0x9101 at once; from the click (POST
//     /video/live/open) to the first frame presented (requestVideoFrameCallback), CLICKS times; then
//     the added latency of a playing stream: now - (the server's wall clock at media time 0 +
//     mediaTime), sampled on every presented frame over LATENCY_S.
//  4. the displayed latency of the console's own tiles with 1, 4 and 9 tiles (video-latency.js:
//     capture to presentation, dropped frames), unless BENCH_SKIP_TILES.
// The remux alone (frames/s, x real time per core) is `npm run bench:video-remux`.
require('reflect-metadata');
const { execFile, spawn } = require('node:child_process');
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { chromium } = require('playwright-core');
const { Topics } = require('@openfleet/contracts');
const { startStandalone } = require('@openfleet/standalone');
const { EVENT_BUS } = require('@openfleet/service-kit');
const { Gateway808Server } = require('@openfleet/gateway-808');
const { MEDIA_TOKENS, MediaIngestServer, StreamHub } = require('@openfleet/video');
const { machineLine, percentile } = require('./machine');

const STREAMS = Number(process.env.BENCH_STREAMS ?? 100);
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CLICKS = Number(process.env.BENCH_CLICKS ?? 20);
const LATENCY_S = Number(process.env.BENCH_LATENCY_S ?? 20);
const BITS_PER_SECOND = Number(process.env.BENCH_MBIT ?? 1.5) * 1e6;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--autoplay-policy=no-user-gesture-required'];
const PASSWORD = 'Bench12345';
const log = (line) => process.stderr.write(`${line}\n`);

/** Registry entries for a terminal that has cameras, straight onto the in-process bus. */
async function registerCameras(bus, count, prefix) {
  const now = Date.now();
  const sims = Array.from({ length: count }, (_, i) => `0${prefix}${String(i).padStart(8, '0')}`);
  await bus.publish(Topics.terminalRegistry, sims.map((sim, i) => ({ key: sim.slice(1), value: { terminalPhone: sim.slice(1), terminalId: `bt${prefix}${i}`, terminalCode: 'BENCH01', vehicleId: `bv${prefix}${i}`, plateCode: `京B${prefix}${i}`, plateColor: 2, companyId: '1', authCode: '', registrationState: 1, protocolVersion: '2013', videoChannels: 1, deleted: false, updatedAt: now } })));
  await bus.publish(Topics.vehicleRegistry, sims.map((sim, i) => ({ key: `bv${prefix}${i}`, value: { vehicleId: `bv${prefix}${i}`, plateCode: `京B${prefix}${i}`, plateColor: 2, vin: '', companyId: '1', companyPath: ['1'], fleetPath: [], terminalPhone: sim.slice(1), vehicleType: 1, deleted: false, updatedAt: now } })));
  await new Promise((resolve) => setTimeout(resolve, 500));
  return sims;
}

/** Opens the streams the links will feed and a signed WebSocket URL per viewer. */
function openStreams(app, http, sims, viewersEach) {
  const hub = app.get(StreamHub);
  const tokens = app.get(MEDIA_TOKENS);
  return sims.map((sim, i) => {
    const stream = hub.open({ vehicleId: `bv${i}`, plateCode: '', companyId: '1', terminalPhone: sim, channel: 1, kind: 'live', streamType: 1, dataType: 0, openedBy: 'bench' });
    return Array.from({ length: viewersEach }, () => `ws://${http}/video/ws/${encodeURIComponent(stream.key)}?token=${encodeURIComponent(tokens.issue(stream.key, 'bench').token)}`);
  });
}

/** Runs the load child and measures this process's CPU meanwhile. */
function load(app, sims, viewerUrls) {
  const mediaPort = app.get(MediaIngestServer).tcpPort();
  const cpuBefore = process.cpuUsage();
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [join(__dirname, 'video-load.js'), JSON.stringify({ mediaPort, sims, bitsPerSecond: BITS_PER_SECOND, seconds: SECONDS, viewerUrls })], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => {
      if (error) return reject(error);
      const cpu = process.cpuUsage(cpuBefore);
      const wallS = Number(process.hrtime.bigint() - started) / 1e9;
      resolve({ ...JSON.parse(stdout), cpuPercent: ((cpu.user + cpu.system) / 1e6 / wallS) * 100, wallS });
    });
  });
}

async function loadTable(app, http, bus) {
  const rows = [];
  const [single] = await registerCameras(bus, 1, '171');
  log(`fan-out: 1 stream to ${VIEWERS} viewers x ${SECONDS} s`);
  const fan = await load(app, [single], openStreams(app, http, [single], VIEWERS));
  const received = fan.viewers.map((viewer) => viewer.fragments).sort((a, b) => a - b);
  rows.push([`fan-out, 1 stream to ${VIEWERS} viewers`, `${((fan.sentBytes * 8) / 1e6 / SECONDS).toFixed(2)} Mbit/s`, fan.cpuPercent.toFixed(0), `fragments per viewer: min ${received[0]}, max ${received.at(-1)}`]);
  await settle(app);

  for (const viewersEach of [0, 1]) {
    const streams = await registerCameras(bus, STREAMS, viewersEach ? '172' : '170');
    log(`ingest: ${STREAMS} streams x ${SECONDS} s, ${viewersEach} viewer(s) each`);
    const ingest = await load(app, streams, openStreams(app, http, streams, viewersEach));
    const mbitEach = (ingest.sentBytes * 8) / 1e6 / SECONDS / STREAMS;
    const fragments = ingest.viewers.reduce((sum, viewer) => sum + viewer.fragments, 0);
    rows.push([`ingest + remux, ${STREAMS} streams, ${viewersEach} viewer(s) each`, `${mbitEach.toFixed(2)} Mbit/s each`, ingest.cpuPercent.toFixed(0), viewersEach ? `${Math.round(fragments / SECONDS)} fragments/s to viewers` : '-']);
    await settle(app);
  }
  return rows;
}

/** Ends every stream and lets the process go quiet before the next measure. */
async function settle(app) {
  closeAll(app);
  await new Promise((resolve) => setTimeout(resolve, 3000));
}

function closeAll(app) {
  const hub = app.get(StreamHub);
  for (const stream of hub.all()) hub.close(stream.key, 'admin');
}

/** A provisioned simulated terminal with cameras, answering 0x9101 by streaming at once. */
async function simulatedTerminal(app, api) {
  const gateway = app.get(Gateway808Server).address().port;
  const child = spawn(process.execPath, [join(__dirname, '../simulator/simulate.js'), '--provision', '--video', '--api', api, '--password', PASSWORD, '--vehicles', '1', '--interval', '5', '--phone-prefix', '175', '--port', String(gateway), '--duration', String(CLICKS * 6 + LATENCY_S + 120)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

async function apiLogin(api) {
  const response = await fetch(`${api}/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: PASSWORD }) });
  return (await response.json()).data.access_token;
}

/** Page side: opens a channel live, plays it through MSE, answers the ms from the click to the first presented frame. */
async function pageOpen({ vehicleId, channel, token }) {
  const clicked = performance.now();
  const response = await fetch('/video/live/open', { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify({ vehicleId, channel, streamType: 1 }) });
  const envelope = await response.json();
  if (!envelope.flag) throw new Error(`open: ${envelope.errorCode} ${envelope.msg}`);
  const video = document.createElement('video');
  video.muted = true;
  video.autoplay = true;
  document.body.append(video);
  const source = new MediaSource();
  video.src = URL.createObjectURL(source);
  await new Promise((resolve) => source.addEventListener('sourceopen', resolve, { once: true }));
  const ws = new WebSocket(location.origin.replace(/^http/, 'ws') + envelope.data.wsUrl);
  ws.binaryType = 'arraybuffer';
  const queue = [];
  let buffer;
  const pump = () => {
    if (buffer && !buffer.updating && queue.length) buffer.appendBuffer(queue.shift());
    if (video.buffered.length) {
      const end = video.buffered.end(video.buffered.length - 1);
      if (end - video.currentTime > 0.3) video.currentTime = end - 0.05;
    }
  };
  const state = { ws, video, originMs: undefined, latencies: [], streamKey: envelope.data.streamKey };
  ws.onmessage = (event) => {
    if (typeof event.data !== 'string') return queue.push(event.data), pump();
    const message = JSON.parse(event.data);
    if (message.type === 'init') {
      buffer = source.addSourceBuffer(message.mime);
      buffer.mode = 'segments';
      buffer.addEventListener('updateend', pump);
    } else if (message.type === 'origin') state.originMs = message.originMs;
  };
  const firstFrame = await new Promise((resolve) => video.requestVideoFrameCallback(() => resolve(performance.now())));
  const sample = (_now, metadata) => {
    if (state.originMs !== undefined) state.latencies.push(Date.now() - (state.originMs + metadata.mediaTime * 1000));
    video.requestVideoFrameCallback(sample);
  };
  video.requestVideoFrameCallback(sample);
  window.__bench = state;
  return firstFrame - clicked;
}

async function browserTable(app, http) {
  const api = `http://${http}`;
  const terminal = await simulatedTerminal(app, api);
  const token = await apiLogin(api);
  let vehicleId;
  for (let i = 0; i < 100 && !vehicleId; i++) {
    const page = await (await fetch(`${api}/basic/vehicle?current=1&size=10&keyword=${encodeURIComponent('京')}`, { headers: { Authorization: `Bearer ${token}` } })).json();
    const found = (page.data?.records ?? [])[0];
    if (found) {
      const channels = await (await fetch(`${api}/video/vehicles/channels?vehicleId=${found.id}`, { headers: { Authorization: `Bearer ${token}` } })).json();
      if (channels.data?.online && channels.data.hasVideo) vehicleId = String(found.id);
    }
    if (!vehicleId) await new Promise((resolve) => setTimeout(resolve, 300));
  }
  if (!vehicleId) throw new Error(`the simulated terminal never came online:\n${terminal.output()}`);
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'openfleet-bench-video-')), { executablePath: CHROMIUM, headless: true, args: ARGS });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('crash', () => log('chromium: the page crashed'));
    page.on('console', (message) => process.env.BENCH_DEBUG && log(`page: ${message.text()}`));
    // A page the platform itself serves (a routed one would count as another address space, and
    // Chromium's local network access checks would block its WebSocket to 127.0.0.1).
    await page.goto(`${api}/health`);
    const clicks = [];
    for (let i = 0; i < CLICKS; i++) {
      clicks.push(await page.evaluate(pageOpen, { vehicleId, channel: 1 + (i % 4), token }));
      const streamKey = await page.evaluate(() => window.__bench.streamKey);
      await page.evaluate(() => (window.__bench.ws.close(), window.__bench.video.remove()));
      await fetch(`${api}/video/live/sessions/close`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify({ streamKey }) });
      await new Promise((resolve) => setTimeout(resolve, 1500));
    }
    await page.evaluate(pageOpen, { vehicleId, channel: 1, token });
    await new Promise((resolve) => setTimeout(resolve, 5000));
    await page.evaluate(() => (window.__bench.latencies.length = 0));
    await new Promise((resolve) => setTimeout(resolve, LATENCY_S * 1000));
    const latencies = (await page.evaluate(() => window.__bench.latencies)).sort((a, b) => a - b);
    const sorted = clicks.sort((a, b) => a - b);
    return [
      [`click to first frame (${CLICKS} opens, 0x9101 round trip)`, `${percentile(sorted, 0.5).toFixed(0)} ms`, `${percentile(sorted, 0.95).toFixed(0)} ms`, `${sorted.at(-1).toFixed(0)} ms`],
      [`added latency, ingest to presentation (${latencies.length} frames, ${LATENCY_S} s steady)`, `${percentile(latencies, 0.5).toFixed(0)} ms`, `${percentile(latencies, 0.95).toFixed(0)} ms`, `${latencies.at(-1)?.toFixed(0)} ms`],
    ];
  } finally {
    await context.close().catch(() => undefined);
    terminal.child.kill('SIGTERM');
  }
}

function printTable(headers, rows) {
  const widths = headers.map((header, c) => Math.max(header.length, ...rows.map((row) => String(row[c]).length)));
  const line = (cells) => `| ${cells.map((cell, c) => String(cell).padEnd(widths[c])).join(' | ')} |`;
  console.log(line(headers));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  rows.forEach((row) => console.log(line(row)));
  console.log('');
}

async function main() {
  const platform = await startStandalone({ ...process.env, HTTP_PORT: '0', HTTP_HOST: '127.0.0.1', GATEWAY_808_PORT: '0', GATEWAY_808_HOST: '127.0.0.1', ALARM_ATTACHMENT_PORT: '0', FORWARDER_809_SLAVE_PORT: '0', ENERGY_32960_PORT: '0', ENERGY_HJ1239_PORT: '0', VIDEO_MEDIA_TCP_PORT: '0', VIDEO_MEDIA_UDP_PORT: '-1', VIDEO_FTP_PORT: '-1', VIDEO_PUBLIC_HOST: '127.0.0.1', VIDEO_MAX_VIEWERS_PER_STREAM: String(Math.max(64, VIEWERS)), ADMIN_INITIAL_PASSWORD: PASSWORD, LOG_LEVEL: 'silent', GATEWAY_808_REGISTRATION: 'strict', DATA_DIR: mkdtempSync(join(tmpdir(), 'openfleet-bench-video-data-')) });
  const { app } = platform;
  const http = `127.0.0.1:${app.getHttpServer().address().port}`;
  try {
    printTable(['measure', 'media in', 'platform CPU (% of a core)', 'delivered'], await loadTable(app, http, app.get(EVENT_BUS)));
    if (!process.env.BENCH_SKIP_BROWSER) printTable(['in Chromium', 'p50', 'p95', 'max'], await browserTable(app, http));
    console.log(`The load and the browser run in other processes. ${machineLine()}`);
  } finally {
    await app.close();
  }
  // 4. The displayed latency with 1, 4 and 9 console tiles (issue 32): a platform of its own, after this one closed.
  if (!process.env.BENCH_SKIP_BROWSER && !process.env.BENCH_SKIP_TILES) await runTileLatency();
}

/** scripts/bench/video-latency.js in a child process: its table goes to this one's output. */
function runTileLatency() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(__dirname, 'video-latency.js')], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`video-latency.js exited with ${code}`))));
  });
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
