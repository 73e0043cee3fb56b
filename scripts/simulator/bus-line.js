// `--bus-line FILE`: terminals drive a bus line (the JSON of POST /industry/busLine: up and down
// stops) instead of the street grid: they leave the first stop one headway apart, run from stop to
// stop at a speed that follows the hour of day (peaks slower), stand at each stop, lay over at the
// terminus and come back the other way. Simulated time runs `speedup` times faster and is what
// their reports carry, so a day fits in minutes (start it in the past: `--bus-start`).
// The ETA benchmark (scripts/bench/bus-eta.js) drives the same model without a network.
const fs = require('node:fs');

const RAD = Math.PI / 180;
const METRES_PER_DEG = 111_195;
const CHINA_OFFSET_MS = 8 * 3_600_000;
/** Cruising speed off-peak, m/s (about 30 km/h between stops). */
const FREE_SPEED_MS = 8.5;
const LAYOVER_S = 180;

/** Share of the free speed by hour of day (China time): morning and evening peaks crawl, nights flow. */
const TRAFFIC_BY_HOUR = [1, 1, 1, 1, 1, 0.95, 0.8, 0.55, 0.5, 0.65, 0.75, 0.75, 0.7, 0.75, 0.75, 0.7, 0.65, 0.5, 0.5, 0.6, 0.75, 0.85, 0.95, 1];

function chinaHour(ms) {
  return Math.floor((((ms + CHINA_OFFSET_MS) % 86_400_000) + 86_400_000) % 86_400_000 / 3_600_000);
}

function trafficFactor(ms) {
  return TRAFFIC_BY_HOUR[chinaHour(ms)];
}

function loadLine(file) {
  const line = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!Array.isArray(line.up) || line.up.length < 2) throw new Error(`${file}: a line needs at least 2 up stops`);
  if (!Array.isArray(line.down) || !line.down.length) line.down = [...line.up].reverse();
  return line;
}

function metresBetween(a, b) {
  const kx = Math.cos(a.latitude * RAD) * METRES_PER_DEG;
  return Math.hypot((b.longitude - a.longitude) * kx, (b.latitude - a.latitude) * METRES_PER_DEG);
}

/** A small deterministic random source, so a benchmark day can be run again. */
function seededRandom(seed) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
}

/**
 * One bus on a line, the motion interface of vehicle-motion.js (step, latitude, longitude,
 * direction, speedKmh, accOn, mileageKm, fuelL, altitude) plus `time`, the simulated clock.
 */
class BusLineMotion {
  constructor({ line, index, startMs, headwayS = line.scheduledHeadwayS || 600, random = Math.random }) {
    this.line = line;
    this.random = random;
    this.time = new Date(startMs);
    this.direction_ = index % 2 && line.down.length ? 'down' : 'up';
    // Buses of one direction leave the first stop one headway apart; until then they wait there.
    this.waitS = Math.floor(index / 2) * headwayS;
    this.seq = 0;
    this.phase = 'dwell';
    this.leftS = this.waitS + this.dwellS();
    this.travelledM = 0;
    this.speedKmh = 0;
    this.mileageKm = 10_000 + index * 100;
    this.fuelL = 80;
    this.altitude = 45;
    this.accOn = true;
    this.place(this.stops()[0]);
  }

  stops() {
    return this.direction_ === 'up' ? this.line.up : this.line.down;
  }

  dwellS() {
    return 15 + this.random() * 30;
  }

  place(point) {
    this.latitude = point.latitude;
    this.longitude = point.longitude;
  }

  /** Advances by `seconds` of simulated time, in steps of at most a second so a stop is never jumped over. */
  step(seconds) {
    for (let left = seconds; left > 0; left -= 1) this.tick(Math.min(1, left));
  }

  tick(seconds) {
    this.time = new Date(this.time.getTime() + seconds * 1000);
    const stops = this.stops();
    if (this.phase === 'dwell') {
      this.speedKmh = 0;
      this.leftS -= seconds;
      if (this.leftS > 0) return;
      if (this.seq === stops.length - 1) {
        // Terminus: turn round, lay over at the other direction's first stop.
        this.direction_ = this.direction_ === 'up' && this.line.down.length ? 'down' : 'up';
        this.seq = 0;
        this.leftS = LAYOVER_S;
        this.place(this.stops()[0]);
        return;
      }
      this.phase = 'run';
      this.travelledM = 0;
      this.segmentM = metresBetween(stops[this.seq], stops[this.seq + 1]);
      // Each run has its own luck (lights, a slow lorry) on top of the hour's traffic.
      this.segmentLuck = 0.8 + this.random() * 0.4;
    }
    const speed = FREE_SPEED_MS * trafficFactor(this.time.getTime()) * this.segmentLuck;
    this.speedKmh = speed * 3.6;
    this.travelledM += speed * seconds;
    this.mileageKm += (speed * seconds) / 1000;
    const from = stops[this.seq];
    const to = stops[this.seq + 1];
    if (this.travelledM >= this.segmentM) {
      this.seq += 1;
      this.phase = 'dwell';
      this.leftS = this.dwellS();
      this.place(to);
      return;
    }
    const t = this.travelledM / this.segmentM;
    this.place({ longitude: from.longitude + t * (to.longitude - from.longitude), latitude: from.latitude + t * (to.latitude - from.latitude) });
    this.heading = Math.round((Math.atan2((to.longitude - from.longitude) * Math.cos(from.latitude * RAD), to.latitude - from.latitude) / RAD + 360) % 360);
  }

  get direction() {
    return this.heading ?? 0;
  }
}

/** The hook sim-terminal.js calls: a bus motion for terminal `index`, its clock from `--bus-start` (default now). */
function busLineMotion(index, options) {
  if (!busLineMotion.line) busLineMotion.line = loadLine(options.busLine);
  const startMs = options.busStart ? Date.parse(options.busStart) : Date.now();
  if (!Number.isFinite(startMs)) throw new Error('--bus-start must be a date (e.g. 2026-11-20T06:00:00+08:00)');
  return new BusLineMotion({ line: busLineMotion.line, index, startMs });
}

module.exports = { BusLineMotion, busLineMotion, loadLine, trafficFactor, chinaHour, seededRandom, metresBetween };
