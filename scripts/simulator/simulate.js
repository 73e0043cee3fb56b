#!/usr/bin/env node
// JT/T 808 terminal simulator: N terminals that register, authenticate, heartbeat, report realistic
// motion, inject alarms, back-fill blind areas after reconnecting and answer downlink commands.
//   npm run simulate -- --vehicles 50 --interval 10 --version 2013 --host 127.0.0.1 --port 6808
// Relies on the gateway's `open` registration policy (the standalone default), or, with --provision,
// creates its vehicles, SIM cards and terminals through the admin API first and runs under `strict`.
const { setTimeout, setInterval, clearInterval } = require('node:timers');
const { SimTerminal, simNumberOf, deviceIdOf, plateOf } = require('./sim-terminal');
const { provision, provisionEvs } = require('./provision');
const { SimEv, vinOf, evPlateOf } = require('./sim-ev');
const { SimDiesel, truckVinOf, truckPlateOf } = require('./sim-diesel');

const DEFAULTS = {
  vehicles: 10,
  interval: 10,
  version: '2013',
  host: '127.0.0.1',
  port: 6808,
  center: '39.9042,116.4074', // Beijing, Tiananmen
  radiusKm: 15,
  alarmRate: 0.01,
  alarmKinds: 'bits,video,safety',
  dropRate: 0,
  heartbeat: 30,
  registerRetry: 30,
  duration: 0,
  phonePrefix: '138',
  speedup: 1,
  driveFirst: 0,
  verbose: false,
  provision: false,
  api: 'http://127.0.0.1:8080',
  user: 'admin',
  password: '',
  energy: false,
  energyPort: 32960,
  emission: false,
  emissionPort: 9610,
  video: false,
  videoChannels: 4,
  videoCodec: 'h264',
  fuel: false,
  siphonRate: 0.05,
  busLine: '',
  busStart: '',
  coldChain: false,
  waybill: false,
};

const HELP = `usage: simulate.js [options]
  --vehicles N       terminals to simulate (default ${DEFAULTS.vehicles})
  --interval S       seconds between location reports while ACC is on (default ${DEFAULTS.interval})
  --version V        2013 | 2019 (default ${DEFAULTS.version})
  --host H --port P  gateway address (default ${DEFAULTS.host}:${DEFAULTS.port})
  --center LAT,LON   city centre (default Beijing ${DEFAULTS.center})
  --radius-km R      area the vehicles drive in (default ${DEFAULTS.radiusKm})
  --alarm-rate X     probability that a report carries an alarm: a 0x0200 bit, a video alarm (0x14), or an
                     ADAS/DSM event whose photos go to the attachment server after 0x9208 (default ${DEFAULTS.alarmRate})
  --alarm-kinds L    which alarms to draw from, comma-separated: bits, video, safety (default ${DEFAULTS.alarmKinds})
  --drop-rate X      probability per report of losing the link for 10-30 s (blind area, then 0x0704) (default 0)
  --heartbeat S      heartbeat (0x0002) when idle for S seconds (default ${DEFAULTS.heartbeat})
  --register-retry S seconds before registering again after a refused 0x0100 (default ${DEFAULTS.registerRetry})
  --duration S       stop after S seconds (default 0: run until Ctrl-C)
  --phone-prefix D   leading digits of the 11-digit SIM numbers (default ${DEFAULTS.phonePrefix}); headers zero-pad them
  --speedup X        run simulated time X times faster (default 1)
  --drive-first S    every vehicle starts out driving at its cruising speed for S seconds (default 0: a random
                     start, some parked); demos and tests that must see vehicles move
  --provision        first create the vehicles, SIM cards and terminals through the admin API and bind
                     them (for a gateway under strict registration); an earlier run's are reused
  --api URL          where the platform's HTTP API answers (default ${DEFAULTS.api})
  --user U --password P   account for --provision (default user ${DEFAULTS.user}; password or OPENFLEET_PASSWORD)
  --energy           simulate electric vehicles over GB/T 32960 instead (96 cells, 48 probes, charging and
                     discharging, occasional battery alarms); with --provision their vehicles are created with VINs
  --energy-port P    the GB/T 32960 gateway's port (default ${DEFAULTS.energyPort})
  --emission         simulate heavy-duty diesel trucks over HJ 1239 instead (OBD, NOx, SCR, urea); with
                     --provision their vehicles are created with VINs
  --emission-port P  the HJ 1239 gateway's port (default ${DEFAULTS.emissionPort})
  --video            terminals have cameras (JT/T 1078): they stream the committed H.264 + G.711A sample to
                     the media server on 0x9101 (live) and 0x9201 (playback, 1-16x), obey 0x9102/0x9202,
                     list recordings (0x9205 -> 0x1205), upload over FTP (0x9206 -> 0x1206), answer 0x9003
                     and PTZ; without it 0x9101, 0x9201 and 0x9206 are answered "not supported"
  --video-channels N cameras per terminal with --video (default ${DEFAULTS.videoChannels})
  --video-codec C    what the cameras send with --video: h264 (H.264 + G.711A, default) or h265 (the
                     committed H.265 + AAC sample: payload types 99 and 19)
  --fuel             tank levels for the fuel ledger: consumption while driving and idling, refuels pumped at
                     stops when low, an occasional siphoning while parked; each report carries 0x02 litres, the
                     sensor height on analog AD0 (300 L tank, 600 mm, linear) and a CAN fuel counter (0xE1)
  --siphon-rate X    with --fuel, the chance that a parking spell has fuel siphoned (default ${DEFAULTS.siphonRate})
  --bus-line FILE    terminals are buses on the line in FILE (JSON as POST /industry/busLine, e.g.
                     scripts/simulator/lines/line-1.json): one headway apart, dwell at stops, hour-dependent
                     traffic, turning at each terminus; their reports carry the simulated time
  --bus-start T      with --bus-line, the simulated clock's start (ISO date; default now); with --speedup,
                     start in the past so reports stay behind the wall clock
  --cold-chain       refrigerated trucks for the cold chain: two probes cycling between -20 and -16 °C on
                     0x51 (the G10LS layout, profile g10ls-0x51), the cargo door (status bit 15) opening at
                     some stops, and a 15-minute compressor failure after the first quarter hour (an excursion)
  --waybill          each terminal reports an electronic waybill (0x0701, GBK key:value text) after its
                     driver card at every authentication
  --verbose          log every terminal's events`;

function parseArgs(argv) {
  const options = { ...DEFAULTS };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      console.log(HELP);
      process.exit(0);
    }
    if (arg === '--verbose' || arg === '--provision' || arg === '--energy' || arg === '--emission' || arg === '--video' || arg === '--fuel' || arg === '--cold-chain' || arg === '--waybill') {
      options[arg.slice(2).replace(/-([a-z])/g, (_, c) => c.toUpperCase())] = true;
      continue;
    }
    if (!arg.startsWith('--')) throw new Error(`unexpected argument ${arg}`);
    const key = arg.slice(2).replace(/-([a-z])/g, (_, c) => c.toUpperCase());
    if (!(key in DEFAULTS)) throw new Error(`unknown option ${arg}`);
    const value = argv[++i];
    if (value === undefined) throw new Error(`${arg} needs a value`);
    options[key] = typeof DEFAULTS[key] === 'number' ? Number(value) : value;
    if (key === 'phonePrefix' && !/^\d{1,8}$/.test(value)) throw new Error('--phone-prefix must be 1-8 digits');
    if (typeof DEFAULTS[key] === 'number' && !Number.isFinite(options[key])) throw new Error(`${arg} must be a number`);
  }
  if (!['h264', 'h265'].includes(options.videoCodec)) throw new Error('--video-codec must be h264 or h265');
  if (!['2011', '2013', '2019'].includes(options.version)) throw new Error('--version must be 2013 or 2019');
  const [lat, lon] = options.center.split(',').map(Number);
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) throw new Error('--center must be LAT,LON');
  return { ...options, centerLat: lat, centerLon: lon };
}

async function main() {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${error.message}\n${HELP}`);
    process.exit(2);
  }
  if (options.energy) return simulateEvs(options);
  if (options.emission) return simulateTrucks(options);
  if (options.provision) {
    const password = options.password || process.env.OPENFLEET_PASSWORD || '';
    const terminals = Array.from({ length: options.vehicles }, (_, index) => ({
      phone: simNumberOf(options.phonePrefix, index),
      code: deviceIdOf(index),
      plate: plateOf(index),
      version: options.version,
      videoChannels: options.video ? options.videoChannels : 0,
    }));
    const result = await provision({ api: options.api, user: options.user, password }, terminals);
    console.log(`provisioned ${result.created} vehicles with terminals and SIM cards through ${options.api} (${result.existing} already there)`);
  }
  const stats = { connects: 0, authenticated: 0, registerFailures: 0, sent: 0, received: 0, reports: 0, acked: 0, refused: 0, alarms: 0, commands: 0, blindAreaItems: 0, errors: 0 };
  const terminals = Array.from({ length: options.vehicles }, (_, i) => new SimTerminal(i, options, stats));
  // Stagger connections so thousands of terminals do not all register in the same millisecond.
  terminals.forEach((terminal, i) => setTimeout(() => terminal.start(), Math.floor(i / 100) * 50));
  console.log(`simulating ${options.vehicles} JT/T 808-${options.version} terminals -> ${options.host}:${options.port}, report every ${options.interval}s around ${options.center}`);

  const printStats = () => {
    const online = terminals.filter((t) => t.online).length;
    console.log(
      `online ${online}/${terminals.length}  reports ${stats.reports} acked ${stats.acked} refused ${stats.refused}  registrations refused ${stats.registerFailures}  alarms ${stats.alarms}  evidence files ${stats.evidenceFiles ?? 0}  commands answered ${stats.commands}  blind-area items ${stats.blindAreaItems}  reconnects ${Math.max(0, stats.connects - terminals.length)}`,
    );
  };
  const statsTimer = setInterval(printStats, 10_000);
  const stop = () => {
    clearInterval(statsTimer);
    terminals.forEach((t) => t.stop());
    printStats();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  if (options.duration > 0) setTimeout(stop, options.duration * 1000);
}

/** `--energy`: electric vehicles over GB/T 32960. */
async function simulateEvs(options) {
  if (options.provision) {
    const password = options.password || process.env.OPENFLEET_PASSWORD || '';
    const vehicles = Array.from({ length: options.vehicles }, (_, index) => ({ vin: vinOf(index), plate: evPlateOf(index) }));
    const result = await provisionEvs({ api: options.api, user: options.user, password }, vehicles);
    console.log(`provisioned ${result.created} electric vehicles through ${options.api} (${result.existing} already there)`);
  }
  const stats = { connects: 0, connectFailures: 0, loggedIn: 0, sent: 0, received: 0, reports: 0, acked: 0, refused: 0, alarms: 0 };
  const evs = Array.from({ length: options.vehicles }, (_, i) => new SimEv(i, options, stats));
  console.log(`simulating ${options.vehicles} GB/T 32960 electric vehicles -> ${options.host}:${options.energyPort}, report every ${options.interval}s`);
  runVehicles(evs, options, () => `reports ${stats.reports} acked ${stats.acked} refused ${stats.refused}  alarms ${stats.alarms}  connect failed ${stats.connectFailures}  reconnects ${Math.max(0, stats.connects - evs.length)}`);
}

/** Starts the vehicles (staggered), prints their stats every 10 s and on stop (Ctrl-C, --duration). */
function runVehicles(vehicles, options, statsLine) {
  vehicles.forEach((vehicle, i) => setTimeout(() => vehicle.start(), Math.floor(i / 100) * 50));
  const printStats = () => console.log(`online ${vehicles.filter((v) => v.online).length}/${vehicles.length}  ${statsLine()}`);
  const statsTimer = setInterval(printStats, 10_000);
  const stop = () => {
    clearInterval(statsTimer);
    vehicles.forEach((vehicle) => vehicle.stop());
    printStats();
    setTimeout(() => process.exit(0), 200);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  if (options.duration > 0) setTimeout(stop, options.duration * 1000);
}

/** `--emission`: heavy-duty diesel trucks over HJ 1239. */
async function simulateTrucks(options) {
  if (options.provision) {
    const password = options.password || process.env.OPENFLEET_PASSWORD || '';
    const vehicles = Array.from({ length: options.vehicles }, (_, index) => ({ vin: truckVinOf(index), plate: truckPlateOf(index), plateColor: 2 }));
    const result = await provisionEvs({ api: options.api, user: options.user, password }, vehicles);
    console.log(`provisioned ${result.created} diesel trucks through ${options.api} (${result.existing} already there)`);
  }
  const stats = { connects: 0, connectFailures: 0, sent: 0, received: 0, reports: 0, refused: 0 };
  const trucks = Array.from({ length: options.vehicles }, (_, i) => new SimDiesel(i, options, stats));
  console.log(`simulating ${options.vehicles} HJ 1239 diesel trucks -> ${options.host}:${options.emissionPort}, report every ${options.interval}s`);
  runVehicles(trucks, options, () => `reports ${stats.reports}  closed by the platform ${stats.refused}  connect failed ${stats.connectFailures}  time syncs ${stats.received}  reconnects ${Math.max(0, stats.connects - trucks.length)}`);
}

main().catch((error) => {
  console.error(`simulate: ${error.message}`);
  process.exit(1);
});
