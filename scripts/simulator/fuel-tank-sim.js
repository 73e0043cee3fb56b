// `--fuel`: a simulated vehicle's tank for the fuel ledger (docs/fuel.md). Consumption while driving
// and idling, refuels at stops when the tank runs low (pumped over minutes, not a jump), and now and
// then a siphoning while parked. Each report carries the level three ways: 0x0200 extra 0x02 (1/10 L),
// the sensor height in mm on analog AD0 (extra 0x2B; a 300 L tank 600 mm tall, linear: fit the tank
// "(0 mm, 0 L) - (600 mm, 300 L)" to the vehicle to read it), and a CAN collector's total fuel used
// on vendor extra 0xE1 (DWORD, 1/10 L; burnt fuel only, not what was siphoned).
const CAPACITY_L = 300;
const HEIGHT_MM = 600;
const L_PER_KM = 0.3;
const IDLE_L_PER_S = 2 / 3600;
const PUMP_L_PER_S = 0.5;
const SIPHON_L_PER_S = 0.25;
const SENSOR_NOISE_L = 0.8;

const rand = (min, max) => min + Math.random() * (max - min);

class FuelTankSim {
  /** `siphonRate`: the chance that a parking spell has fuel stolen during it. */
  constructor({ siphonRate = 0.05 } = {}) {
    this.siphonRate = siphonRate;
    this.levelL = rand(0.3, 0.9) * CAPACITY_L;
    this.usedDl = Math.floor(rand(10_000, 5_000_000));
    this.plan = undefined;
    this.lastState = undefined;
    this.lastMileageKm = undefined;
    this.refuels = 0;
    this.siphons = 0;
  }

  /** Advances the tank by `seconds` of the vehicle's motion. */
  step(seconds, motion) {
    const drivenKm = this.lastMileageKm === undefined ? 0 : Math.max(0, motion.mileageKm - this.lastMileageKm);
    this.lastMileageKm = motion.mileageKm;
    const burnt = Math.min(this.levelL, drivenKm * L_PER_KM + (motion.accOn ? seconds * IDLE_L_PER_S : 0));
    this.levelL -= burnt;
    this.usedDl += Math.round(burnt * 10);
    if (motion.state !== this.lastState) {
      // A stop is where things happen: a low tank is filled, a parked vehicle may be siphoned.
      this.plan = undefined;
      if (motion.state !== 'driving' && this.levelL < CAPACITY_L * 0.4) this.plan = { kind: 'refuel', left: CAPACITY_L * 0.95 - this.levelL };
      else if (motion.state === 'parked' && Math.random() < this.siphonRate) this.plan = { kind: 'siphon', left: rand(20, 40), delayS: rand(60, 300) };
      if (this.plan?.kind === 'refuel') this.refuels++;
      else if (this.plan) this.siphons++;
      this.lastState = motion.state;
    }
    if (!this.plan || motion.state === 'driving') return;
    if (this.plan.delayS > 0) {
      this.plan.delayS -= seconds;
      return;
    }
    const moved = Math.min(this.plan.left, seconds * (this.plan.kind === 'refuel' ? PUMP_L_PER_S : SIPHON_L_PER_S));
    this.plan.left -= moved;
    this.levelL = Math.min(CAPACITY_L, Math.max(0, this.levelL + (this.plan.kind === 'refuel' ? moved : -moved)));
    if (this.plan.left <= 0) this.plan = undefined;
  }

  /** Puts the level on a location report: 0x02 litres, the height on AD0, the CAN counter on 0xE1. */
  decorate(location) {
    const readL = Math.max(0, Math.min(CAPACITY_L, this.levelL + rand(-SENSOR_NOISE_L, SENSOR_NOISE_L)));
    location.extras = location.extras.filter((extra) => extra.id !== 0x02);
    location.extras.push(
      { id: 0x02, kind: 'fuelL', value: Math.round(readL * 10) / 10 },
      { id: 0x2b, kind: 'analog', value: { ad0: Math.round((readL / CAPACITY_L) * HEIGHT_MM), ad1: 0 } },
      { id: 0xe1, kind: 'raw', value: (this.usedDl >>> 0).toString(16).padStart(8, '0') },
    );
    return location;
  }
}

module.exports = { FuelTankSim, FUEL_TANK: { capacityL: CAPACITY_L, heightMm: HEIGHT_MM } };
