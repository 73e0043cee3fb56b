// Child process of `npm run bench:energy`: VEHICLES simulated EVs connect to the energy gateway,
// log in and send FRAMES real-time reports each (96 cells, 48 probes, a battery alarm in 1 % of
// them), at most WINDOW unanswered per vehicle. Prints one JSON line with what was answered.
const net = require('node:net');
const { chinaTime, decodeFrame, encodeFrame, encodeRealtime, encodeVehicleLogin, Gb32960Deframer } = require('@openfleet/gb32960');
const { vinOf } = require('../simulator/sim-ev');

const [port, vehicles, frames, startMs, vinOffset] = process.argv.slice(2).map(Number);
const WINDOW = 8;

function units(index, n) {
  const soc = 30 + ((index + n) % 60);
  const cells = Array.from({ length: 96 }, (_, i) => Math.round((3.3 + soc / 400 + ((i * 7 + index + n) % 11) / 1000) * 1000) / 1000);
  const temps = Array.from({ length: 48 }, (_, i) => 25 + ((i * 3 + index + n) % 9));
  const alarm = (index * 31 + n) % 100 === 0;
  const maxV = Math.max(...cells);
  const minV = Math.min(...cells);
  return [
    { type: 1, vehicle: { vehicleState: 1, chargeState: 3, runMode: 1, speedKmh: 40, mileageKm: 1000 + n / 100, voltageV: 340.5, currentA: 20, socPercent: soc, dcdcState: 1, gear: 0x2e, insulationKOhm: 5000, acceleratorPercent: 25, brakePercent: 0 } },
    { type: 5, position: { status: 0, longitude: 116.4 + index * 0.001, latitude: 39.9 } },
    { type: 6, extremes: { maxVoltageSubsystem: 1, maxVoltageCell: cells.indexOf(maxV) + 1, maxCellVoltageV: maxV, minVoltageSubsystem: 1, minVoltageCell: cells.indexOf(minV) + 1, minCellVoltageV: minV, maxTempSubsystem: 1, maxTempProbe: 1, maxTempC: 33, minTempSubsystem: 1, minTempProbe: 2, minTempC: 25 } },
    { type: 7, alarms: { maxLevel: alarm ? 2 : 0, flags: alarm ? 0b10 : 0, packFaults: [], motorFaults: [], engineFaults: [], otherFaults: [] } },
    { type: 8, voltages: [{ subsystem: 1, voltageV: 340.5, currentA: 20, totalCells: 96, firstCell: 1, cellVoltagesV: cells }] },
    { type: 9, temperatures: [{ subsystem: 1, probeTempsC: temps }] },
  ];
}

function runVehicle(index) {
  return new Promise((resolve) => {
    const vin = vinOf(vinOffset + index);
    const socket = net.connect({ host: '127.0.0.1', port });
    const deframer = new Gb32960Deframer();
    let sent = 0;
    let acked = 0;
    let refused = 0;
    const frame = (command, data) => encodeFrame({ command, response: 0xfe, vin, encryption: 1, data });
    const pump = () => {
      while (sent < frames && sent - acked - refused < WINDOW) {
        socket.write(frame(0x02, encodeRealtime({ time: chinaTime(startMs + sent * 10_000), units: units(index, sent) })));
        sent++;
      }
    };
    socket.on('connect', () => socket.write(frame(0x01, encodeVehicleLogin({ time: chinaTime(), serial: 1, iccid: `8986${String(index).padStart(16, '0')}`, subsystemCodes: ['PACK0001'] }))));
    socket.on('data', (chunk) => {
      for (const bytes of deframer.push(chunk)) {
        const answer = decodeFrame(bytes);
        if (answer.command === 0x01) {
          if (answer.response !== 1) return resolve({ acked, refused: frames }) || socket.destroy();
          pump();
          continue;
        }
        if (answer.response === 1) acked++;
        else refused++;
        if (acked + refused === frames) {
          socket.end();
          resolve({ acked, refused });
        } else pump();
      }
    });
    socket.on('error', () => resolve({ acked, refused: frames - acked }));
  });
}

Promise.all(Array.from({ length: vehicles }, (_, i) => runVehicle(i))).then((results) => {
  process.stdout.write(`${JSON.stringify({ acked: results.reduce((s, r) => s + r.acked, 0), refused: results.reduce((s, r) => s + r.refused, 0) })}\n`);
  process.exit(0);
});
