/* global fetch -- Node 20 built-in */
// findDailyMileage part of `npm run bench:tracking`: server time (the handler's Server-Timing) and
// client time over loopback for one vehicle-day, full track, gzip, measured three ways:
// - cold: only the app's answer cache is off (a second tracking app, TRACKING_TRACK_CACHE_MB=0; the database's buffer pool and the OS caches stay warm): every request
//   queries, writes and compresses the whole answer;
// - miss: the cache on, a window no earlier request asked for (it starts one more second before the
//   day each time, so the same 8,640 points): the fingerprint query plus the cold work;
// - warm: the cache on, the same window again: the fingerprint query and the stored body.
const { monitorEventLoopDelay, performance } = require('node:perf_hooks');
const { gunzipSync } = require('node:zlib');
const { TokenService } = require('@openfleet/auth');
const { percentile } = require('./machine');

// Unmeasured requests first (JIT, connection pool, the cache's first fill).
const WARM_UP = 20;

/** Times `requests` findDailyMileage requests after `WARM_UP` unmeasured ones; `window(i)` gives request i's start and end (CST text). */
async function dailyMileageTimes(app, phone, requests, window, log = () => {}) {
  const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;
  const token = await app.get(TokenService).sign({ id: '1', companyId: '1', userType: 4, roleIds: [], superAdmin: true, scope: { companies: [], fleets: [] } });
  const times = [];
  const serverTimes = [];
  let points = 0;
  // Event-loop delay over the measured requests: the process also runs the services' own timers
  // (e.g. the live state's sweep), whose stalls land in whatever request is in flight.
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const seriesStarted = performance.now();
  for (let i = 0; i < requests + WARM_UP; i++) {
    if (i === WARM_UP) loop.enable();
    const [startTime, endTime] = window(i);
    const path = `/gps/vtrack/findDailyMileage?vehicleId=${phone}&startTime=${startTime}&endTime=${endTime}&isAllLocations=1&mapType=3`;
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = Buffer.from(await response.arrayBuffer());
    if (i >= WARM_UP) {
      times.push(performance.now() - started);
      const server = /app;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
      if (server) serverTimes.push(Number(server[1]));
      if (server && Number(server[1]) > 200) log(`  mileage: request ${i} took ${server[1]} ms (server) at +${((performance.now() - seriesStarted) / 1000).toFixed(1)} s of the series`);
    }
    if (i === 0 || i === requests + WARM_UP - 1) {
      // The console's decoding: gunzip, JSON.parse, JSON.parse(listAll).
      const envelope = JSON.parse(gunzipSync(body).toString());
      if (!envelope.flag) throw new Error(`findDailyMileage: ${JSON.stringify(envelope)}`);
      const count = JSON.parse(envelope.data.listAll).length;
      if (i > 0 && count !== points) throw new Error(`findDailyMileage: ${count} points in the last answer, ${points} in the first`);
      points = count;
    }
  }
  loop.disable();
  return { times: times.sort((a, b) => a - b), serverTimes: serverTimes.sort((a, b) => a - b), points, loopDelayMaxMs: loop.max / 1e6 };
}

/**
 * Waits past the live state's first 10 s sweep (a new app publishes the state of every terminal
 * it loaded, tens of thousands after the ingest part, which stalls the loop for up to a second
 * now and then while it lasts), then until no event-loop delay over 50 ms was seen for 8 s in a
 * row (90 s at most).
 */
async function quietEventLoop(log, what) {
  const started = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 12_000));
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let quiet = 0;
  try {
    while (quiet < 8 && Date.now() - started < 90_000) {
      delay.reset();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      quiet = delay.max / 1e6 < 50 ? quiet + 1 : 0;
    }
  } finally {
    delay.disable();
  }
  log(`  mileage: ${what} timed ${((Date.now() - started) / 1000).toFixed(0)} s later${quiet < 8 ? ' (the event loop never went quiet)' : ''}`);
}

/**
 * Records the cold, miss and warm rows. `app` runs with the answer cache on; `startTracking(env)`
 * starts another tracking app on the same schema (its own consumer group, from the latest offsets,
 * so it ingests nothing).
 */
async function dailyMileageBench({ app, startTracking, phone, dayStartS, requests, tableRows, run, record, log }) {
  const day = new Date((dayStartS + 8 * 3600) * 1000).toISOString().slice(0, 10);
  const sameDay = () => [`${day} 00:00:00`, `${day} 23:59:59`];
  // 1 s more before the day each time: a new cache key, the same rows. (The day starts at
  // dayStartS - 8 h; the CST text of an instant is the UTC text of the instant + 8 h.)
  const newWindow = (i) => [new Date((dayStartS - (i + 1)) * 1000).toISOString().slice(0, 19).replace('T', ' '), `${day} 23:59:59`];
  const label = (points) => `findDailyMileage, ${points} points, full track, gzip (${tableRows.toLocaleString('en-US')} rows in table, ${requests} requests)`;
  const report = (name, { times, serverTimes, points, loopDelayMaxMs }) => {
    const ms = (sorted) => `p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms`;
    record([`${label(points)}, ${name}: server time`, `${ms(serverTimes)} (event-loop delay max ${loopDelayMaxMs.toFixed(0)} ms)`]);
    record([`${label(points)}, ${name}: client time over loopback`, ms(times)]);
  };
  const coldApp = await startTracking({ TRACKING_TRACK_CACHE_MB: '0', TRACKING_INGEST_GROUP: `bench-tracking-${run}-mileage-cold` });
  try {
    // A new app joins its groups, reads the compacted topics and publishes every live state once
    // (its first sweep): time it only once the event loop is quiet.
    await quietEventLoop(log, 'cold app');
    report("cold (app answer cache off; the database's buffer pool stays warm)", await dailyMileageTimes(coldApp, phone, requests, sameDay, log));
  } finally {
    await Promise.race([coldApp.close(), new Promise((resolve) => setTimeout(resolve, 10_000))]);
  }
  // The cold app's heap is garbage now, in this same process: let that collection pass too.
  await quietEventLoop(log, 'miss series');
  report('miss (cache on, a new window each time)', await dailyMileageTimes(app, phone, requests, newWindow, log));
  report('warm (cache on, same window again)', await dailyMileageTimes(app, phone, requests, sameDay, log));
}

module.exports = { dailyMileageTimes, dailyMileageBench };
