// One share of the simulated fleet of infra/test/cluster-n.int-spec.ts, run as a child process with an
// IPC channel: the simulator's own terminals (scripts/simulator: SimTerminal for JT/T 808 with alarms
// and cameras, SimEv for GB/T 32960, SimDiesel for HJ 1239), numbered from `first` so that two shares
// pointed at two gateway replicas never share a SIM number, plate or VIN, each with its own counters.
// Config (JSON in argv[2]): { api, password, host, port808, port32960, portHj1239, first, terminals,
// evs, trucks, interval, alarmRate, provision }. Messages to the parent: { provisioned }, { progress },
// and on { stop } from the parent, { summary } with per-terminal counts, then it exits.
const { setTimeout, setInterval, clearInterval } = require('node:timers');
const { SimTerminal, simNumberOf, deviceIdOf, plateOf } = require('../../../scripts/simulator/sim-terminal');
const { SimEv, vinOf, evPlateOf } = require('../../../scripts/simulator/sim-ev');
const { SimDiesel, truckVinOf, truckPlateOf } = require('../../../scripts/simulator/sim-diesel');
const { provision, provisionEvs } = require('../../../scripts/simulator/provision');

const config = JSON.parse(process.argv[2]);
const PHONE_PREFIX = '149';
const range = (count) => Array.from({ length: count }, (_, i) => config.first + i);

/** scripts/simulator/simulate.js's defaults, with this share's gateways. */
const options = {
  interval: config.interval,
  version: '2013',
  host: config.host,
  port: config.port808,
  centerLat: 39.9042,
  centerLon: 116.4074,
  center: '39.9042,116.4074',
  radiusKm: 15,
  alarmRate: config.alarmRate,
  alarmKinds: 'bits,video',
  dropRate: 0,
  heartbeat: 30,
  registerRetry: 3,
  phonePrefix: PHONE_PREFIX,
  speedup: 1,
  driveFirst: 0,
  verbose: false,
  energyPort: config.port32960,
  emissionPort: config.portHj1239,
  video: true,
  videoChannels: 2,
  videoCodec: 'h264',
  siphonRate: 0,
  busLine: '',
};

/** Per-vehicle counters: `stats` of the simulator's classes, one object each. */
const newStats = () => ({ connects: 0, connectFailures: 0, authenticated: 0, registerFailures: 0, loggedIn: 0, sent: 0, received: 0, reports: 0, acked: 0, refused: 0, alarms: 0, commands: 0, blindAreaItems: 0, errors: 0 });

async function provisionShare() {
  const account = { api: config.api, user: 'admin', password: config.password };
  const terminals = range(config.terminals).map((index) => ({ phone: simNumberOf(PHONE_PREFIX, index), code: deviceIdOf(index), plate: plateOf(index), version: '2013', videoChannels: options.videoChannels }));
  // Imports of up to 1,000 rows a file, then one bind and one camera-count call a terminal, 8 at a time.
  await provision(account, terminals);
  await provisionEvs(account, range(config.evs).map((index) => ({ vin: vinOf(index), plate: evPlateOf(index) })));
  await provisionEvs(account, range(config.trucks).map((index) => ({ vin: truckVinOf(index), plate: truckPlateOf(index), plateColor: 2 })));
}

async function main() {
  if (config.provision) await provisionShare();
  process.send({ provisioned: true });
  await new Promise((resolve) => process.once('message', resolve)); // { go }
  const vehicles = [
    ...range(config.terminals).map((index) => ({ kind: 'jt808', key: simNumberOf(PHONE_PREFIX, index), plate: plateOf(index), sim: new SimTerminal(index, options, newStats()), downlinkAt: {} })),
    ...range(config.evs).map((index) => ({ kind: 'gb32960', key: vinOf(index), plate: evPlateOf(index), sim: new SimEv(index, options, newStats()) })),
    ...range(config.trucks).map((index) => ({ kind: 'hj1239', key: truckVinOf(index), plate: truckPlateOf(index), sim: new SimDiesel(index, options, newStats()) })),
  ];
  // When (epoch ms) a terminal received each command, by message id in hex: a command sent twice has two times.
  // And its sessions: authenticated at `up`, link closed at `down` (what a failed command check is read against).
  for (const vehicle of vehicles.filter((v) => v.kind === 'jt808')) {
    vehicle.sessions = [];
    const receive = vehicle.sim.receive.bind(vehicle.sim);
    const connect = vehicle.sim.connect.bind(vehicle.sim);
    vehicle.sim.connect = () => {
      connect();
      vehicle.sim.socket?.once('close', () => {
        const last = vehicle.sessions[vehicle.sessions.length - 1];
        if (last && last.down === undefined) last.down = Date.now();
      });
    };
    vehicle.sim.receive = (msg) => {
      if (msg.msgId === 0x8001 && msg.body.replyId === 0x0102 && msg.body.result === 0) vehicle.sessions.push({ up: Date.now() });
      if (msg.msgId !== 0x8001 && msg.msgId !== 0x8100) {
        const id = `0x${msg.msgId.toString(16).padStart(4, '0')}`;
        (vehicle.downlinkAt[id] ??= []).push(Date.now());
      }
      return receive(msg);
    };
  }
  // Staggered as the simulator does: 100 every 50 ms.
  vehicles.forEach((vehicle, i) => setTimeout(() => vehicle.sim.start(), Math.floor(i / 100) * 50));
  const total = (kind, field) => vehicles.filter((v) => v.kind === kind).reduce((sum, v) => sum + v.sim.stats[field], 0);
  const progress = () => ({
    online: vehicles.filter((v) => v.kind === 'jt808' && v.sim.online).length,
    acked: total('jt808', 'acked'),
    evAcked: total('gb32960', 'acked'),
    truckReports: total('hj1239', 'reports'),
  });
  const timer = setInterval(() => process.send({ progress: progress() }), 2_000);
  process.once('message', () => {
    clearInterval(timer);
    vehicles.forEach((vehicle) => vehicle.sim.stop());
    const summary = vehicles.map((v) => ({ kind: v.kind, key: v.key, plate: v.plate, reports: v.sim.stats.reports, acked: v.sim.stats.acked, refused: v.sim.stats.refused, alarms: v.sim.stats.alarms, connects: v.sim.stats.connects, downlinkAt: v.downlinkAt, sessions: v.sessions }));
    process.send({ summary, progress: progress() }, () => process.exit(0));
  });
}

main().catch((error) => {
  console.error(`fleet-driver: ${error.stack}`);
  process.exit(1);
});
