// One simulated heavy-duty diesel truck speaking HJ 1239 over TCP (`npm run simulate -- --emission`):
// it logs in with its VIN, sends its OBD report once logged in and every 10 minutes, a diesel data
// stream with the supplementary stream every `interval` seconds (engine load cycling between idle and
// cruise, SCR warming up, NOx cut by the catalyst, urea draining), asks for the time every 30 minutes,
// and logs out on stop. HJ 1239 answers nothing but the time sync, so "acked" counts nothing here.
const { chinaTime, encodeHj1239Frame, encodeHj1239Login, encodeHj1239Logout, encodeHj1239Realtime } = require('@openfleet/gb32960');
const { VinVehicle } = require('./vin-vehicle');

/** VIN of simulated truck `index`: 17 characters, no I, O or Q. */
function truckVinOf(index) {
  return `LFWHJ${String(index + 1).padStart(12, '0')}`;
}

function truckPlateOf(index) {
  return `京AH${String(index + 1).padStart(5, '0')}`;
}

const round = (v, step) => Math.round(v / step) * step;

class SimDiesel extends VinVehicle {
  constructor(index, options, stats) {
    super(index, options, stats, truckVinOf(index));
    this.odometer = 50_000 + index * 321.5;
    this.urea = 60 + ((index * 13) % 35);
    this.totalFuel = 20_000 + index * 10;
    this.totalUrea = 900_000 + index * 100;
    this.scrTemp = 60;
    this.tick = 0;
    this.serial = 0;
  }

  port() {
    return this.options.emissionPort;
  }

  /** HJ 1239 answers no login: the truck reports at once (a refused login closes the connection). */
  login() {
    this.loginSerial = ((this.loginSerial ?? 0) % 65531) + 1;
    this.send(0x01, encodeHj1239Login({ time: chinaTime(), serial: this.loginSerial, iccid: `8986${String(this.index).padStart(16, '0')}` }));
    this.online = true;
    this.obd();
    this.startReporting();
  }

  logout() {
    this.send(0x04, encodeHj1239Logout({ time: chinaTime(), serial: this.loginSerial }));
  }

  /** Only a time sync is ever answered. */
  answer(bytes) {
    if (bytes[2] === 0x05) this.stats.received++;
  }

  // The platform closes a connection only when it refuses the login (an unknown VIN under strict
  // registration) or could not keep a report: either way the truck logs in again and reissues.
  closed() {
    if (!this.stopped) this.stats.refused++;
  }

  send(command, data) {
    if (this.socket.destroyed) return;
    this.socket.write(encodeHj1239Frame({ command, vin: this.vin, softwareVersion: 1, encryption: 1, data }));
    this.stats.sent++;
  }

  realtime(infos) {
    this.serial = (this.serial % 65535) + 1;
    this.send(0x02, encodeHj1239Realtime({ sentAt: chinaTime(), serial: this.serial, infos }));
  }

  obd() {
    const iupr = Buffer.alloc(36, 0).toString('hex');
    this.realtime([{ type: 0x01, collectedAt: chinaTime(), obd: { protocol: 2, mil: 0, diagnosticSupport: 0x0f0f, diagnosticReadiness: 0x0000, vin: this.vin, calibrationId: `CAL${String(this.index).padStart(15, '0')}`, cvn: `CVN${String(this.index).padStart(15, '0')}`, iupr, faultCodes: [] } }]);
  }

  report() {
    this.tick++;
    if (this.tick % Math.max(1, Math.round(600 / this.options.interval)) === 0) this.obd();
    if (this.tick % Math.max(1, Math.round(1800 / this.options.interval)) === 0) this.send(0x05, Buffer.alloc(0));
    // A 60-report cycle: a fifth idling at a stop, the rest cruising.
    const idle = this.tick % 60 < 12;
    const speed = idle ? 0 : 60 + (this.index % 4) * 5;
    const rpm = idle ? 650 : 1300 + (this.index % 3) * 100;
    this.scrTemp = Math.min(idle ? 220 : 340, this.scrTemp + (idle ? -2 : 15));
    const noxIn = idle ? 120 : 600;
    // The catalyst cuts NOx once warm (above 200 °C).
    const noxOut = this.scrTemp > 200 ? noxIn * 0.08 : noxIn * 0.9;
    const fuelFlow = idle ? 2 : 28;
    this.odometer += (speed / 3600) * this.options.interval;
    this.totalFuel += (fuelFlow / 3600) * this.options.interval;
    const dosing = this.scrTemp > 200 ? noxIn * 3 : 0;
    this.totalUrea += (dosing / 3600) * this.options.interval;
    this.urea = Math.max(5, this.urea - dosing / 3_000_000);
    const at = chinaTime();
    const stream = {
      speedKmh: round(speed, 1 / 256), atmosphericPressureKpa: 100.5, engineTorquePercent: idle ? 5 : 55, frictionTorquePercent: 8, engineRpm: rpm, fuelFlowLph: fuelFlow,
      noxUpstreamPpm: round(noxIn, 0.05), noxDownstreamPpm: round(noxOut, 0.05), reagentPercent: round(this.urea, 0.4), intakeAirKgph: idle ? 150 : 900,
      scrInletTempC: round(this.scrTemp, 0.03125), scrOutletTempC: round(this.scrTemp - 15, 0.03125), dpfPressureDropKpa: idle ? 0.8 : 3.2, coolantTempC: 86, fuelLevelPercent: 60,
      positionStatus: 0, longitude: round(116.3 + this.index * 0.002 + this.tick * 0.0001, 0.000001), latitude: round(39.85 + this.index * 0.002, 0.000001), odometerKm: round(this.odometer, 0.1),
    };
    const supplement = {
      torqueMode: 9, acceleratorPercent: idle ? 0 : 32, totalFuelL: round(this.totalFuel, 0.5), ureaTankTempC: 30, ureaDosingMlph: round(dosing, 0.01), totalUreaG: Math.round(this.totalUrea), dpfExhaustTempC: round(this.scrTemp + 20, 0.03125),
    };
    this.realtime([{ type: 0x02, collectedAt: at, stream }, { type: 0x80, collectedAt: at, supplement }]);
    this.stats.reports++;
  }
}

module.exports = { SimDiesel, truckVinOf, truckPlateOf };
