// JT/T 1078 remux benchmark: H.264 Annex-B frames to fMP4 fragments (one per frame) for N concurrent
// streams, and the G.711 -> Opus and G.711 -> FLAC audio cost per stream. CPU time from process.cpuUsage(), one core.
// Run after `npx tsc -b libs/jt1078` (uses the built libs/jt1078/dist):
//   node scripts/bench/video-remux.js [streams=100] [seconds=3]
const os = require('node:os');
const path = require('node:path');
const { readFileSync } = require('node:fs');
const { Jt1078Remuxer, splitAnnexB, h264NalType } = require('../../libs/jt1078/dist');

const STREAMS = Number(process.argv[2] ?? 100);
const SECONDS = Number(process.argv[3] ?? 3);
const FPS = 25;
const TARGET_BITS = 1_500_000;
const media = path.join(__dirname, '../simulator/media');
const sample = readFileSync(path.join(media, 'sample.h264'));
const g711a = readFileSync(path.join(media, 'sample.g711a'));
const START = Buffer.from([0, 0, 0, 1]);

/** The sample's access units (a new one at SPS or at a first slice after a slice). */
function accessUnits(stream) {
  const units = [];
  let current = [];
  for (const nal of splitAnnexB(stream)) {
    const type = h264NalType(nal);
    const slice = type === 1 || type === 5;
    if (current.some((unit) => [1, 5].includes(h264NalType(unit))) && (!slice || nal[1] & 0x80)) {
      units.push(current);
      current = [];
    }
    current.push(nal);
  }
  units.push(current);
  return units;
}

const units = accessUnits(sample);
const sampleBits = (sample.length * 8 * FPS) / units.length;
/** Frames as the terminal sends them; slices repeated `scale` times to reach a higher bitrate (same frame count, bigger frames). */
function framesAt(scale) {
  return units.map((frame) => {
    const key = frame.some((unit) => h264NalType(unit) === 5);
    const nals = frame.flatMap((unit) => ([1, 5].includes(h264NalType(unit)) ? Array(scale).fill(unit) : [unit]));
    return { key, data: Buffer.concat(nals.flatMap((unit) => [START, unit])) };
  });
}

/** Pushes round after round (every stream one frame per round) until SECONDS of CPU have passed. */
function run(name, streams, makeRemuxer, framesOf) {
  const remuxers = Array.from({ length: streams }, makeRemuxer);
  let round = 0;
  let frames = 0;
  let bytesIn = 0;
  let bytesOut = 0;
  const step = () => {
    for (const remuxer of remuxers) {
      for (const frame of framesOf(round)) {
        for (const event of remuxer.push(frame)) if (event.data) bytesOut += event.data.length;
        frames++;
        bytesIn += frame.data.length;
      }
    }
    round++;
  };
  for (let i = 0; i < 50; i++) step(); // warm-up, and past the audio wait
  [frames, bytesIn, bytesOut] = [0, 0, 0];
  const startRound = round;
  const cpu = process.cpuUsage();
  let used = 0;
  while (used < SECONDS) {
    step();
    const delta = process.cpuUsage(cpu);
    used = (delta.user + delta.system) / 1e6;
  }
  for (const remuxer of remuxers) remuxer.close();
  const mediaSeconds = ((round - startRound) * streams) / FPS;
  return { name, frames, bytesIn, bytesOut, used, realtime: mediaSeconds / used };
}

const videoFrame = (frames) => (round) => {
  const frame = frames[round % frames.length];
  return [{ channel: 1, dataType: frame.key ? 0 : 1, payloadType: 98, timestamp: round * 40, data: frame.data }];
};
const audioFrame = (round) => ({ channel: 1, dataType: 3, payloadType: 6, timestamp: round * 40, data: g711a.subarray((round % 200) * 320, (round % 200) * 320 + 320) });

const scale = Math.round(TARGET_BITS / sampleBits);
const sampleFrames = framesAt(1);
const scaledFrames = framesAt(scale);
const videoAt = (frames) => (round) => videoFrame(frames)(round);
const results = [
  run(`video, sample as is (${Math.round(sampleBits / 1000)} kbit/s)`, STREAMS, () => new Jt1078Remuxer({ audioWaitMs: 0 }), videoAt(sampleFrames)),
  run(`video, slices x${scale} (${Math.round((sampleBits * scale) / 1000)} kbit/s)`, STREAMS, () => new Jt1078Remuxer({ audioWaitMs: 0 }), videoAt(scaledFrames)),
  run('audio only, G.711A -> Opus', STREAMS, () => new Jt1078Remuxer({ audioWaitMs: 0 }), (round) => [audioFrame(round)]),
  run(`video x${scale} + G.711A -> Opus`, STREAMS, () => new Jt1078Remuxer(), (round) => [...videoFrame(scaledFrames)(round), audioFrame(round)]),
  run('audio only, G.711A -> FLAC', STREAMS, () => new Jt1078Remuxer({ audioWaitMs: 0, speechCodec: 'flac' }), (round) => [audioFrame(round)]),
  run(`video x${scale} + G.711A -> FLAC (the video service's default)`, STREAMS, () => new Jt1078Remuxer({ speechCodec: 'flac' }), (round) => [...videoFrame(scaledFrames)(round), audioFrame(round)]),
];

console.log(`machine: ${os.cpus()[0].model}, ${os.cpus().length} cores, node ${process.version}; ${STREAMS} concurrent streams, ${SECONDS} s of CPU each`);
console.table(
  results.map((result) => ({
    benchmark: result.name,
    'frames/s': Math.round(result.frames / result.used),
    'MB/s in': +(result.bytesIn / result.used / 1e6).toFixed(1),
    'x real time per core': Math.round(result.realtime),
    'streams per core': Math.floor(result.realtime),
  })),
);
console.log(`audio per stream, % of a core: G.711A -> Opus (complexity 0) ${(100 / results[2].realtime).toFixed(3)}, G.711A -> FLAC ${(100 / results[4].realtime).toFixed(3)}`);
console.log(`streams per core at 1.5 Mbit/s: ${Math.floor(results[1].realtime)} video only, ${Math.floor(results[3].realtime)} with G.711 -> Opus audio, ${Math.floor(results[5].realtime)} with G.711 -> FLAC audio`);
