/* global fetch -- Node 20 built-in */
// `npm run bench:api`: login requests/s (argon2id verification per request) and the latency of the
// vehicle tree with 10,000 vehicles, against the standalone platform on SQLite in a temporary directory.
require('reflect-metadata');
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { performance } = require('node:perf_hooks');
const { getDataSourceToken } = require('@nestjs/typeorm');
const { startStandalone } = require('@openfleet/standalone');
const { machineLine, percentile } = require('./machine');

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 10_000);
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 20);
const LOGIN_SECONDS = Number(process.env.BENCH_LOGIN_SECONDS ?? 5);
const LOGIN_CONCURRENCY = Number(process.env.BENCH_LOGIN_CONCURRENCY ?? 8);
const TREE_REQUESTS = Number(process.env.BENCH_TREE_REQUESTS ?? 100);
const PASSWORD = 'Bench12345';

async function call(base, path, { method = 'GET', token, body } = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = await response.json();
  if (!envelope.flag) throw new Error(`${method} ${path}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

async function seed(base, app, token) {
  const companies = [];
  for (let c = 0; c < COMPANIES; c += 1) {
    const company = await call(base, '/basic/company', { method: 'POST', token, body: { name: `Bench Company ${String.fromCharCode(65 + (c % 26))}${'x'.repeat(Math.floor(c / 26))}` } });
    const fleet = await call(base, '/basic/fleet', { method: 'POST', token, body: { name: `F${c}`, companyId: company.id } });
    companies.push({ company, fleet });
  }
  const dataSource = app.get(getDataSourceToken('admin'));
  const rows = [];
  for (let v = 0; v < VEHICLES; v += 1) {
    const { company, fleet } = companies[v % companies.length];
    rows.push({
      plateCode: `B${String(v).padStart(6, '0')}`, plateColor: 2, vehicleType: 1 + (v % 25), companyId: company.id,
      companyPath: company.companyPath, fleetId: v % 2 ? fleet.id : null, fleetPath: v % 2 ? fleet.fleetPath : '', updatedAt: Date.now(),
    });
  }
  for (let i = 0; i < rows.length; i += 500) await dataSource.createQueryBuilder().insert().into(dataSource.getMetadata('vehicle').target).values(rows.slice(i, i + 500)).execute();
}

async function benchLogin(base) {
  const deadline = Date.now() + LOGIN_SECONDS * 1000;
  const latencies = [];
  const worker = async () => {
    while (Date.now() < deadline) {
      const started = performance.now();
      await call(base, '/login', { method: 'POST', body: { username: 'admin', password: PASSWORD } });
      latencies.push(performance.now() - started);
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: LOGIN_CONCURRENCY }, worker));
  return { count: latencies.length, seconds: (Date.now() - started) / 1000, sorted: latencies.sort((a, b) => a - b) };
}

async function benchTree(base, token) {
  const latencies = [];
  let nodes = 0;
  for (let i = 0; i < TREE_REQUESTS; i += 1) {
    const started = performance.now();
    const tree = await call(base, '/basic/tree/findVehicleTreeInfoList', { token });
    latencies.push(performance.now() - started);
    nodes = JSON.stringify(tree).length;
  }
  return { sorted: latencies.sort((a, b) => a - b), bytes: nodes };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'openfleet-bench-api-'));
  const platform = await startStandalone({ ...process.env, DATA_DIR: dataDir, HTTP_PORT: '0', LOG_LEVEL: 'error', ADMIN_INITIAL_PASSWORD: PASSWORD, AUTH_RATE_LIMIT_PER_MINUTE: '1000000', CONSOLE_DIR: join(dataDir, 'no-console') });
  const base = platform.urls.health.replace(/\/health$/, '');
  try {
    const { access_token: token } = await call(base, '/login', { method: 'POST', body: { username: 'admin', password: PASSWORD } });
    await seed(base, platform.app, token);
    const login = await benchLogin(base);
    const tree = await benchTree(base, token);
    const ms = (value) => value.toFixed(1);
    console.log('| measure | value |');
    console.log('|---|---|');
    console.log(`| login (argon2id), ${LOGIN_CONCURRENCY} concurrent | ${(login.count / login.seconds).toFixed(1)} req/s, p50 ${ms(percentile(login.sorted, 0.5))} ms, p99 ${ms(percentile(login.sorted, 0.99))} ms |`);
    console.log(`| vehicle tree, ${VEHICLES} vehicles / ${COMPANIES} companies, ${TREE_REQUESTS} sequential | p50 ${ms(percentile(tree.sorted, 0.5))} ms, p99 ${ms(percentile(tree.sorted, 0.99))} ms, ${(tree.bytes / 1024).toFixed(0)} KiB |`);
    console.log(machineLine());
  } finally {
    await platform.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
