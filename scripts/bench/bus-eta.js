// `npm run bench:bus-eta`: how well the bus-line ETAs predict. The simulator's bus model
// (scripts/simulator/bus-line.js: hour-dependent traffic, a luck factor per run, random dwell)
// drives BENCH_BUSES buses on lines/line-1.json from 06:00 to 22:00 China time for BENCH_DAYS days,
// reporting every 10 s, through the industry service's stop detector. The segment times of the
// first days train the predictor; on the last (held-out) day, once a minute per bus, every
// predicted arrival at the next stops is compared with the arrival the detector then saw. Mean
// absolute error by stops ahead, for the predictor (hour-of-day medians) and two baselines: the
// median of all hours, and distance at the default speed. Pure computation, no database.
const { join } = require('node:path');
const { BusLineMotion, loadLine, seededRandom } = require('../simulator/bus-line');
const { applyPosition, newVehicleState } = require('@openfleet/industry/dist/bus-line/stop-detector');
const { predictArrivals, SegmentTimes } = require('@openfleet/industry/dist/bus-line/eta-predictor');
const { fractionBetween } = require('@openfleet/industry/dist/bus-line/stop-geometry');
const { machineLine } = require('./machine');

const DAYS = Number(process.env.BENCH_DAYS ?? 8);
const BUSES = Number(process.env.BENCH_BUSES ?? 12);
const INTERVAL_S = 10;
const SERVICE_S = 16 * 3600;
const line = { lineId: 1, ...loadLine(join(__dirname, '../simulator/lines/line-1.json')) };
/** 2026-11-02 06:00 China time, the first simulated morning. */
const FIRST_MORNING = Date.parse('2026-11-02T06:00:00+08:00');
const HORIZONS = [
  ['1 stop', 1, 1],
  ['2-3', 2, 3],
  ['4-6', 4, 6],
  ['7+', 7, 99],
];

/** One day of every bus: the detector's samples, arrivals by (bus, trip, direction, seq), and the states once a minute. */
function simulateDay(day) {
  const samples = [];
  const arrivals = new Map();
  const checkpoints = [];
  for (let bus = 0; bus < BUSES; bus++) {
    const motion = new BusLineMotion({ line, index: bus, startMs: FIRST_MORNING + day * 86_400_000, random: seededRandom(day * 1000 + bus + 1) });
    const state = newVehicleState(1, motion.direction_);
    // A trip is one run in one direction: an arrival is matched to predictions made on the same trip.
    let trip = 0;
    let tripDirection = state.direction;
    for (let s = 0; s < SERVICE_S; s += INTERVAL_S) {
      motion.step(INTERVAL_S);
      const events = applyPosition(line, state, { at: motion.time.getTime(), longitude: motion.longitude, latitude: motion.latitude });
      for (const event of events) {
        if (event.direction !== tripDirection) {
          trip++;
          tripDirection = event.direction;
        }
        if (event.kind === 'run') samples.push({ direction: event.direction, kind: 'run', seq: event.seq, startedAt: event.startedAt, durationS: event.durationS });
        if (event.kind === 'depart' && event.at > event.arrivedAt) samples.push({ direction: event.direction, kind: 'dwell', seq: event.seq, startedAt: event.arrivedAt, durationS: (event.at - event.arrivedAt) / 1000 });
        if (event.kind === 'arrive') arrivals.set(`${bus}:${trip}:${event.direction}:${event.seq}`, event.at);
      }
      if (s % 60 === 0 && state.seq >= 0) checkpoints.push({ bus, trip, now: motion.time.getTime(), state: JSON.parse(JSON.stringify(state)) });
    }
  }
  return { samples, arrivals, checkpoints };
}

/** `enRoute`: leaves out the buses standing at a first stop, whose departure a timetable decides (the platform has none). */
function evaluate(times, test, enRoute) {
  const errors = HORIZONS.map(() => []);
  let predictions = 0;
  const started = process.cpuUsage();
  for (const { bus, trip, now, state } of test.checkpoints) {
    if (enRoute && state.seq === 0 && state.atStop) continue;
    const stops = state.direction === 'up' ? line.up : line.down;
    const next = stops[state.seq + 1];
    const fraction = !state.atStop && next ? fractionBetween(stops[state.seq], next, state) : 0;
    for (const eta of predictArrivals(stops, state, now, times, fraction, 99)) {
      predictions++;
      const actual = test.arrivals.get(`${bus}:${trip}:${state.direction}:${eta.seq}`);
      if (actual === undefined || actual < now) continue;
      const ahead = eta.seq - state.seq;
      const bucket = HORIZONS.findIndex(([, from, to]) => ahead >= from && ahead <= to);
      errors[bucket].push(Math.abs(eta.at - actual) / 1000);
    }
  }
  const cpu = process.cpuUsage(started);
  return { errors, predictions, cpuMs: (cpu.user + cpu.system) / 1000 };
}

const mean = (values) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN);
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

function main() {
  console.log(machineLine());
  const days = Array.from({ length: DAYS }, (_, day) => simulateDay(day));
  const training = days.slice(0, -1).flatMap((day) => day.samples);
  const test = days[DAYS - 1];
  // All hours' median: every sample moved into one hour, so lookups at any other hour fall back to all.
  const allHours = training.map((sample) => ({ ...sample, startedAt: FIRST_MORNING - 3 * 3_600_000 }));
  const predictors = [
    ['hour-of-day medians (ours)', new SegmentTimes(training)],
    ['all-hours medians', new SegmentTimes(allHours)],
    ['distance at 18 km/h', new SegmentTimes([])],
  ];
  console.log(`${BUSES} buses, line 1 (${line.up.length} stops each way), ${DAYS - 1} training days (${training.length} segment samples), held-out day: ${test.checkpoints.length} checkpoints, ${test.arrivals.size} arrivals`);
  console.log(`\n| predictor | ${HORIZONS.map(([name]) => `MAE ${name}`).join(' | ')} | MAE all | p90 all | predictions/CPU-s |`);
  console.log(`|---|${HORIZONS.map(() => '---:').join('|')}|---:|---:|---:|`);
  for (const enRoute of [true, false]) {
    for (const [name, times] of predictors) {
      const { errors, predictions, cpuMs } = evaluate(times, test, enRoute);
      const all = errors.flat();
      const cells = errors.map((list) => `${mean(list).toFixed(0)} s (n=${list.length})`);
      const label = `${name}${enRoute ? ', en route' : ', all checkpoints'}`;
      console.log(`| ${label} | ${cells.join(' | ')} | ${mean(all).toFixed(1)} s | ${percentile(all, 0.9).toFixed(0)} s | ${Math.round(predictions / (cpuMs / 1000)).toLocaleString('en')} |`);
    }
  }
}

main();
