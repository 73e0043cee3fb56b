// `npm run bench:fuel`: the fuel ledger — positions per CPU-second of the vehicle-service with
// 10,000 vehicles reporting every 10 s (half read by two tank sensors through calibration tables,
// half by the 0x0200 extra 0x02 litres), sensor noise, refuels at stops and occasional siphoning;
// the full path (detector, curve, day and trip tallies, events and theft alarms, state written per
// batch) and the detector alone. The vehicle-service runs in this process on SQLite with the
// in-process bus; no Kafka needed. Goal: >= 50,000 positions per CPU-second.
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { getDataSourceToken } = require('@nestjs/typeorm');
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { InProcessBus, silentBusLogger } = require('@openfleet/bus');
const { Topics, DEFAULT_FUEL_THRESHOLDS } = require('@openfleet/contracts');
const { PlatformConfig, PlatformModule, loadConfig } = require('@openfleet/service-kit');
const { VehicleServiceModule } = require('@openfleet/vehicle-service');
const { FuelLedgerConsumer } = require('@openfleet/vehicle-service/dist/fuel/fuel-ledger.consumer');
const { FuelTankDirectory } = require('@openfleet/vehicle-service/dist/fuel/fuel-tank-directory');
const { applyLedger, emptyLedgerState } = require('@openfleet/vehicle-service/dist/fuel/fuel-ledger');
const { readFuel, isStopped, accOn } = require('@openfleet/vehicle-service/dist/fuel/fuel-signals');
const { machineLine } = require('./machine');

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 10_000);
const REPORTS = Number(process.env.BENCH_REPORTS ?? 90);
const BATCH = 5000;

let seed = 29;
const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
const phoneOf = (i) => `138${String(i).padStart(8, '0')}`;
// Two tanks: 500 mm = 200 L and 400 mm = 100 L, ten points each (a realistic table, binary-searched).
const table = (height, capacity) => Array.from({ length: 11 }, (_, k) => ({ height: (height * k) / 10, quantity: Math.round(capacity * (k / 10) ** 1.1 * 100) / 100 }));
const TANKS = [
  { tankId: 't1', slot: 1, capacity: 200, height: 500, points: table(500, 200) },
  { tankId: 't2', slot: 2, capacity: 100, height: 400, points: table(400, 100) },
];
const heightOf = (tank, litres) => {
  const points = tank.points;
  for (let k = 1; k < points.length; k++) if (litres <= points[k].quantity) return points[k - 1].height + ((litres - points[k - 1].quantity) / (points[k].quantity - points[k - 1].quantity)) * (points[k].height - points[k - 1].height);
  return tank.height;
};

/**
 * Each vehicle drives 30 reports (0.2 km and 0.08 L each), stops 30; at a stop one in ten refuels
 * 80 L over 8 reports and one in fifty loses 25 L over 5; every reading carries ±1.5 L of noise.
 */
function fleet(now) {
  const vehicles = Array.from({ length: VEHICLES }, (_, i) => ({ i, litres: 120 + random() * 150, km: 10_000 + i, phase: Math.floor(random() * 60), plan: null, tanks: i % 2 === 0 }));
  const t0 = Math.floor(now / 1000) - REPORTS * 10 - 60;
  return function* positions() {
    for (let step = 0; step < REPORTS; step++) {
      for (const v of vehicles) {
        const cycle = (step + v.phase) % 60;
        const driving = cycle < 30;
        if (driving) {
          v.km += 0.2;
          v.litres = Math.max(5, v.litres - 0.08);
          v.plan = null;
        } else {
          // No new plan in the last 35 reports: each one finishes with time to hold settleS before the end.
          if (cycle === 30 && step < REPORTS - 35) v.plan = random() < 0.1 ? { add: 10, left: 8 } : random() < 0.02 ? { add: -5, left: 5 } : null;
          if (v.plan && v.plan.left > 0 && cycle > 32) {
            v.litres = Math.min(295, Math.max(5, v.litres + v.plan.add));
            v.plan.left--;
            if (v.plan.left === 0) planned[v.plan.add > 0 ? 'refuels' : 'thefts']++;
          }
        }
        const reading = v.litres + (random() - 0.5) * 3;
        let extrasJson = '';
        let fuelDl = 0;
        if (v.tanks) {
          const first = Math.min(200, reading * (2 / 3));
          extrasJson = JSON.stringify({ analog: { ad0: Math.round(heightOf(TANKS[0], first)), ad1: Math.round(heightOf(TANKS[1], reading - first)) } });
        } else fuelDl = Math.round(reading * 10);
        yield {
          terminalPhone: phoneOf(v.i), vehicleId: `v${v.i}`, gpsTimeS: t0 + step * 10, receivedAtMs: now, latitudeE6: 39_900_000 + v.i, longitudeE6: 116_400_000 + Math.round(v.km * 10), altitudeM: 0,
          speedDkmh: driving ? 720 : 0, directionDeg: 0, alarmFlags: 0, statusFlags: driving ? 3 : 2, mileageHm: Math.round(v.km * 10), hasMileage: true, fuelDl, hasFuel: !v.tanks,
          recordedSpeedDkmh: 0, hasRecordedSpeed: false, blindArea: false, serial: step, sequence: 0, extrasJson,
        };
      }
    }
  };
}

function batches(generator) {
  const all = [];
  let batch = [];
  for (const value of generator()) {
    batch.push({ key: value.terminalPhone, value, partition: 0, offset: '0' });
    if (batch.length === BATCH) {
      all.push(batch);
      batch = [];
    }
  }
  if (batch.length) all.push(batch);
  return all;
}

/** Refuels and siphonings the generator completed: what the detector should find. */
const planned = { refuels: 0, thefts: 0 };
const cpuSeconds = (used) => (used.user + used.system) / 1e6;

async function main() {
  const env = { LOG_LEVEL: 'silent', DB_ENGINE: 'sqlite', DATA_DIR: mkdtempSync(join(tmpdir(), 'openfleet-bench-fuel-')), AUTH_JWT_SECRET: 'bench-fuel-0123456789-0123456789-0123456789ab' };
  const bus = new InProcessBus({ logger: silentBusLogger });
  const app = await NestFactory.create(
    { module: class BenchRoot {}, imports: [PlatformModule.forRoot({ processName: 'bench-fuel', config: loadConfig(PlatformConfig, env), bus, env }), VehicleServiceModule] },
    { logger: false },
  );
  await app.init();
  const now = Date.now();
  await bus.publish(Topics.vehicleRegistry, Array.from({ length: VEHICLES }, (_, i) => ({ key: `v${i}`, value: { vehicleId: `v${i}`, plateCode: `京F${i}`, plateColor: 1, vin: '', companyId: '1', companyPath: ['1'], fleetPath: ['F1'], terminalPhone: phoneOf(i), deleted: false, updatedAt: now } })));
  const directory = app.get(FuelTankDirectory);
  for (let i = 0; i < VEHICLES; i += 2) directory.apply({ vehicleId: `v${i}`, tanks: TANKS, updatedAt: now });
  const ledger = app.get(FuelLedgerConsumer);
  const stream = batches(fleet(now));
  const positions = stream.reduce((sum, batch) => sum + batch.length, 0);

  // The detector alone (what a position costs before storage), on the same stream.
  const states = new Map();
  const tanksOf = (vehicleId) => directory.tanksOf(vehicleId);
  let detectorEvents = 0;
  const detectorCpu = process.cpuUsage();
  for (const batch of stream) {
    for (const { value: p } of batch) {
      let state = states.get(p.vehicleId);
      if (!state) states.set(p.vehicleId, (state = emptyLedgerState()));
      const reading = readFuel(p, tanksOf(p.vehicleId));
      const out = applyLedger(state, { at: p.gpsTimeS * 1000, litres: reading.litres, canTotalL: reading.canTotalL, stopped: isStopped(p), accOn: accOn(p), mileageKm: p.mileageHm / 10, latitude: p.latitudeE6 / 1e6, longitude: p.longitudeE6 / 1e6 }, DEFAULT_FUEL_THRESHOLDS, directory.capacityOf(p.vehicleId));
      if (out.event) detectorEvents++;
    }
  }
  const detectorS = cpuSeconds(process.cpuUsage(detectorCpu));

  // The full path: the consumer's batch handler with its storage and alarm publishing.
  const cpu = process.cpuUsage();
  const wall = process.hrtime.bigint();
  for (const batch of stream) await ledger.handle(batch);
  const cpuS = cpuSeconds(process.cpuUsage(cpu));
  const wallS = Number(process.hrtime.bigint() - wall) / 1e9;
  const dataSource = app.get(getDataSourceToken('vehicle_service'));
  const [{ refuels, thefts }] = await dataSource.query("SELECT SUM(CASE WHEN kind = 'refuel' THEN 1 ELSE 0 END) AS refuels, SUM(CASE WHEN kind = 'theft' THEN 1 ELSE 0 END) AS thefts FROM fuel_event");
  const [{ points }] = await dataSource.query('SELECT COUNT(*) AS points FROM fuel_level');
  await app.close();

  console.log('');
  console.log('| measure | result | goal |');
  console.log('|---|---|---|');
  console.log(`| positions per vehicle-service CPU-second, full ledger (${VEHICLES.toLocaleString('en')} vehicles every 10 s, half on two tank sensors) | ${Math.round(positions / cpuS).toLocaleString('en')} (${positions.toLocaleString('en')} positions in ${cpuS.toFixed(2)} CPU-s, ${wallS.toFixed(2)} s wall; ${refuels} refuels and ${thefts} thefts found of ${planned.refuels} and ${planned.thefts} scripted, ${points} curve points) | >= 50,000 |`);
  console.log(`| positions per CPU-second, detector alone (signals, median, events, tallies) | ${Math.round(positions / detectorS).toLocaleString('en')} (${detectorEvents} events) | - |`);
  console.log('');
  console.log(machineLine());
  console.log('vehicle-service on SQLite with the in-process bus in this process; the full path includes writing events, curve points, day rows and every vehicle\'s state per batch of 5,000.');
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
