// One simulated electric vehicle speaking GB/T 32960.3-2016 over TCP (`npm run simulate -- --energy`):
// it logs in with its VIN, reports every `interval` seconds (whole vehicle, motor, position, extremes,
// alarms, 96 cell voltages, 48 probe temperatures), discharges while driving and charges when low,
// raises a battery alarm now and then, heartbeats, and logs out on stop.
const { chinaTime, decodeFrame, encodeFrame, encodeLogout, encodeRealtime, encodeVehicleLogin } = require('@openfleet/gb32960');
const { VinVehicle } = require('./vin-vehicle');

const CELLS = 96;
const PROBES = 48;

/** VIN of simulated vehicle `index`: 17 characters, no I, O or Q. */
function vinOf(index) {
  return `LSJMEV${String(index + 1).padStart(11, '0')}`;
}

function evPlateOf(index) {
  return `京AD${String(index + 1).padStart(5, '0')}`;
}

class SimEv extends VinVehicle {
  constructor(index, options, stats) {
    super(index, options, stats, vinOf(index));
    this.soc = 40 + ((index * 37) % 55);
    this.charging = false;
    this.mileage = 10_000 + index * 123.4;
    this.serial = 0;
  }

  port() {
    return this.options.energyPort;
  }

  login() {
    this.serial = (this.serial % 65531) + 1;
    this.send(0x01, encodeVehicleLogin({ time: chinaTime(), serial: this.serial, iccid: `8986${String(this.index).padStart(16, '0')}`, subsystemCodes: [`PACK${String(this.index).padStart(8, '0')}`] }));
  }

  logout() {
    this.send(0x04, encodeLogout({ time: chinaTime(), serial: this.serial }));
  }

  answer(bytes) {
    const frame = decodeFrame(bytes);
    this.stats.received++;
    if (frame.command === 0x01) {
      if (frame.response !== 1) {
        this.stats.refused++;
        return;
      }
      this.online = true;
      this.stats.loggedIn++;
      this.startReporting();
    } else if (frame.command === 0x02) {
      if (frame.response === 1) this.stats.acked++;
      else this.stats.refused++;
    }
  }

  send(command, data) {
    if (this.socket.destroyed) return;
    this.socket.write(encodeFrame({ command, response: 0xfe, vin: this.vin, encryption: 1, data }));
    this.stats.sent++;
  }

  report() {
    // Charge below 20 % up to 95 %; otherwise drive and discharge.
    if (this.soc < 20) this.charging = true;
    if (this.soc > 95) this.charging = false;
    this.soc = Math.max(0, Math.min(100, this.soc + (this.charging ? 0.8 : -0.3)));
    const speed = this.charging ? 0 : 30 + (this.index % 5) * 10;
    this.mileage += speed / 3600 * this.options.interval;
    const base = 3.3 + this.soc / 400;
    const cells = Array.from({ length: CELLS }, (_, i) => Math.round((base + ((i * 7 + this.index) % 11) / 1000) * 1000) / 1000);
    const temps = Array.from({ length: PROBES }, (_, i) => 25 + ((i * 3 + this.index) % 9) + (this.charging ? 5 : 0));
    const maxV = Math.max(...cells);
    const minV = Math.min(...cells);
    const maxT = Math.max(...temps);
    const minT = Math.min(...temps);
    const alarm = Math.random() < this.options.alarmRate;
    if (alarm) this.stats.alarms++;
    const voltage = Math.round(cells.reduce((sum, v) => sum + v, 0) * 10) / 10;
    const current = this.charging ? -60 : speed / 2;
    const units = [
      { type: 1, vehicle: { vehicleState: this.charging ? 2 : 1, chargeState: this.charging ? 1 : 3, runMode: 1, speedKmh: speed, mileageKm: Math.round(this.mileage * 10) / 10, voltageV: voltage, currentA: current, socPercent: Math.round(this.soc), dcdcState: 1, gear: this.charging ? 0x0f : 0x2e, insulationKOhm: 5000, acceleratorPercent: this.charging ? 0 : 25, brakePercent: 0 } },
      { type: 2, motors: [{ seq: 1, state: this.charging ? 3 : 1, controllerTempC: 40, speedRpm: speed * 60, torqueNm: this.charging ? 0 : 80, tempC: 50, controllerVoltageV: voltage, controllerCurrentA: Math.max(0, current) }] },
      { type: 5, position: { status: 0, longitude: 116.4 + this.index * 0.001, latitude: 39.9 + this.index * 0.001 } },
      { type: 6, extremes: { maxVoltageSubsystem: 1, maxVoltageCell: cells.indexOf(maxV) + 1, maxCellVoltageV: maxV, minVoltageSubsystem: 1, minVoltageCell: cells.indexOf(minV) + 1, minCellVoltageV: minV, maxTempSubsystem: 1, maxTempProbe: temps.indexOf(maxT) + 1, maxTempC: maxT, minTempSubsystem: 1, minTempProbe: temps.indexOf(minT) + 1, minTempC: minT } },
      // An alarm: battery high temperature (bit 1), level 2.
      { type: 7, alarms: { maxLevel: alarm ? 2 : 0, flags: alarm ? 0b10 : 0, packFaults: [], motorFaults: [], engineFaults: [], otherFaults: [] } },
      { type: 8, voltages: [{ subsystem: 1, voltageV: voltage, currentA: current, totalCells: CELLS, firstCell: 1, cellVoltagesV: cells }] },
      { type: 9, temperatures: [{ subsystem: 1, probeTempsC: temps }] },
    ];
    this.send(0x02, encodeRealtime({ time: chinaTime(), units }));
    this.stats.reports++;
  }
}

module.exports = { SimEv, vinOf, evPlateOf };
