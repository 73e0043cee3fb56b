// Road-like motion for simulated vehicles: a street grid around a city centre, with driving,
// short stops (ACC on) and parking (ACC off), mileage and fuel.
const METRES_PER_DEG_LAT = 111_320;
const BLOCK_M = 400; // distance between intersections of the simulated street grid
const TANK_L = 120;
const CONSUMPTION_L_PER_KM = 0.12;

function rand(min, max) {
  return min + Math.random() * (max - min);
}

class VehicleMotion {
  constructor({ centerLat, centerLon, radiusKm, driveFirst = 0 }) {
    this.centerLat = centerLat;
    this.centerLon = centerLon;
    this.radiusM = radiusKm * 1000;
    // Start somewhere on the grid inside the radius.
    const r = Math.sqrt(Math.random()) * this.radiusM * 0.7;
    const a = Math.random() * 2 * Math.PI;
    this.northM = Math.round((r * Math.cos(a)) / BLOCK_M) * BLOCK_M;
    this.eastM = r * Math.sin(a);
    this.heading = [0, 90, 180, 270][Math.floor(Math.random() * 4)];
    this.speedKmh = 0;
    this.targetKmh = rand(25, 70);
    this.altitude = Math.round(rand(30, 80));
    this.mileageKm = Math.round(rand(1_000, 200_000) * 10) / 10;
    this.fuelL = Math.round(rand(30, TANK_L) * 10) / 10;
    this.accOn = Math.random() > 0.2;
    this.state = this.accOn ? 'driving' : 'parked';
    this.stateLeftS = rand(60, 600);
    this.toNextTurnM = rand(0, BLOCK_M * 3);
    if (driveFirst > 0) {
      this.setState('driving', driveFirst);
      this.speedKmh = this.targetKmh;
    }
  }

  /** Advances the simulation by `seconds`. */
  step(seconds) {
    this.stateLeftS -= seconds;
    if (this.stateLeftS <= 0) this.nextState();
    if (this.state === 'driving') {
      // Ease toward a target speed that changes from time to time (traffic).
      if (Math.random() < 0.1) this.targetKmh = rand(15, 80);
      this.speedKmh += Math.max(-15, Math.min(10, this.targetKmh - this.speedKmh)) * Math.min(1, seconds / 10);
      this.speedKmh = Math.max(0, this.speedKmh + rand(-2, 2));
    } else {
      this.speedKmh = 0;
    }
    const distanceM = (this.speedKmh / 3.6) * seconds;
    this.move(distanceM);
    this.mileageKm += distanceM / 1000;
    this.fuelL -= (distanceM / 1000) * CONSUMPTION_L_PER_KM + (this.accOn ? seconds * 0.0003 : 0);
    if (this.fuelL < TANK_L * 0.1 && this.state !== 'driving') this.fuelL = TANK_L; // refuelled at a stop
    this.fuelL = Math.max(0, this.fuelL);
    this.altitude = Math.max(0, Math.round(this.altitude + rand(-1, 1)));
  }

  nextState() {
    const roll = Math.random();
    if (this.state === 'driving') {
      if (roll < 0.7) this.setState('stopped', rand(20, 120)); // lights, loading
      else this.setState('parked', rand(300, 1800));
    } else {
      this.setState('driving', rand(120, 900));
    }
  }

  setState(state, seconds) {
    this.state = state;
    this.stateLeftS = seconds;
    this.accOn = state !== 'parked';
    if (state === 'driving') this.targetKmh = rand(25, 70);
  }

  move(distanceM) {
    let left = distanceM;
    while (left > 0) {
      const leg = Math.min(left, this.toNextTurnM);
      const rad = (this.heading * Math.PI) / 180;
      this.northM += leg * Math.cos(rad);
      this.eastM += leg * Math.sin(rad);
      left -= leg;
      this.toNextTurnM -= leg;
      if (this.toNextTurnM <= 0) this.turn();
    }
  }

  turn() {
    this.toNextTurnM = BLOCK_M * Math.ceil(rand(0, 3));
    const outside = Math.hypot(this.northM, this.eastM) > this.radiusM;
    if (outside) {
      // Head back toward the centre along the grid.
      this.heading = Math.abs(this.northM) > Math.abs(this.eastM) ? (this.northM > 0 ? 180 : 0) : this.eastM > 0 ? 270 : 90;
      return;
    }
    const roll = Math.random();
    if (roll < 0.25) this.heading = (this.heading + 90) % 360;
    else if (roll < 0.5) this.heading = (this.heading + 270) % 360;
  }

  get latitude() {
    return this.centerLat + this.northM / METRES_PER_DEG_LAT;
  }

  get longitude() {
    return this.centerLon + this.eastM / (METRES_PER_DEG_LAT * Math.cos((this.centerLat * Math.PI) / 180));
  }

  /** Heading with a little GPS jitter, 0-359. */
  get direction() {
    return Math.round((this.heading + (this.speedKmh > 0 ? rand(-3, 3) : 0) + 360) % 360);
  }
}

module.exports = { VehicleMotion };
