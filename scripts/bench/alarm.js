// `npm run bench:alarm`: alarm detection — positions per alarm-service CPU-second with every
// platform rule on (overspeed, fatigue, night driving, stopped too long; offline by its sweep) for
// 10,000 vehicles whose terminals set and clear alarm bits now and then. The alarm module runs in
// this process on SQLite with the in-process bus (the positions are handed to the detector as the
// bus would); the Kafka path and the 10,000,000-row alarmHandle query are not measured yet.
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { getDataSourceToken } = require('@nestjs/typeorm');
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { InProcessBus, silentBusLogger } = require('@openfleet/bus');
const { Topics } = require('@openfleet/contracts');
const { PlatformConfig, PlatformModule, loadConfig } = require('@openfleet/service-kit');
const { AlarmModule, AlarmDetectorService } = require('@openfleet/alarm');
const { machineLine } = require('./machine');

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 10_000);
const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 300_000);
const ALARM_RATE = Number(process.env.BENCH_ALARM_RATE ?? 0.02);

let seed = 11;
const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);

async function main() {
  const env = { LOG_LEVEL: 'silent', ALARM_ATTACHMENT_PORT: '0', DB_ENGINE: 'sqlite', DATA_DIR: mkdtempSync(join(tmpdir(), 'openfleet-bench-alarm-')), AUTH_JWT_SECRET: 'bench-alarm-0123456789-0123456789-0123456789' };
  const bus = new InProcessBus({ logger: silentBusLogger });
  const app = await NestFactory.create({ module: class BenchRoot {}, imports: [PlatformModule.forRoot({ processName: 'bench-alarm', config: loadConfig(PlatformConfig, env), bus, env }), AlarmModule] }, { logger: false });
  await app.init();
  const dataSource = app.get(getDataSourceToken('alarm'));
  await dataSource.query("INSERT INTO alarm_rule (company_id, overspeed_kmh, overspeed_s, fatigue_drive_s, fatigue_rest_s, night_start, night_end, offline_s, stopped_s, updated_at) VALUES ('', 80, 10, 14400, 1200, '22:00', '06:00', 600, 600, 0)");
  const { AlarmRulesService } = require('@openfleet/alarm/dist/rules/alarm-rules.service');
  await app.get(AlarmRulesService).reload();
  const phoneOf = (i) => `139${String(i).padStart(8, '0')}`;
  const now = Date.now();
  await bus.publish(Topics.vehicleRegistry, Array.from({ length: VEHICLES }, (_, i) => ({ key: `v${i}`, value: { vehicleId: `v${i}`, plateCode: `京C${i}`, plateColor: 1, vin: '', companyId: '1', companyPath: ['1'], fleetPath: [], terminalPhone: phoneOf(i), deleted: false, updatedAt: now } })));
  const detector = app.get(AlarmDetectorService);
  const flags = new Uint32Array(VEHICLES);
  const speeds = Array.from({ length: VEHICLES }, () => random() * 100);
  const t0 = Math.floor(now / 1000) - Math.ceil(POSITIONS / VEHICLES) * 10 - 60;
  const batch = (from, count) =>
    Array.from({ length: count }, (_, k) => {
      const n = from + k;
      const i = n % VEHICLES;
      if (random() < ALARM_RATE) flags[i] ^= 1 << [0, 1, 2, 3, 18, 19, 27, 28][Math.floor(random() * 8)];
      speeds[i] = Math.max(0, Math.min(130, speeds[i] + (random() - 0.5) * 20));
      return { key: phoneOf(i), value: { terminalPhone: phoneOf(i), vehicleId: `v${i}`, gpsTimeS: t0 + Math.floor(n / VEHICLES) * 10, receivedAtMs: now, latitudeE6: 39_900_000, longitudeE6: 116_400_000, altitudeM: 0, speedDkmh: Math.round(speeds[i] * 10), directionDeg: 0, alarmFlags: flags[i], statusFlags: 3, mileageHm: 0, hasMileage: false, fuelDl: 0, hasFuel: false, recordedSpeedDkmh: 0, hasRecordedSpeed: false, blindArea: false, serial: n, sequence: 0, extrasJson: '' }, partition: 0, offset: String(n) };
    });
  let published = 0;
  const originalPublish = bus.publish.bind(bus);
  bus.publish = async (topic, records) => {
    if (topic === Topics.alarm) published += Array.isArray(records) ? records.length : 1;
    return originalPublish(topic, records);
  };
  await detector.handlePositions(batch(0, VEHICLES));
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  for (let n = VEHICLES; n < VEHICLES + POSITIONS; n += 5000) await detector.handlePositions(batch(n, 5000));
  const used = process.cpuUsage(cpu);
  const cpuS = (used.user + used.system) / 1e6;
  const wallS = Number(process.hrtime.bigint() - started) / 1e9;
  const [{ n: stored }] = await dataSource.query('SELECT COUNT(*) AS n FROM alarm');
  await app.close();

  console.log('');
  console.log('| measure | result | goal |');
  console.log('|---|---|---|');
  console.log(`| positions per alarm-service CPU-second (${VEHICLES} vehicles, every platform rule on) | ${Math.round(POSITIONS / cpuS).toLocaleString('en')} (${POSITIONS.toLocaleString('en')} positions in ${cpuS.toFixed(2)} CPU-s, ${wallS.toFixed(2)} s wall; ${published.toLocaleString('en')} alarm events, ${Number(stored).toLocaleString('en')} alarms stored) | >= 50,000 |`);
  console.log('');
  console.log(machineLine());
  console.log('Alarm module on SQLite with the in-process bus in this process; the CPU time includes storing alarms and publishing their events.');
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
