// Live-push part of `npm run bench:tracking`: positions stamped on arrival (receivedAtMs, as the
// gateway stamps a frame) go through the real Kafka broker into the api's socket.io hub, which
// coalesces them per tick and pushes to company-scoped clients; latency = socket event - receivedAtMs.
const { Topics } = require('@openfleet/contracts');
const { TokenService } = require('@openfleet/auth');
const { io } = require('socket.io-client');
const { VehicleDirectory } = require('@openfleet/api/dist/live-hub/vehicle-directory');

async function livePushLatency({ producer, startApi, vehicles, clients, intervalS, seconds, companies, log }) {
  const app = await startApi();
  const url = `http://127.0.0.1:${app.getHttpServer().address().port}`;
  const prefix = `77${String(Date.now()).slice(-4)}`;
  const phoneOf = (i) => `${prefix}${String(i).padStart(6, '0')}`;
  const registry = Array.from({ length: vehicles }, (_, i) => ({
    key: `bench-live-${prefix}-${i}`,
    value: {
      vehicleId: `bench-live-${prefix}-${i}`, plateCode: `京B${String(i).padStart(5, '0')}`, plateColor: 1, vin: '', companyId: `c${i % companies}`,
      companyPath: ['root', `c${i % companies}`], fleetPath: [], terminalPhone: phoneOf(i), deleted: false, updatedAt: Date.now(),
    },
  }));
  for (let i = 0; i < registry.length; i += 2000) await producer.publish(Topics.vehicleRegistry, registry.slice(i, i + 2000));
  // Start only once the hub's directory (compacted registry topic) knows every bench vehicle.
  const directory = app.get(VehicleDirectory);
  const loadStarted = Date.now();
  while (registry.some(({ value }) => !directory.find({ vehicleId: value.vehicleId }))) {
    if (Date.now() - loadStarted > 60_000) throw new Error('the hub did not load the bench registry within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await new Promise((resolve) => setTimeout(resolve, 3000)); // the hub's position group has joined
  const tokens = app.get(TokenService);
  const latencies = [];
  let messages = 0;
  const sockets = await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      const user = { id: `b${c}`, companyId: `c${c % companies}`, userType: 1, roleIds: [], superAdmin: false, scope: { companies: [`c${c % companies}`], fleets: [] } };
      const socket = io(url, { path: '/socket.io', auth: { token: await tokens.sign(user) }, transports: ['websocket'], reconnection: false });
      socket.on('positions', (batch) => {
        const now = Date.now();
        messages++;
        for (const item of batch) if (item.terminalPhone.startsWith(prefix)) latencies.push(now - item.receivedAtMs);
      });
      await new Promise((resolve, reject) => {
        socket.on('connect', resolve);
        socket.on('connect_error', reject);
      });
      return socket;
    }),
  );
  // Every vehicle reports once per interval, spread evenly: one publish per 100 ms.
  const perSlot = Math.ceil(vehicles / (intervalS * 10));
  let cursor = 0;
  const started = Date.now();
  let published = 0;
  while (Date.now() - started < seconds * 1000) {
    const slotStart = Date.now();
    const now = Date.now();
    const records = [];
    for (let k = 0; k < perSlot; k++, cursor = (cursor + 1) % vehicles) {
      records.push({
        key: phoneOf(cursor),
        value: {
          terminalPhone: phoneOf(cursor), vehicleId: `bench-live-${prefix}-${cursor}`, gpsTimeS: Math.floor(now / 1000), receivedAtMs: now, latitudeE6: 39_900_000 + cursor,
          longitudeE6: 116_400_000, altitudeM: 40, speedDkmh: 400, directionDeg: 90, alarmFlags: 0, statusFlags: 3, mileageHm: 0, hasMileage: false, fuelDl: 0,
          hasFuel: false, recordedSpeedDkmh: 0, hasRecordedSpeed: false, blindArea: false, serial: 1, sequence: 0, extrasJson: '',
        },
      });
    }
    await producer.publish(Topics.position, records);
    published += records.length;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 100 - (Date.now() - slotStart))));
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
  sockets.forEach((socket) => socket.close());
  await app.close();
  const expected = Math.round((published * clients) / companies);
  log(`  live: published ${published} positions, ${messages} socket messages, ${latencies.length} of ${expected} expected vehicle updates received`);
  return { latencies: latencies.sort((a, b) => a - b), published, messages, expected };
}

module.exports = { livePushLatency };
