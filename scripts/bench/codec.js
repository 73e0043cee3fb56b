// JT/T 808 codec benchmark: 0x0200 decode/encode frames per second on one core, with and without deframing.
// Run with `npm run bench:codec` (builds first). Uses the built @openfleet/jt808.
const os = require('node:os');
const { Buffer } = require('node:buffer');
const { decodeFrame, encodeFrame, Jt808Deframer } = require('@openfleet/jt808');

// A typical location report: basic block plus mileage, fuel, signal strength and satellite count.
const message = {
  msgId: 0x0200,
  version: '2013',
  phone: '013912345678',
  serial: 7,
  body: {
    alarm: 0,
    status: 0x000c0003,
    latitude: 22.543096,
    longitude: 114.057865,
    altitude: 50,
    speed: 60.5,
    direction: 90,
    time: new Date('2025-03-01T08:30:00+08:00'),
    extras: [
      { id: 0x01, kind: 'mileageKm', value: 1234.5 },
      { id: 0x02, kind: 'fuelL', value: 45.6 },
      { id: 0x30, kind: 'signalStrength', value: 25 },
      { id: 0x31, kind: 'satelliteCount', value: 12 },
    ],
  },
};
const frame = encodeFrame(message);
const decoded = decodeFrame(frame);
// 64 frames per TCP chunk, the way a busy socket delivers them.
const BATCH = 64;
const stream = Buffer.concat(Array.from({ length: BATCH }, () => frame));

function run(name, framesPerCall, fn, seconds = 2) {
  for (let i = 0; i < 20000; i++) fn(); // warm-up
  let calls = 0;
  const start = process.hrtime.bigint();
  const deadline = start + BigInt(seconds * 1e9);
  let now = start;
  while (now < deadline) {
    for (let i = 0; i < 1000; i++) fn();
    calls += 1000;
    now = process.hrtime.bigint();
  }
  const elapsed = Number(now - start) / 1e9;
  const frames = calls * framesPerCall;
  return {
    benchmark: name,
    'frames/s': Math.round(frames / elapsed),
    'ns/frame': Math.round((elapsed * 1e9) / frames),
  };
}

let sink = 0;
const oneByOne = new Jt808Deframer();
const results = [
  run('decode 0x0200 (decodeFrame)', 1, () => {
    sink += decodeFrame(frame).serial;
  }),
  run('encode 0x0200 (encodeFrame)', 1, () => {
    sink += encodeFrame(decoded).length;
  }),
  run(`deframe + decode 0x0200 (${BATCH} frames per chunk)`, BATCH, () => {
    const deframer = new Jt808Deframer();
    for (const item of deframer.push(stream)) sink += decodeFrame(item).serial;
  }),
  run('deframe + decode 0x0200 (one frame per chunk)', 1, () => {
    for (const item of oneByOne.push(frame)) sink += decodeFrame(item).serial;
  }),
];

console.log(`frame: ${frame.length} bytes, ${frame.toString('hex')}`);
console.table(results);
console.log(
  `machine: ${os.cpus()[0].model}, ${os.cpus().length} cores, node ${process.version}, ${os.platform()} ${os.arch()}`,
);
if (sink === -1) console.log(sink);
