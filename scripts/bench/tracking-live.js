// Live-push part of `npm run bench:tracking`: terminals report JT/T 808 location frames over TCP to
// the real gateway (child process), which stamps each frame on arrival (receivedAtMs) and publishes
// it to the real Kafka broker; the api's socket.io hub consumes, coalesces per tick and pushes to
// company-scoped clients. Latency = socket event - receivedAtMs (one clock: everything runs here).
// BENCH_LIVE_SOURCE=bus publishes the positions to Kafka directly instead (no gateway).
const { Topics, canonicalTerminalPhone } = require('@openfleet/contracts');
const { TokenService, VehicleRegistry } = require('@openfleet/auth');
const { io } = require('socket.io-client');
const { startGateway, connectAll } = require('./gateway-harness');
const { samplePosition } = require('./sample-position');

const GATEWAY_PORT = Number(process.env.BENCH_GATEWAY_PORT ?? 26808);
const GATEWAY_HTTP_PORT = Number(process.env.BENCH_GATEWAY_HTTP_PORT ?? 28081);

/** Registry records of the bench vehicles, spread over `companies`, so the hub can scope them. */
function registryOf(vehicles, companies, phoneOf, tag) {
  return Array.from({ length: vehicles }, (_, i) => ({
    key: `bench-live-${tag}-${i}`,
    value: {
      vehicleId: `bench-live-${tag}-${i}`, plateCode: `京B${String(i).padStart(5, '0')}`, plateColor: 1, vin: '', companyId: `c${i % companies}`,
      companyPath: ['root', `c${i % companies}`], fleetPath: [], terminalPhone: canonicalTerminalPhone(phoneOf(i)), deleted: false, updatedAt: Date.now(),
    },
  }));
}

/** The gateway as the source: connected terminals, and a function that makes terminal i report now. */
async function gatewaySource(vehicles, phoneOf, log) {
  const gateway = startGateway('live', { port: GATEWAY_PORT, httpPort: GATEWAY_HTTP_PORT, rawCapture: 'true', nodeArgs: [] });
  await gateway.ready;
  const { terminals, loginSeconds } = await connectAll(vehicles, { port: GATEWAY_PORT, phoneOf });
  log(`  live: ${vehicles} terminals registered and authenticated in ${loginSeconds.toFixed(1)} s`);
  return {
    report: (i) => terminals[i].report(),
    close: async () => {
      terminals.forEach((terminal) => terminal.close());
      await gateway.stop();
    },
  };
}

/** Kafka as the source: positions stamped now, published in one batch per slot. */
function busSource(producer, phoneOf, tag) {
  let pending = [];
  return {
    report: (i) => {
      const now = Date.now();
      pending.push({
        key: phoneOf(i),
        value: { ...samplePosition(i), terminalPhone: phoneOf(i), vehicleId: `bench-live-${tag}-${i}`, gpsTimeS: Math.floor(now / 1000), receivedAtMs: now },
      });
    },
    flush: async () => {
      const records = pending;
      pending = [];
      if (records.length) await producer.publish(Topics.position, records);
    },
    close: async () => undefined,
  };
}

async function livePushLatency({ producer, startApi, vehicles, clients, intervalS, seconds, companies, log, source = process.env.BENCH_LIVE_SOURCE ?? 'gateway' }) {
  const app = await startApi();
  const url = `http://127.0.0.1:${app.getHttpServer().address().port}`;
  const tag = String(Date.now()).slice(-4);
  // 12-digit header phones (2013 edition); the registry holds the canonical 11 digits.
  const phoneOf = (i) => `01${tag}${String(i).padStart(6, '0')}`;
  const registry = registryOf(vehicles, companies, phoneOf, tag);
  for (let i = 0; i < registry.length; i += 2000) await producer.publish(Topics.vehicleRegistry, registry.slice(i, i + 2000));
  // Start only once the hub's registry (compacted registry topic) knows every bench vehicle.
  const directory = app.get(VehicleRegistry);
  const loadStarted = Date.now();
  while (registry.some(({ value }) => !directory.byVehicleId(value.vehicleId))) {
    if (Date.now() - loadStarted > 60_000) throw new Error('the hub did not load the bench registry within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const feed = source === 'bus' ? busSource(producer, phoneOf, tag) : await gatewaySource(vehicles, phoneOf, log);
  await new Promise((resolve) => setTimeout(resolve, 3000)); // the hub's position group has joined
  const tokens = app.get(TokenService);
  const latencies = [];
  let messages = 0;
  let measuring = false;
  const sockets = await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      const user = { id: `b${c}`, companyId: `c${c % companies}`, userType: 1, roleIds: [], superAdmin: false, scope: { companies: [`c${c % companies}`], fleets: [] } };
      const socket = io(url, { path: '/socket.io', auth: { token: await tokens.sign(user) }, transports: ['websocket'], reconnection: false });
      socket.on('positions', (batch) => {
        const now = Date.now();
        messages++;
        if (!measuring) return;
        for (const item of batch) if (item.terminalPhone.includes(tag)) latencies.push(now - item.receivedAtMs);
      });
      await new Promise((resolve, reject) => {
        socket.on('connect', resolve);
        socket.on('connect_error', reject);
      });
      return socket;
    }),
  );
  // Every vehicle reports once per interval, spread evenly over 100 ms slots.
  const perSlot = Math.ceil(vehicles / (intervalS * 10));
  let cursor = 0;
  const started = Date.now();
  let published = 0;
  measuring = true;
  while (Date.now() - started < seconds * 1000) {
    const slotStart = Date.now();
    for (let k = 0; k < perSlot; k++, cursor = (cursor + 1) % vehicles) feed.report(cursor);
    published += perSlot;
    await feed.flush?.();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 100 - (Date.now() - slotStart))));
  }
  await new Promise((resolve) => setTimeout(resolve, 3000));
  measuring = false;
  sockets.forEach((socket) => socket.close());
  await feed.close();
  await app.close();
  const expected = Math.round((published * clients) / companies);
  log(`  live (${source}): sent ${published} positions, ${messages} socket messages, ${latencies.length} of ${expected} expected vehicle updates received`);
  return { latencies: latencies.sort((a, b) => a - b), published, messages, expected, source };
}

module.exports = { livePushLatency };
