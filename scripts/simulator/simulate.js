#!/usr/bin/env node
// JT/T 808 terminal simulator: N terminals that register, authenticate, heartbeat, report realistic
// motion, inject alarms, back-fill blind areas after reconnecting and answer downlink commands.
//   npm run simulate -- --vehicles 50 --interval 10 --version 2013 --host 127.0.0.1 --port 6808
// Relies on the gateway's `open` registration policy (GATEWAY_808_REGISTRATION=open, the standalone default).
const { setTimeout, setInterval, clearInterval } = require('node:timers');
const { SimTerminal } = require('./sim-terminal');

const DEFAULTS = {
  vehicles: 10,
  interval: 10,
  version: '2013',
  host: '127.0.0.1',
  port: 6808,
  center: '39.9042,116.4074', // Beijing, Tiananmen
  radiusKm: 15,
  alarmRate: 0.01,
  dropRate: 0,
  heartbeat: 30,
  duration: 0,
  phonePrefix: '0138',
  speedup: 1,
  verbose: false,
};

const HELP = `usage: simulate.js [options]
  --vehicles N       terminals to simulate (default ${DEFAULTS.vehicles})
  --interval S       seconds between location reports while ACC is on (default ${DEFAULTS.interval})
  --version V        2013 | 2019 (default ${DEFAULTS.version})
  --host H --port P  gateway address (default ${DEFAULTS.host}:${DEFAULTS.port})
  --center LAT,LON   city centre (default Beijing ${DEFAULTS.center})
  --radius-km R      area the vehicles drive in (default ${DEFAULTS.radiusKm})
  --alarm-rate X     probability that a report carries an alarm bit (default ${DEFAULTS.alarmRate})
  --drop-rate X      probability per report of losing the link for 10-30 s (blind area, then 0x0704) (default 0)
  --heartbeat S      heartbeat (0x0002) when idle for S seconds (default ${DEFAULTS.heartbeat})
  --duration S       stop after S seconds (default 0: run until Ctrl-C)
  --phone-prefix D   leading digits of the terminal phones (default ${DEFAULTS.phonePrefix})
  --speedup X        run simulated time X times faster (default 1)
  --verbose          log every terminal's events`;

function parseArgs(argv) {
  const options = { ...DEFAULTS };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      console.log(HELP);
      process.exit(0);
    }
    if (arg === '--verbose') {
      options.verbose = true;
      continue;
    }
    if (!arg.startsWith('--')) throw new Error(`unexpected argument ${arg}`);
    const key = arg.slice(2).replace(/-([a-z])/g, (_, c) => c.toUpperCase());
    if (!(key in DEFAULTS)) throw new Error(`unknown option ${arg}`);
    const value = argv[++i];
    if (value === undefined) throw new Error(`${arg} needs a value`);
    options[key] = typeof DEFAULTS[key] === 'number' ? Number(value) : value;
    if (typeof DEFAULTS[key] === 'number' && !Number.isFinite(options[key])) throw new Error(`${arg} must be a number`);
  }
  if (!['2011', '2013', '2019'].includes(options.version)) throw new Error('--version must be 2013 or 2019');
  const [lat, lon] = options.center.split(',').map(Number);
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) throw new Error('--center must be LAT,LON');
  return { ...options, centerLat: lat, centerLon: lon };
}

function main() {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${error.message}\n${HELP}`);
    process.exit(2);
  }
  const stats = { connects: 0, authenticated: 0, registerFailures: 0, sent: 0, received: 0, reports: 0, acked: 0, alarms: 0, commands: 0, blindAreaItems: 0, errors: 0 };
  const terminals = Array.from({ length: options.vehicles }, (_, i) => new SimTerminal(i, options, stats));
  // Stagger connections so thousands of terminals do not all register in the same millisecond.
  terminals.forEach((terminal, i) => setTimeout(() => terminal.start(), Math.floor(i / 100) * 50));
  console.log(`simulating ${options.vehicles} JT/T 808-${options.version} terminals -> ${options.host}:${options.port}, report every ${options.interval}s around ${options.center}`);

  const printStats = () => {
    const online = terminals.filter((t) => t.online).length;
    console.log(
      `online ${online}/${terminals.length}  reports ${stats.reports} acked ${stats.acked}  alarms ${stats.alarms}  commands answered ${stats.commands}  blind-area items ${stats.blindAreaItems}  reconnects ${Math.max(0, stats.connects - terminals.length)}`,
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

main();
