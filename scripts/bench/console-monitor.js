// Page functions below run in the browser (page.evaluate / waitForFunction).
/* global window, document, PerformanceObserver, requestAnimationFrame, HTMLInputElement, Event */
// Monitoring screens in real Chromium (Debian's, through playwright-core; never `playwright install`):
//   1. 10,000 vehicles on the map with 1 Hz updates: fps while panning, main-thread ms per update tick,
//      long tasks (PerformanceObserver 'longtask').
//   2. Vehicle tree with 10,000 vehicles: first render and search time.
//   3. History playback of an 8,640-point day: query -> first frame (gzip body unzipped in the page).
// The page (console/bench) renders the real map module, store + throttle middleware, tree and history
// screen; data is synthetic (fed through the store / served by page routes), not the platform.
// Usage: npm run bench:console  [BENCH_VEHICLES=10000] [BENCH_PAN_S=10]
const { spawnSync } = require('node:child_process');
const { createReadStream, existsSync, mkdtempSync, rmSync, statSync } = require('node:fs');
const { createServer } = require('node:http');
const { tmpdir } = require('node:os');
const { extname, join, normalize } = require('node:path');
const { gzipSync } = require('node:zlib');
const { chromium } = require('playwright-core');
const { machineLine, percentile } = require('./machine');

const root = join(__dirname, '../..');
const dist = join(root, 'console/bench/dist');
const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 10_000);
const PAN_S = Number(process.env.BENCH_PAN_S ?? 10);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.png': 'image/png', '.svg': 'image/svg+xml' };

function buildPage() {
  const vite = join(root, 'console/node_modules/.bin/vite');
  const result = spawnSync(vite, ['build', '--config', 'bench/vite.config.ts', '--logLevel', 'error'], { cwd: join(root, 'console'), stdio: 'inherit' });
  if (result.status !== 0) throw new Error('bench page build failed');
}

function serve() {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname)).replace(/^([/\\])+/, '');
    const file = join(dist, path || 'index.html');
    if (!file.startsWith(dist) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const envelope = (data) => JSON.stringify({ flag: true, errorCode: 200, msg: 'ok', data });

/** One day at 10 s intervals (8,640 points) around Beijing, as findDailyMileage answers with isAllLocations=1. */
function dayTrack() {
  const start = Date.UTC(2026, 10, 22, 0, 0, 0) - 8 * 3600_000; // 2026-11-22 00:00 CST
  const points = [];
  let lng = 116.3;
  let lat = 39.9;
  for (let i = 0; i < 8640; i++) {
    const moving = i % 720 > 60; // a stop at the start of every two hours
    const speed = moving ? 30 + (i % 50) : 0;
    if (moving) {
      lng += 0.0003 * Math.cos(i / 300);
      lat += 0.0003 * Math.sin(i / 300);
    }
    const cst = new Date(start + i * 10_000 + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    points.push({ gpsTime: cst, gpsSpeed: speed, oilMass: 300 - i * 0.02, high: 50, latitude: lat, longitude: lng, mapLatitude: lat, mapLongitude: lng, direction: (i * 3) % 360, mileage: i * 0.1, accState: 1 });
  }
  const charts = { gpsTime: points.map((p) => p.gpsTime), gpsSpeed: points.map((p) => p.gpsSpeed), oilMass: points.map((p) => p.oilMass), high: points.map((p) => p.high) };
  const body = gzipSync(Buffer.from(envelope({ listAll: JSON.stringify(points), charts, mileageTotal: 240.5, mileageSource: 'computed', averageOil: 12.5, averageSpeed: 42.1, oilTotal: 30.1 })));
  const stops = Array.from({ length: 12 }, (_, k) => ({ startTime: points[k * 720].gpsTime, endTime: points[k * 720 + 60].gpsTime, durationS: 600, longitude: points[k * 720].longitude, latitude: points[k * 720].latitude, mapLongitude: 0, mapLatitude: 0 }));
  return { body, stops };
}

async function withPage(run) {
  const dir = mkdtempSync(join(tmpdir(), 'openfleet-bench-chromium-'));
  const context = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, headless: true, args: ARGS, viewport: { width: 1440, height: 900 } });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    return await run(page, errors);
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function mapBench(base, renderer, zoom) {
  return withPage(async (page, errors) => {
    await page.goto(`${base}/index.html?vehicles=${VEHICLES}&vehicleRenderer=${renderer}#map`);
    await page.waitForFunction(() => window.bench && window.bench.mapReady, null, { timeout: 60_000 });
    return page.evaluate(async ({ panSeconds, zoom }) => {
      const { bench } = window;
      const longTasks = [];
      new PerformanceObserver((list) => list.getEntries().forEach((entry) => longTasks.push(entry.duration))).observe({ type: 'longtask' });
      const view = bench.map.getView();
      view.setCenter([12950000, 4850000]);
      view.setZoom(zoom);
      await new Promise((done) => bench.map.once('rendercomplete', done));
      bench.startFeed();
      await new Promise((done) => setTimeout(done, 2500)); // let the first ticks land
      longTasks.length = 0;
      const ticksBefore = bench.ticks();
      bench.tickCosts.length = 0;
      bench.chunkCosts.length = 0;
      const frames = [];
      const started = performance.now();
      // Pan the way ol's DragPan does: an interaction on the view, the centre moved every frame.
      view.beginInteraction();
      await new Promise((done) => {
        let last = started;
        const step = (now) => {
          frames.push(now - last);
          last = now;
          const center = view.getCenter();
          view.setCenter([center[0] + 40 * view.getResolution() / 10, center[1]]);
          if (now - started < panSeconds * 1000) requestAnimationFrame(step);
          else done();
        };
        requestAnimationFrame(step);
      });
      const elapsed = performance.now() - started;
      view.endInteraction();
      bench.stopFeed();
      const visible = bench.map.getLayers().getArray().length;
      return { fps: frames.length / (elapsed / 1000), frames, tickCosts: bench.tickCosts.slice(), chunkCosts: bench.chunkCosts.slice(), ticks: bench.ticks() - ticksBefore, longTasks, layers: visible };
    }, { panSeconds: PAN_S, zoom }).then((result) => ({ ...result, errors }));
  });
}

async function treeBench(base) {
  return withPage(async (page, errors) => {
    const started = Date.now();
    await page.goto(`${base}/index.html?vehicles=${VEHICLES}#tree`);
    await page.waitForSelector('.of-tree-row');
    const firstRender = await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done({ sinceRender: performance.now() - window.bench.renderStarted, flattenMs: window.bench.flattenMs }))));
    const searches = [];
    for (const needle of ['A09999', 'A0123', '沪', 'nomatch']) {
      searches.push(await page.evaluate((text) => new Promise((done) => {
        const input = document.querySelector('.of-vehicle-tree-search input');
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
        const t0 = performance.now();
        setter.call(input, text);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        // Painted: two animation frames after the input event.
        requestAnimationFrame(() => requestAnimationFrame(() => done({ needle: text, ms: performance.now() - t0, rows: document.querySelectorAll('.of-tree-row').length })));
      }), needle));
    }
    return { firstRender, searches, wallMs: Date.now() - started, errors };
  });
}

async function historyBench(base) {
  const { body, stops } = dayTrack();
  return withPage(async (page, errors) => {
    const tree = [{ key: 'c1', id: 1, name: 'Bench', type: 'company', children: [{ key: 'v1', id: 1, name: '京A00001', type: 'vehicle', plateCode: '京A00001' }] }];
    await page.route('**/basic/tree/findVehicleTreeInfoList**', (route) => route.fulfill({ contentType: 'application/json', body: envelope(tree) }));
    await page.route('**/gps/position/findLatestPositions**', (route) => route.fulfill({ contentType: 'application/json', body: envelope([]) }));
    await page.route('**/gps/vtrack/findHistoryTrack**', (route) => route.fulfill({ contentType: 'application/json', body: envelope({ vehicleId: '1', plateCode: '京A00001', mileageTotal: 240.5, pointCount: 8640, stops }) }));
    await page.route('**/gps/vtrack/findDailyMileage**', (route) => route.fulfill({ contentType: 'application/octet-stream', body }));
    await page.goto(`${base}/index.html#history`);
    await page.click('[data-key="v1"]');
    // The query form's default window is today; the synthetic day is fixed, the routes ignore dates.
    await page.click('.of-track-submit');
    await page.waitForFunction(() => performance.getEntriesByName('history-first-frame').length > 0, null, { timeout: 30_000 });
    const firstFrameMs = await page.evaluate(() => performance.getEntriesByName('history-first-frame')[0].duration);
    const points = await page.getAttribute('.of-history-map', 'data-points');
    // Play at 8x for two seconds: the track time must advance about 16 s.
    await page.selectOption('.of-playback-speed select', '8');
    const before = Number(await page.getAttribute('.of-playback-time', 'data-at'));
    await page.click('.of-playback-play');
    await page.waitForTimeout(2000);
    const after = Number(await page.getAttribute('.of-playback-time', 'data-at'));
    const cursor = await page.getAttribute('.of-track-charts', 'data-cursor');
    return { firstFrameMs, points: Number(points), advancedS: after - before, cursor: Number(cursor), bytes: body.length, errors };
  });
}

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted[sorted.length - 1] ?? NaN };
}

async function main() {
  buildPage();
  const server = await serve();
  const base = `http://127.0.0.1:${server.address().port}`;
  try {
    // canvas: what the console picks without a hardware GPU (as here); webgl: forced, for comparison.
    // Zoom 11: every vehicle in view (clustered); zoom 14: street level, one icon per vehicle in view.
    const runs = [['canvas', 11], ['canvas', 14], ['webgl', 14]];
    const maps = [];
    for (const [renderer, zoom] of runs) maps.push({ ...(await mapBench(base, renderer, zoom)), renderer, zoom });
    const tree = await treeBench(base);
    const history = await historyBench(base);
    const f = (n) => (Number.isFinite(n) ? n.toFixed(1) : '-');
    console.log(`\nconsole monitoring benchmark (${VEHICLES} vehicles, synthetic data through the real store/map/tree/history code)\n`);
    console.log('| measure | result | goal |');
    console.log('|---|---|---|');
    for (const map of maps) {
      const renderer = `${map.renderer === 'webgl' ? 'WebGL (software GL here)' : 'canvas'}, zoom ${map.zoom}${map.zoom <= 11 ? ' (clusters)' : ''}`;
      const frames = stats(map.frames);
      const ticks = stats(map.tickCosts);
      const chunks = stats(map.chunkCosts);
      const chunkTotal = map.chunkCosts.reduce((sum, ms) => sum + ms, 0) / Math.max(1, map.ticks);
      console.log(`| map, ${renderer}: fps while panning, ${VEHICLES} vehicles, 1 Hz updates (${PAN_S} s) | ${f(map.fps)} fps (frame p50 ${f(frames.p50)} ms, p95 ${f(frames.p95)} ms, max ${f(frames.max)} ms) | >= 50 fps |`);
      console.log(`| map, ${renderer}: update tick (reducer + selectors + React render + diff, one task) | p50 ${f(ticks.p50)} ms, p95 ${f(ticks.p95)} ms, max ${f(ticks.max)} ms over ${map.tickCosts.length} ticks | <= 16 ms |`);
      console.log(`| map, ${renderer}: update tick, feature-update chunks (${map.chunkCosts.length} tasks) | per task p50 ${f(chunks.p50)} ms, p95 ${f(chunks.p95)} ms, max ${f(chunks.max)} ms; sum per tick ${f(chunkTotal)} ms | <= 16 ms per task |`);
      console.log(`| map, ${renderer}: store updates during the pan (10 socket messages per second) | ${map.ticks} | one per tick |`);
      console.log(`| map, ${renderer}: long tasks during the pan (> 50 ms) | ${map.longTasks.length}${map.longTasks.length ? `, max ${f(Math.max(...map.longTasks))} ms` : ''} | - |`);
    }
    console.log(`| tree: first render, ${VEHICLES} vehicles (page script start -> painted) | ${f(tree.firstRender.sinceRender)} ms (flatten ${f(tree.firstRender.flattenMs)} ms) | <= 1000 ms |`);
    for (const search of tree.searches) console.log(`| tree: search "${search.needle}" -> painted | ${f(search.ms)} ms (${search.rows} rows in DOM) | <= 100 ms |`);
    console.log(`| history: query -> first frame, ${history.points}-point day (${(history.bytes / 1024).toFixed(0)} KiB gzip, served by a page route) | ${f(history.firstFrameMs)} ms | <= 1500 ms |`);
    console.log(`| history: 2 s of playback at 8x | track time +${history.advancedS} s, chart cursor at point ${history.cursor} | ~16 s |`);
    const errors = [...maps.flatMap((map) => map.errors), ...tree.errors, ...history.errors];
    if (errors.length) console.log(`\npage errors: ${errors.join(' | ')}`);
    console.log(`\nchromium: ${CHROMIUM} ${ARGS.join(' ')}`);
    console.log(machineLine());
  } finally {
    server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
