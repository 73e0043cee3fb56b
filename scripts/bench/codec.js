// Codec benchmark: JT/T 808 0x0200, GB/T 32960 real-time data and JT/T 809 real location decode/encode
// per second on one core (808 also with deframing). Run with `npm run bench:codec` (builds first).
// Uses the built @openfleet/jt808, @openfleet/gb32960 and @openfleet/jt809.
const os = require('node:os');
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');
const { Buffer } = require('node:buffer');

// The npm script builds jt808; the two other codecs are built here so their rows are never stale.
const built = spawnSync(process.execPath, [join(__dirname, '../build-for.js'), 'gb32960', 'jt809'], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
const { decodeFrame, encodeFrame, Jt808Deframer } = require('@openfleet/jt808');
const gb32960 = require('@openfleet/gb32960');
const jt809 = require('@openfleet/jt809');

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

// A GB/T 32960 report as an EV sends it every 10 s: vehicle, one motor, position, extremes, alarms,
// 96 cell voltages and 32 probe temperatures.
const realtime = {
  time: '2026-11-24 10:30:00',
  units: [
    { type: 0x01, vehicle: { vehicleState: 1, chargeState: 3, runMode: 1, speedKmh: 62.5, mileageKm: 12345.6, voltageV: 350.2, currentA: 12.3, socPercent: 78, dcdcState: 1, gear: 0x0e, insulationKOhm: 5000, acceleratorPercent: 20, brakePercent: 0 } },
    { type: 0x02, motors: [{ seq: 1, state: 1, controllerTempC: 45, speedRpm: 3200, torqueNm: 120.5, tempC: 60, controllerVoltageV: 350, controllerCurrentA: 40.2 }] },
    { type: 0x05, position: { status: 0, longitude: 114.057865, latitude: 22.543096 } },
    { type: 0x06, extremes: { maxVoltageSubsystem: 1, maxVoltageCell: 12, maxCellVoltageV: 3.712, minVoltageSubsystem: 1, minVoltageCell: 40, minCellVoltageV: 3.645, maxTempSubsystem: 1, maxTempProbe: 3, maxTempC: 35, minTempSubsystem: 1, minTempProbe: 9, minTempC: 28 } },
    { type: 0x07, alarms: { maxLevel: 0, flags: 0, packFaults: [], motorFaults: [], engineFaults: [], otherFaults: [] } },
    { type: 0x08, voltages: [{ subsystem: 1, voltageV: 350.2, currentA: 12.3, totalCells: 96, firstCell: 1, cellVoltagesV: Array.from({ length: 96 }, (_, i) => 3.6 + (i % 10) / 100) }] },
    { type: 0x09, temperatures: [{ subsystem: 1, probeTempsC: Array.from({ length: 32 }, (_, i) => 25 + (i % 8)) }] },
  ],
};
const realtimeData = gb32960.encodeRealtime(realtime);
const realtimeDecoded = gb32960.decodeRealtime(realtimeData);

// A JT/T 809-2019 UP_EXG_MSG/UP_EXG_MSG_REAL_LOCATION business body: what the forwarder sends per position.
const location = {
  vehicleNo: '粤B12345',
  vehicleColor: 1,
  dataType: 0x1202,
  data: {
    position: { encrypt: 0, data: Buffer.from('00000000000c000301582bb806cc6f1e0032025d005a250301083000', 'hex'), platformId1: '12345678901', alarm1: 0, platformId2: '', alarm2: 0, platformId3: '', alarm3: 0 },
  },
};
const locationBody = jt809.encodeBusinessBody(0x1200, location, '2019');
const locationDecoded = jt809.decodeBusinessBody(0x1200, locationBody, '2019');

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
  run(`decode 32960 real-time (${realtimeData.length} bytes)`, 1, () => {
    sink += gb32960.decodeRealtime(realtimeData).units.length;
  }),
  run('encode 32960 real-time', 1, () => {
    sink += gb32960.encodeRealtime(realtimeDecoded).length;
  }),
  run(`decode 809 0x1200/0x1202 (${locationBody.length} bytes)`, 1, () => {
    sink += jt809.decodeBusinessBody(0x1200, locationBody, '2019').dataType;
  }),
  run('encode 809 0x1200/0x1202', 1, () => {
    sink += jt809.encodeBusinessBody(0x1200, locationDecoded, '2019').length;
  }),
];

console.log(`frame: ${frame.length} bytes, ${frame.toString('hex')}`);
console.table(results);
console.log(
  `machine: ${os.cpus()[0].model}, ${os.cpus().length} cores, node ${process.version}, ${os.platform()} ${os.arch()}`,
);
if (sink === -1) console.log(sink);
