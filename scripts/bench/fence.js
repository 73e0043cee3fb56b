// `npm run bench:fence`: platform-side fence evaluation — positions per CPU-second of the fence
// service with 10,000 vehicles and 10,000 fences (every vehicle bound to every fence through its
// fleet, the worst case for bindings; the R-tree keeps the cost to the fences near a vehicle) — and
// a differential check of the R-tree + shape tests against brute force over 1,000,000 random points.
// The fence module runs in this process on SQLite with the in-process bus; no Kafka needed.
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { getDataSourceToken } = require('@nestjs/typeorm');
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { InProcessBus, silentBusLogger } = require('@openfleet/bus');
const { Topics } = require('@openfleet/contracts');
const { PlatformConfig, PlatformModule, loadConfig } = require('@openfleet/service-kit');
const { FenceModule, FenceEvaluatorService, FenceCatalogue } = require('@openfleet/fence');
const { contains } = require('@openfleet/fence/dist/evaluation/fence-shape');
const { machineLine } = require('./machine');

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 10_000);
const FENCES = Number(process.env.BENCH_FENCES ?? 10_000);
const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 200_000);
const DIFF_POINTS = Number(process.env.BENCH_DIFF_POINTS ?? 1_000_000);
const DIFF_FENCES = Number(process.env.BENCH_DIFF_FENCES ?? 200);
// Beijing and around: 1.0 x 0.8 degrees.
const AREA = { lng: 115.9, lat: 39.6, w: 1.0, h: 0.8 };

let seed = 42;
const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);

function randomFence(i) {
  const lng = AREA.lng + random() * AREA.w;
  const lat = AREA.lat + random() * AREA.h;
  const size = 0.002 + random() * 0.01;
  switch (i % 4) {
    case 0:
      return { type: 1, geometry: { type: 'circle', center: [lng, lat], radiusM: 100 + random() * 800 } };
    case 1:
      return { type: 2, geometry: { type: 'rectangle', northWest: [lng, lat + size], southEast: [lng + size, lat] } };
    case 2: {
      const n = 5 + Math.floor(random() * 6);
      const points = Array.from({ length: n }, (_, k) => {
        const angle = (2 * Math.PI * k) / n;
        const r = size * (0.5 + random() * 0.5);
        return [lng + r * Math.cos(angle), lat + r * Math.sin(angle)];
      });
      return { type: 3, geometry: { type: 'polygon', points } };
    }
    default: {
      const points = [[lng, lat], [lng + size, lat + size / 2], [lng + 2 * size, lat]];
      return { type: 4, geometry: { type: 'route', points, segments: [{ widthM: 60, longThresholdS: 0, shortThresholdS: 0, maxSpeedKmh: 0 }, { widthM: 60, longThresholdS: 0, shortThresholdS: 0, maxSpeedKmh: 0 }] } };
    }
  }
}

async function main() {
  const env = { LOG_LEVEL: 'silent', DB_ENGINE: 'sqlite', DATA_DIR: mkdtempSync(join(tmpdir(), 'openfleet-bench-fence-')), AUTH_JWT_SECRET: 'bench-fence-0123456789-0123456789-0123456789' };
  const bus = new InProcessBus({ logger: silentBusLogger });
  const app = await NestFactory.create(
    { module: class BenchRoot {}, imports: [PlatformModule.forRoot({ processName: 'bench-fence', config: loadConfig(PlatformConfig, env), bus, env }), FenceModule] },
    { logger: false },
  );
  await app.init();
  const dataSource = app.get(getDataSourceToken('fence'));
  const now = Date.now();
  const fences = dataSource.getRepository('Fence');
  const rows = Array.from({ length: FENCES }, (_, i) => ({ name: `F${i}`, attributes: 8, companyId: '1', companyPath: '/1/', createdAt: now, updatedAt: now, ...randomFence(i) }));
  for (let i = 0; i < rows.length; i += 500) await fences.insert(rows.slice(i, i + 500));
  const ids = (await dataSource.query('SELECT id FROM fence')).map((r) => Number(r.id));
  for (let i = 0; i < ids.length; i += 500) await dataSource.query(`INSERT INTO fence_binding (fence_id, target_type, target_id, created_at) VALUES ${ids.slice(i, i + 500).map((id) => `(${id}, 'fleet', 'F1', ${now})`).join(',')}`);
  const phoneOf = (i) => `139${String(i).padStart(8, '0')}`;
  await bus.publish(Topics.vehicleRegistry, Array.from({ length: VEHICLES }, (_, i) => ({ key: `v${i}`, value: { vehicleId: `v${i}`, plateCode: `京B${i}`, plateColor: 1, vin: '', companyId: '1', companyPath: ['1'], fleetPath: ['F1'], terminalPhone: phoneOf(i), deleted: false, updatedAt: now } })));
  const catalogue = app.get(FenceCatalogue);
  await catalogue.reload();
  const evaluator = app.get(FenceEvaluatorService);

  // Vehicles random-walk at 10 s per report.
  const vehicles = Array.from({ length: VEHICLES }, () => ({ lng: AREA.lng + random() * AREA.w, lat: AREA.lat + random() * AREA.h }));
  const t0 = Math.floor(now / 1000) - POSITIONS;
  const makeBatch = (from, count) =>
    Array.from({ length: count }, (_, k) => {
      const n = from + k;
      const i = n % VEHICLES;
      const v = vehicles[i];
      v.lng += (random() - 0.5) * 0.002;
      v.lat += (random() - 0.5) * 0.002;
      return { key: phoneOf(i), value: { terminalPhone: phoneOf(i), vehicleId: `v${i}`, gpsTimeS: t0 + Math.floor(n / VEHICLES) * 10, receivedAtMs: now, latitudeE6: Math.round(v.lat * 1e6), longitudeE6: Math.round(v.lng * 1e6), altitudeM: 0, speedDkmh: 400, directionDeg: 0, alarmFlags: 0, statusFlags: 3, mileageHm: 0, hasMileage: false, fuelDl: 0, hasFuel: false, recordedSpeedDkmh: 0, hasRecordedSpeed: false, blindArea: false, serial: n, sequence: 0, extrasJson: '' }, partition: 0, offset: String(n) };
    });
  // Warm-up, then the measured run in bus-sized batches.
  await evaluator.handle(makeBatch(0, 5000));
  const cpu = process.cpuUsage();
  const wall = process.hrtime.bigint();
  let events = 0;
  const count = evaluator.evaluated;
  const originalPublish = bus.publish.bind(bus);
  bus.publish = async (topic, records) => {
    if (topic === Topics.fenceEvent) events += Array.isArray(records) ? records.length : 1;
    return originalPublish(topic, records);
  };
  for (let n = 5000; n < 5000 + POSITIONS; n += 5000) await evaluator.handle(makeBatch(n, 5000));
  const used = process.cpuUsage(cpu);
  const cpuS = (used.user + used.system) / 1e6;
  const wallS = Number(process.hrtime.bigint() - wall) / 1e9;
  const evaluated = evaluator.evaluated - count;

  // Differential: the index's answer against every fence's shape test, for random points.
  const sample = Array.from({ length: DIFF_FENCES }, (_, k) => ids[k]);
  let mismatches = 0;
  let insideHits = 0;
  const diffStarted = process.hrtime.bigint();
  for (let p = 0; p < DIFF_POINTS; p++) {
    const lng = AREA.lng + random() * AREA.w;
    const lat = AREA.lat + random() * AREA.h;
    const near = new Set(catalogue.near(lng, lat));
    for (const id of sample) {
      const brute = contains(catalogue.fence(id).geometry, lng, lat);
      const indexed = near.has(id) && contains(catalogue.fence(id).geometry, lng, lat);
      if (brute !== indexed) mismatches++;
      if (brute) insideHits++;
    }
  }
  const diffS = Number(process.hrtime.bigint() - diffStarted) / 1e9;
  await app.close();

  console.log('');
  console.log('| measure | result | goal |');
  console.log('|---|---|---|');
  console.log(`| positions per fence-service CPU-second (${VEHICLES} vehicles, ${FENCES} fences, all bound) | ${Math.round(evaluated / cpuS).toLocaleString('en')} (${evaluated.toLocaleString('en')} positions in ${cpuS.toFixed(2)} CPU-s, ${wallS.toFixed(2)} s wall, ${events} events) | >= 20,000 |`);
  console.log(`| R-tree + shape vs brute force, ${DIFF_POINTS.toLocaleString('en')} random points x ${DIFF_FENCES} fences | ${mismatches} mismatches (${insideHits} inside hits, ${diffS.toFixed(1)} s) | 0 |`);
  console.log('');
  console.log(machineLine());
  console.log('Fence module on SQLite with the in-process bus in this process; evaluation includes writing the state of vehicles inside a fence and publishing events.');
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
