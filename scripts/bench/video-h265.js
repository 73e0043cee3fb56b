// The H.265 path's cost (docs/video.md "H.265"): for test streams of three sizes, what a browser
// decoder would spend (ffmpeg's native HEVC decoder, one thread: the floor for a WebAssembly one),
// and what the server's transcode to H.264 costs per stream (ffmpeg CPU from /proc, plus this
// process), its added latency (frame in to H.264 frame out) and how many concurrent streams this
// machine sustains (every frame out, p95 under 500 ms). Also asks Debian's Chromium whether it has
// H.265 in MSE or WebCodecs. Run: npm run bench:video-h265 [-- sizes=320x180,704x576,1280x720 seconds=10 max=16]
const os = require('node:os');
const { mkdtempSync, readFileSync, existsSync } = require('node:fs');
const { join } = require('node:path');
const { spawnSync } = require('node:child_process');
const { findFfmpeg } = require('../../services/video/dist/transcode/ffmpeg-binary');
const { H265Transcoder } = require('../../services/video/dist/transcode/h265-transcoder');
const { h265AccessUnits } = require('../../libs/jt1078/dist');
const { machineLine, percentile } = require('./machine');

const args = Object.fromEntries(process.argv.slice(2).map((arg) => arg.split('=')));
const SIZES = (args.sizes ?? '320x180,704x576,1280x720').split(',');
const SECONDS = Number(args.seconds ?? 10);
const MAX_STREAMS = Number(args.max ?? 16);
const FPS = 25;
const BITRATE = { '320x180': '150k', '704x576': '800k', '1280x720': '1500k', '1920x1080': '3000k' };
const TICKS = 100; // /proc clock ticks per second on Linux

const ffmpeg = findFfmpeg();
if (!ffmpeg.found) {
  console.error(`no ffmpeg: ${ffmpeg.reason}`);
  process.exit(1);
}
const work = mkdtempSync(join(os.tmpdir(), 'openfleet-bench-h265-'));

/** A 10 s H.265 test stream of that size, GOP 25, no B-frames (as terminals send). */
function testStream(size) {
  const file = join(work, `${size}.h265`);
  const run = spawnSync(ffmpeg.path, ['-hide_banner', '-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${FPS}`, '-t', '10', '-c:v', 'libx265', '-preset', 'ultrafast', '-b:v', BITRATE[size] ?? '1000k', '-pix_fmt', 'yuv420p', '-x265-params', 'keyint=25:min-keyint=25:bframes=0:scenecut=0:repeat-headers=1:log-level=error', '-f', 'hevc', file]);
  if (run.status !== 0) throw new Error(`ffmpeg could not make the ${size} stream: ${run.stderr}`);
  return h265AccessUnits(readFileSync(file)).map((unit) => unit.data);
}

/** CPU seconds ffmpeg's native HEVC decoder (one thread) takes for the 10 s stream. */
function decodeCpu(size) {
  const run = spawnSync(ffmpeg.path, ['-hide_banner', '-benchmark', '-threads', '1', '-f', 'hevc', '-i', join(work, `${size}.h265`), '-f', 'null', '-'], { encoding: 'utf8' });
  const bench = /utime=([\d.]+)s stime=([\d.]+)s/.exec(run.stderr);
  return bench ? Number(bench[1]) + Number(bench[2]) : NaN;
}

function processCpu(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** N transcodes fed in real time for SECONDS: CPU per stream, latency, frames out. */
async function transcode(frames, streams) {
  const latencies = [];
  const sentAt = new Map();
  let framesIn = 0;
  let framesOut = 0;
  const failures = [];
  const transcoders = Array.from({ length: streams }, (_, n) =>
    new H265Transcoder(ffmpeg.path, (frame) => {
      framesOut++;
      const at = sentAt.get(`${n}:${frame.timestamp}`);
      if (at !== undefined) latencies.push(performance.now() - at);
      sentAt.delete(`${n}:${frame.timestamp}`);
    }, (reason) => failures.push(reason)),
  );
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const ffmpegCpu = new Map();
  const total = SECONDS * FPS;
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / FPS;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    transcoders.forEach((transcoder, n) => {
      const timestamp = i * 40;
      sentAt.set(`${n}:${timestamp}`, performance.now());
      transcoder.push({ channel: 1, dataType: i % 25 === 0 ? 0 : 1, payloadType: 99, timestamp, data: frames[i % frames.length] });
      framesIn++;
      if (transcoder.pid) ffmpegCpu.set(transcoder.pid, processCpu(transcoder.pid));
    });
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const transcoder of transcoders) if (transcoder.pid) ffmpegCpu.set(transcoder.pid, processCpu(transcoder.pid));
  const wall = (performance.now() - start) / 1000;
  transcoders.forEach((transcoder) => transcoder.stop());
  const nodeCpu = process.cpuUsage(cpuStart);
  const cpu = [...ffmpegCpu.values()].reduce((sum, value) => sum + value, 0) + (nodeCpu.user + nodeCpu.system) / 1e6;
  latencies.sort((a, b) => a - b);
  const p50 = percentile(latencies, 0.5);
  const p95 = percentile(latencies, 0.95);
  return { streams, perStream: (cpu / wall / streams) * 100, total: (cpu / wall) * 100, p50, p95, framesIn, framesOut, failures, sustained: !failures.length && framesOut >= framesIn * 0.99 && p95 < 500 };
}

async function chromiumSupport() {
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromiumPath)) return 'no Chromium here';
  const { chromium } = require('playwright-core');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  const page = await browser.newPage();
  // WebCodecs exists only in a secure context: a page from 127.0.0.1 is one.
  const server = require('node:http').createServer((_request, response) => response.end('<!doctype html><title>h265</title>'));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  server.close();
  const result = await page.evaluate(`(async () => ({
    version: navigator.userAgent.match(/Chrome\\/([\\d.]+)/)?.[1],
    mse: MediaSource.isTypeSupported('video/mp4; codecs="hvc1.1.6.L93.B0"'),
    webcodecs: typeof VideoDecoder === 'function' ? (await VideoDecoder.isConfigSupported({ codec: 'hvc1.1.6.L93.B0', codedWidth: 1280, codedHeight: 720 })).supported : 'no VideoDecoder',
    webcodecsAvc: typeof VideoDecoder === 'function' ? (await VideoDecoder.isConfigSupported({ codec: 'avc1.42C01F', codedWidth: 1280, codedHeight: 720 })).supported : 'no VideoDecoder',
  }))()`);
  await browser.close();
  return `Chromium ${result.version}: MSE hvc1 ${result.mse}, WebCodecs hvc1 ${result.webcodecs} (avc1 ${result.webcodecsAvc})`;
}

async function main() {
  console.log(`ffmpeg: ${ffmpeg.path} (${ffmpeg.source}); load average before: ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`);
  console.log(await chromiumSupport().catch((error) => `Chromium check failed: ${error.message}`));
  for (const size of SIZES) {
    const frames = testStream(size);
    const decode = decodeCpu(size);
    console.log(`\n${size} H.265 at ${BITRATE[size] ?? '1000k'}bit/s, ${FPS} fps`);
    console.log(`  native HEVC decode, one thread (browser-decode floor): ${((decode / 10) * 100).toFixed(1)} % of a core per stream`);
    console.log('  streams | CPU per stream | CPU in all | added latency p50 / p95 | frames out / in | sustained');
    for (let streams = 1; streams <= MAX_STREAMS; streams *= 2) {
      const r = await transcode(frames, streams);
      console.log(`  ${String(streams).padStart(7)} | ${r.perStream.toFixed(1).padStart(12)} % | ${r.total.toFixed(0).padStart(8)} % | ${r.p50.toFixed(0).padStart(8)} ms / ${r.p95.toFixed(0)} ms | ${r.framesOut} / ${r.framesIn} | ${r.sustained ? 'yes' : 'no'}${r.failures.length ? ` (${r.failures[0]})` : ''}`);
      if (!r.sustained) break;
    }
  }
  console.log(`\n${machineLine()}; load average after: ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
