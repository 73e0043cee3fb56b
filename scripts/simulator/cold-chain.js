// `--cold-chain`: a refrigerated truck's probes for the cold chain (docs/industry.md "Cold chain").
// The reefer unit cycles between -20 and -16 °C (compressor on below the band's top, off at its
// bottom), the cargo door opens at some stops (warming the box fast), and once a run, after the
// first quarter hour, the compressor fails for 15 minutes: an excursion above -15 °C long enough to
// be one. Each report carries the probes as a G10LS terminal does, 0x51 with 8 signed WORDs of
// 0.1 °C (probe 1 air return, probe 2 air supply, 3-8 unplugged = 0x7FFF), and the door on status
// bit 15 (JT/T 808 rear door): the built-in profile `g10ls-0x51` reads both.
const SETPOINT_LOW = -20;
const SETPOINT_HIGH = -16;
const COOL_C_PER_S = 0.02;
const WARM_C_PER_S = 0.008;
const DOOR_WARM_C_PER_S = 0.01;
const FAILURE_AFTER_S = 900;
const FAILURE_S = 900;
const REAR_DOOR = 1 << 15;

const rand = (min, max) => min + Math.random() * (max - min);

class ColdChainSim {
  /** `doorRate`: the chance that a stop opens the cargo door. */
  constructor({ doorRate = 0.3 } = {}) {
    this.doorRate = doorRate;
    this.returnC = rand(SETPOINT_LOW, SETPOINT_HIGH);
    this.compressorOn = true;
    this.doorOpenS = 0;
    this.elapsedS = 0;
    this.failureLeftS = undefined;
    this.lastState = undefined;
    this.doorOpenings = 0;
  }

  /** Advances the box by `seconds` of the vehicle's motion. */
  step(seconds, motion) {
    this.elapsedS += seconds;
    if (motion.state !== this.lastState) {
      // The door opens at a stop (deliveries), for two to five minutes; it closes when the truck drives off.
      if (motion.state === 'stopped' && Math.random() < this.doorRate) {
        this.doorOpenS = rand(120, 300);
        this.doorOpenings++;
      }
      if (motion.state === 'driving') this.doorOpenS = 0;
      this.lastState = motion.state;
    }
    if (this.failureLeftS === undefined && this.elapsedS >= FAILURE_AFTER_S) this.failureLeftS = FAILURE_S;
    const failing = this.failureLeftS !== undefined && this.failureLeftS > 0;
    if (failing) this.failureLeftS -= seconds;
    // Hysteresis: on above the band's top, off at its bottom; off whatever while the compressor fails.
    if (this.returnC >= SETPOINT_HIGH) this.compressorOn = true;
    if (this.returnC <= SETPOINT_LOW) this.compressorOn = false;
    const doorOpen = this.doorOpenS > 0;
    const rate = (this.compressorOn && !failing ? -COOL_C_PER_S : WARM_C_PER_S) + (doorOpen ? DOOR_WARM_C_PER_S : 0);
    this.returnC = Math.max(-25, Math.min(10, this.returnC + rate * seconds));
    this.doorOpenS = Math.max(0, this.doorOpenS - seconds);
  }

  /** The probes on 0x51 and the door on status bit 15. */
  decorate(location) {
    const supplyC = this.returnC - (this.compressorOn ? 3 : 0.5);
    const word = (celsius) => (Math.round((celsius + rand(-0.1, 0.1)) * 10) & 0xffff).toString(16).padStart(4, '0');
    location.extras.push({ id: 0x51, kind: 'raw', value: word(this.returnC) + word(supplyC) + '7fff'.repeat(6) });
    if (this.doorOpenS > 0) location.status = (location.status | REAR_DOOR) >>> 0;
    return location;
  }
}

module.exports = { ColdChainSim };
