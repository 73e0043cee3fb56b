// Page functions below run in the browser (page.evaluate / waitForFunction).
/* global window, PerformanceObserver */
// `npm run bench:dashboard`: the big screen (/monitor/bigDataShow) with 100,000 vehicles.
//   1. Server: the hub's aggregator (services/api/src/live-hub/dashboard) holding 100,000 vehicles in
//      2,000 company/fleet groups and a full day's trend: CPU per event, CPU per push (one sum per
//      scope: a super administrator and 50 company users).
//   2. Chromium: the standalone platform in this process, its real hub pushing to the real console
//      page (Debian's Chromium, playwright-core): the page's update (store + render + map drawn) per
//      push from the page's own performance measure, and the JS heap after GC at the start and the
//      end of DASHBOARD_PUSHES pushes (720 = two hours of a 10 s tick, here at 250 ms).
// Usage: npm run bench:dashboard  [BENCH_VEHICLES=100000] [BENCH_PUSHES=720] [BENCH_SKIP_BROWSER=1]
require('reflect-metadata');
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { chromium } = require('playwright-core');
const { CHINA_PROVINCES, chinaDayStart, chinaDate } = require('@openfleet/contracts');
const { machineLine, percentile } = require('./machine');
const { runMain } = require('./bench-kit');

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 100_000);
const PUSHES = Number(process.env.BENCH_PUSHES ?? 720);
const TICK_MS = Number(process.env.BENCH_TICK_MS ?? 250);
const COMPANIES = 500;
const FLEETS_PER_COMPANY = 4;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const PASSWORD = 'Bench12345';
const log = (line) => process.stderr.write(`${line}\n`);
const cpuMs = (start) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};
const signed = (value) => `${value >= 0 ? '+' : ''}${value.toFixed(2)}`;
const cell = (sorted) => `${percentile(sorted, 0.5).toFixed(2)} / ${percentile(sorted, 0.95).toFixed(2)} / ${sorted.at(-1).toFixed(2)} ms`;

/** A deterministic pseudo-random sequence (the same fleet every run). */
function random(seed) {
  let state = seed;
  return () => ((state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
}

function vehicleEntry(i) {
  const company = String(100 + (i % COMPANIES));
  const fleet = `${company}-${Math.floor(i / COMPANIES) % FLEETS_PER_COMPANY}`;
  return { vehicleId: `v${i}`, plateCode: `京B${String(i).padStart(6, '0')}`, plateColor: 2, vin: '', companyId: company, companyPath: ['1', company], fleetPath: [fleet], terminalPhone: `0139${String(i).padStart(8, '0')}`, deleted: false, updatedAt: 1 };
}

/** 100,000 vehicles: 70 % online, spread over the provinces, 15 % electric. */
function loadFleet(aggregator, next) {
  for (let i = 0; i < VEHICLES; i++) {
    aggregator.applyVehicle(`v${i}`, vehicleEntry(i));
    const province = CHINA_PROVINCES[Math.floor(next() * CHINA_PROVINCES.length)];
    aggregator.applyState(`v${i}`, next() < 0.7, next() < 0.5 ? 40 : 0, province.lon + next() - 0.5, province.lat + next() - 0.5);
    if (i % 7 === 0) aggregator.applyEnergy(`v${i}`, next() < 0.2 ? 1 : 3, next() * 100);
  }
}

/** A tick's worth of traffic: `count` positions with odometer steps and a few alarms. */
function traffic(aggregator, next, count, now, serial) {
  for (let k = 0; k < count; k++) {
    const i = Math.floor(next() * VEHICLES);
    const province = CHINA_PROVINCES[i % CHINA_PROVINCES.length];
    aggregator.applyPosition(`v${i}`, province.lon, province.lat, next() < 0.6 ? 50 : 0, 100_000 + serial * 3 + (i % 5), now);
  }
  for (let k = 0; k < Math.ceil(count / 200); k++) {
    const i = Math.floor(next() * VEHICLES);
    aggregator.applyAlarm({ alarmId: `a${serial}-${k}`, vehicleId: `v${i}`, type: ['overspeed', 'fatigueDriving', 'emergency', 'fenceIn'][k % 4], level: k % 4, startedAt: now, latitude: 31.2, longitude: 121.5 }, now);
  }
}

async function serverTable() {
  // Provinces from the offline boundary index, as in the running hub once it has loaded.
  await require('@openfleet/geo').placeIndexReady();
  const { DashboardAggregator } = require('../../services/api/dist/live-hub/dashboard/dashboard-aggregator');
  const next = random(7);
  const dayStart = chinaDayStart(chinaDate(Date.now()));
  const aggregator = new DashboardAggregator(dayStart);
  let start = process.cpuUsage();
  loadFleet(aggregator, next);
  const loadMs = cpuMs(start);
  // A full day of trend points (144) in every group: the largest sum a push makes.
  for (let step = 0; step < 144; step++) aggregator.tick(dayStart + step * 600_000, 600_000);
  const now = dayStart + 143 * 600_000 + 1;
  start = process.cpuUsage();
  traffic(aggregator, next, VEHICLES, now, 1);
  const perEventUs = (cpuMs(start) * 1000) / (VEHICLES * 1.005);
  const scopes = [{ key: '*', scope: { superAdmin: true, companies: new Set(), fleets: new Set() } }];
  for (let c = 0; c < 50; c++) scopes.push({ key: `c${c}`, scope: { superAdmin: false, companies: new Set([String(100 + c)]), fleets: new Set() } });
  const admin = [];
  const company = [];
  const push = [];
  // Round 0 fills the caches (each scope's groups, the day's trend): reported apart from the steady pushes.
  for (let round = 0; round < 61; round++) {
    traffic(aggregator, next, 2_000, now + round, round + 2);
    const pushStart = process.cpuUsage();
    aggregator.tick(now + round, 600_000);
    for (const { key, scope } of scopes) {
      const one = process.cpuUsage();
      const payload = aggregator.payloadFor(scope, key, now + round);
      (key === '*' ? admin : company).push(cpuMs(one));
      if (key === '*' && payload.vehicles.total !== VEHICLES) throw new Error(`total ${payload.vehicles.total}`);
    }
    push.push(cpuMs(pushStart));
  }
  const coldPush = push.shift();
  admin.shift();
  company.splice(0, 50);
  const bytes = Buffer.byteLength(JSON.stringify(aggregator.payloadFor(scopes[0].scope, '*', now)));
  const sort = (values) => values.sort((a, b) => a - b);
  return [
    ['load 100,000 vehicles (registry, state, energy)', `${loadMs.toFixed(0)} ms CPU`],
    ['one event (position or alarm)', `${perEventUs.toFixed(2)} µs CPU`],
    ['sum for a super administrator (2,000 groups, 144 trend points)', cell(sort(admin))],
    ['sum for a company user (4 groups)', cell(sort(company))],
    ['one push: tick + 51 scopes', cell(sort(push))],
    ['the first push (caches cold)', `${coldPush.toFixed(2)} ms`],
    ['payload (super administrator, JSON)', `${(bytes / 1024).toFixed(1)} KB`],
  ];
}

async function browserTable() {
  const { startStandalone } = require('@openfleet/standalone');
  const { DashboardGateway } = require('@openfleet/api');
  const dataDir = mkdtempSync(join(tmpdir(), 'openfleet-bench-dashboard-data-'));
  const platform = await startStandalone({
    ...process.env, HTTP_PORT: '0', HTTP_HOST: '127.0.0.1', GATEWAY_808_PORT: '0', ALARM_ATTACHMENT_PORT: '0', FORWARDER_809_SLAVE_PORT: '0', ENERGY_32960_PORT: '0',
    ENERGY_HJ1239_PORT: '0', VIDEO_MEDIA_TCP_PORT: '0', VIDEO_MEDIA_UDP_PORT: '-1', VIDEO_FTP_PORT: '-1', ADMIN_INITIAL_PASSWORD: PASSWORD, LOG_LEVEL: 'silent',
    CONSOLE_DIR: join(__dirname, '../../console/dist'), DATA_DIR: dataDir, DASHBOARD_TICK_MS: String(TICK_MS),
  });
  const { app } = platform;
  const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;
  const gateway = app.get(DashboardGateway);
  const next = random(11);
  loadFleet(gateway.aggregator, next);
  let serial = 0;
  // Figures move between pushes as a busy fleet's would: 2,000 positions and 10 alarms per tick.
  const feeder = setInterval(() => traffic(gateway.aggregator, next, 2_000, Date.now(), ++serial), TICK_MS);
  const dir = mkdtempSync(join(tmpdir(), 'openfleet-bench-chromium-'));
  const context = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, headless: true, args: ARGS, viewport: { width: 1920, height: 1080 }, locale: 'zh-CN' });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(() => {
      window.__dashboardMeasures = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (entry.name === 'dashboard-update-render') window.__dashboardMeasures.push(entry.duration);
      }).observe({ entryTypes: ['measure'] });
    });
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto(`${base}/login`);
    await page.waitForSelector('#auth-username', { timeout: 60_000 }).catch(async (error) => {
      await page.screenshot({ path: join(tmpdir(), 'openfleet-bench-dashboard-login.png') });
      throw new Error(`${error.message}; page errors: ${errors.join('; ')}`);
    });
    await page.fill('#auth-username', 'admin');
    await page.fill('#auth-password', PASSWORD);
    await page.locator('button[type=submit]').click();
    await page.waitForSelector('.of-side-menu');
    await page.goto(`${base}/monitor/bigDataShow`);
    await page.waitForSelector('.of-province-map canvas', { timeout: 30_000 });
    const cdp = await context.newCDPSession(page);
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize / 1024 / 1024;
    };
    const pushes = () => page.evaluate(() => window.__dashboardMeasures.length);
    const waitPushes = async (count) => {
      while ((await pushes()) < count) await new Promise((resolve) => setTimeout(resolve, 500));
    };
    const warmUp = 20;
    await waitPushes(warmUp);
    const heapStart = await heap();
    const started = Date.now();
    log(`dashboard: ${PUSHES} pushes at ${TICK_MS} ms...`);
    await waitPushes(warmUp + PUSHES / 2);
    const heapMiddle = await heap();
    await waitPushes(warmUp + PUSHES);
    const heapEnd = await heap();
    const seconds = (Date.now() - started) / 1000;
    const measures = (await page.evaluate(() => window.__dashboardMeasures)).slice(warmUp).sort((a, b) => a - b);
    await page.screenshot({ path: join(tmpdir(), 'openfleet-bench-dashboard.png') });
    const total = await page.locator('[data-testid=kpi-total] .of-bs-kpi-value').innerText();
    if (errors.length) log(`page errors: ${errors.join('; ')}`);
    return [
      [`page update per push (store + render + map), ${measures.length} pushes`, cell(measures)],
      ['pushes over 16 ms', `${measures.filter((ms) => ms > 16).length}`],
      [`JS heap after GC: after ${warmUp} → ${warmUp + PUSHES / 2} → ${warmUp + PUSHES} pushes (${seconds.toFixed(0)} s)`, `${heapStart.toFixed(2)} → ${heapMiddle.toFixed(2)} → ${heapEnd.toFixed(2)} MB (second half ${signed(heapEnd - heapMiddle)} MB)`],
      ['hub aggregation of the last push (CPU)', `${gateway.lastAggregationMs.toFixed(2)} ms`],
      ['vehicles shown', total],
    ];
  } finally {
    clearInterval(feeder);
    await context.close();
    rmSync(dir, { recursive: true, force: true });
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function printTable(headers, rows) {
  const widths = headers.map((header, c) => Math.max(header.length, ...rows.map((row) => String(row[c]).length)));
  const line = (cells) => `| ${cells.map((value, c) => String(value).padEnd(widths[c])).join(' | ')} |`;
  console.log(line(headers));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  rows.forEach((row) => console.log(line(row)));
  console.log('');
}

runMain(async () => {
  printTable([`server, ${VEHICLES.toLocaleString('en')} vehicles`, 'p50 / p95 / max'], await serverTable());
  if (!process.env.BENCH_SKIP_BROWSER) printTable([`Chromium, ${VEHICLES.toLocaleString('en')} vehicles`, 'figure'], await browserTable());
  console.log(machineLine());
});
