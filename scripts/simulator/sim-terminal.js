// One simulated JT/T 808 terminal: TCP link, register/auth, heartbeat, location reports, blind-area
// backlog while disconnected (uploaded with 0x0704 after reconnecting), answers to commands.
const { setTimeout, setInterval, clearTimeout, clearInterval } = require('node:timers');
const net = require('node:net');
const { decodeFrame, encodeFrames, encodeBody, Jt808Deframer } = require('@openfleet/jt808');
const media = require('./media-samples');
const { activeSafetyExtra } = require('./active-safety');
const { repliesFor } = require('./command-replies');
const { closeVideo } = require('./video-replies');
const { VehicleMotion } = require('./vehicle-motion');
const { canBody, driverCardBody } = require('./driver-can');
const { FuelTankSim } = require('./fuel-tank-sim');
const { busLineMotion } = require('./bus-line');
const { ColdChainSim } = require('./cold-chain');
const { waybillUpload } = require('./waybill');

const ALARM_BITS = [0, 1, 2, 3, 4, 5, 6, 11, 18, 19, 20, 21]; // emergency, overspeed, fatigue, GNSS faults, area/route alarms
const STATUS_ACC = 1 << 0;
const STATUS_FIXED = 1 << 1;
const MAX_BATCH_BYTES = 900; // keep 0x0704 bodies under the 1023-byte limit without subpackaging

/** SIM number of terminal `index` as entered in the console: the prefix, then the index, 11 digits. */
function simNumberOf(prefix, index) {
  const number = String(index + 1);
  if (prefix.length + number.length > 11) throw new Error(`--phone-prefix ${prefix} leaves no room for terminal ${index + 1} in 11 digits`);
  return prefix + number.padStart(11 - prefix.length, '0');
}

/** Plate of terminal `index`'s vehicle. */
function plateOf(index) {
  return `京A${String(10000 + index).slice(-5)}`;
}

/** Device id of 0x0100 (7 characters, the terminal code an operator enters). */
function deviceIdOf(index) {
  return `S${String(index + 1).padStart(6, '0')}`;
}

class SimTerminal {
  constructor(index, options, stats) {
    this.index = index;
    this.options = options;
    this.stats = stats;
    const digits = options.version === '2019' ? 20 : 12;
    // The SIM number as an operator enters it (11 digits, prefix first), and as the header carries it (zero-padded).
    this.simNumber = simNumberOf(options.phonePrefix, index);
    this.phone = this.simNumber.padStart(digits, '0');
    this.deviceId = deviceIdOf(index);
    /**
     * Positions in each report frame sent and not yet answered, by serial (0x0200: one, 0x0704: its
     * items): `acked` counts only the positions of result-0 answers to this terminal's own reports.
     */
    this.unacked = new Map();
    this.plate = plateOf(index);
    this.motion = options.busLine ? busLineMotion(index, options) : new VehicleMotion(options);
    this.fuel = options.fuel ? new FuelTankSim({ siphonRate: options.siphonRate }) : undefined;
    this.coldChain = options.coldChain ? new ColdChainSim() : undefined;
    this.intervalS = options.interval;
    this.heartbeatS = options.heartbeat;
    this.parameters = {
      1: { type: 'dword', value: this.heartbeatS },
      0x13: { type: 'string', value: `${options.host}:${options.port}` },
      0x29: { type: 'dword', value: this.intervalS },
    };
    this.authCode = undefined;
    this.serial = 0;
    this.mediaId = 1;
    this.backlog = [];
    this.online = false;
    this.socket = undefined;
    this.stopped = false;
    this.lastSentAt = 0;
    this.tracking = undefined;
  }

  log(text) {
    if (this.options.verbose) console.log(`[${this.phone}] ${text}`);
  }

  start() {
    this.connect();
    this.reportTimer = setTimeout(() => this.tick(), Math.random() * this.intervalS * 1000);
    this.heartbeatTimer = setInterval(() => {
      if (this.online) this.send(0x0002, {});
    }, (this.heartbeatS * 1000) / this.options.speedup);
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.reportTimer);
    clearTimeout(this.reconnectTimer);
    clearInterval(this.heartbeatTimer);
    closeVideo(this);
    this.socket?.destroy();
  }

  connect() {
    if (this.stopped) return;
    const deframer = new Jt808Deframer();
    const socket = net.connect({ host: this.options.host, port: this.options.port });
    this.socket = socket;
    socket.setNoDelay(true);
    socket.on('connect', () => {
      this.stats.connects++;
      if (this.authCode) this.authenticate();
      else this.send(0x0100, this.registration());
    });
    socket.on('data', (chunk) => {
      for (const frame of deframer.push(chunk)) {
        if (frame instanceof Error) continue;
        try {
          this.receive(decodeFrame(frame));
        } catch (error) {
          this.stats.errors++;
          this.log(`undecodable frame from platform: ${error.message}`);
        }
      }
    });
    socket.on('error', (error) => this.log(`socket: ${error.message}`));
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.online = false;
      // Answers to the old connection's reports never come: they are not counted either way.
      this.unacked.clear();
      this.socket = undefined;
      if (!this.stopped) this.reconnectTimer = setTimeout(() => this.connect(), 2000 + Math.random() * 3000);
    });
  }

  /** Drops the link for a while; reports made meanwhile go to the blind-area backlog. */
  reconnect(why, downS = 5) {
    this.log(`disconnecting (${why})`);
    const socket = this.socket;
    this.online = false;
    this.socket = undefined;
    socket?.destroy();
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => this.connect(), downS * 1000);
  }

  registration() {
    const v2019 = this.options.version === '2019';
    return {
      province: 11,
      city: 101,
      makerId: 'OFSIM',
      model: v2019 ? 'OPENFLEET-SIMULATOR-2019' : 'OF-SIM-808',
      terminalId: this.deviceId,
      plateColor: 2,
      plate: this.plate,
    };
  }

  authenticate() {
    const body = this.options.version === '2019' ? { authCode: this.authCode, imei: '86' + this.phone.slice(-13), softwareVersion: 'sim-1.0' } : { authCode: this.authCode };
    this.send(0x0102, body);
  }

  receive(msg) {
    this.stats.received++;
    if (msg.msgId === 0x8100) {
      if (msg.body.result === 0) {
        this.authCode = msg.body.authCode;
        this.authenticate();
      } else {
        this.stats.registerFailures++;
        this.log(`registration refused with result ${msg.body.result}`);
        this.reconnect('registration refused', this.options.registerRetry ?? 30);
      }
      return;
    }
    if (msg.msgId === 0x8001) {
      if (msg.body.replyId === 0x0102) {
        if (msg.body.result === 0) {
          this.online = true;
          this.stats.authenticated++;
          this.flushBacklog();
          this.send(0x0702, driverCardBody(this.index, this.options.version));
          if (this.options.waybill) this.send(0x0701, waybillUpload(this));
        } else {
          this.authCode = undefined; // register again
          this.reconnect('authentication refused', 5);
        }
      } else if ((msg.body.replyId === 0x0200 || msg.body.replyId === 0x0704) && this.unacked.has(msg.body.replySerial)) {
        // Only an answer to a report this terminal sent, and only a success, counts as acknowledged.
        const positions = this.unacked.get(msg.body.replySerial);
        this.unacked.delete(msg.body.replySerial);
        if (msg.body.result === 0) this.stats.acked += positions;
        else this.stats.refused += positions;
      }
      return;
    }
    this.stats.commands++;
    for (const reply of repliesFor(this, msg)) this.send(reply.msgId, reply.body);
  }

  send(msgId, body) {
    if (!this.socket) return false;
    const serial = this.serial;
    // Bodies over 1023 bytes (photos) go as subpackages, each packet with its own serial.
    const { frames } = encodeFrames({ msgId, version: this.options.version, phone: this.phone, body }, () => {
      const next = this.serial;
      this.serial = (this.serial + 1) & 0xffff;
      return next;
    });
    for (const frame of frames) this.socket.write(frame);
    if (msgId === 0x0200 || msgId === 0x0704) this.unacked.set(serial, msgId === 0x0704 ? body.items.length : 1);
    this.lastSentAt = Date.now();
    this.stats.sent++;
    return true;
  }

  tick() {
    if (this.stopped) return;
    const tracking = this.tracking && this.tracking.until > Date.now() ? this.tracking.intervalS : undefined;
    const stepS = tracking ?? (this.motion.accOn ? this.intervalS : Math.max(this.intervalS, this.intervalS * 3));
    this.motion.step(stepS);
    this.fuel?.step(stepS, this.motion);
    this.coldChain?.step(stepS, this.motion);
    const location = this.location();
    if (this.online) {
      this.send(0x0200, location);
      this.stats.reports++;
      // CAN frames every tenth report while the engine runs.
      this.reportCount = (this.reportCount ?? 0) + 1;
      if (this.motion.accOn && this.reportCount % 10 === 0) this.send(0x0705, canBody(this.motion.speedKmh, 80 + (this.index % 10)));
    } else if (this.backlog.length < 10_000) {
      this.backlog.push(location);
    }
    if (this.online && this.options.dropRate > 0 && Math.random() < this.options.dropRate) this.reconnect('simulated coverage loss', 10 + Math.random() * 20);
    this.reportTimer = setTimeout(() => this.tick(), stepS * 1000 / this.options.speedup);
  }

  flushBacklog() {
    // 0x0704 type 1 (blind-area backfill), batches sized to stay in one frame, oldest first.
    while (this.backlog.length && this.online) {
      const items = [];
      let bytes = 3;
      while (this.backlog.length) {
        const size = encodeBody(0x0200, this.backlog[0], this.options.version).length + 2;
        if (items.length && bytes + size > MAX_BATCH_BYTES) break;
        items.push(this.backlog.shift());
        bytes += size;
      }
      this.send(0x0704, { type: 1, items });
      // `reports` counts positions, live or back-filled, as `acked` does.
      this.stats.reports += items.length;
      this.stats.blindAreaItems += items.length;
    }
  }

  location() {
    const m = this.motion;
    let alarm = 0;
    let special;
    if (this.options.alarmRate > 0 && Math.random() < this.options.alarmRate) {
      // Bits weigh 3, video 1 and active safety 1 among the kinds enabled.
      const kinds = this.options.alarmKinds.split(',').flatMap((kind) => (kind === 'bits' ? ['bits', 'bits', 'bits'] : [kind]));
      const kind = kinds[Math.floor(Math.random() * kinds.length)];
      special = kind === 'safety' ? 'activeSafety' : kind === 'video' ? 'video' : undefined;
      if (!special) alarm = 1 << ALARM_BITS[Math.floor(Math.random() * ALARM_BITS.length)];
      this.stats.alarms++;
    }
    if (m.speedKmh > 80) alarm |= 1 << 1;
    const location = {
      alarm: alarm >>> 0,
      status: (m.accOn ? STATUS_ACC : 0) | STATUS_FIXED,
      latitude: Math.round(m.latitude * 1e6) / 1e6,
      longitude: Math.round(m.longitude * 1e6) / 1e6,
      altitude: m.altitude,
      speed: Math.round(m.speedKmh * 10) / 10,
      direction: m.direction,
      time: this.motion.time ?? new Date(),
      extras: [
        { id: 0x01, kind: 'mileageKm', value: Math.round(m.mileageKm * 10) / 10 },
        { id: 0x02, kind: 'fuelL', value: Math.round(m.fuelL * 10) / 10 },
        { id: 0x30, kind: 'signalStrength', value: 18 + Math.floor(Math.random() * 12) },
        { id: 0x31, kind: 'satelliteCount', value: 8 + Math.floor(Math.random() * 8) },
      ],
    };
    if (special === 'activeSafety') location.extras.push(activeSafetyExtra(this, location));
    if (special === 'video') location.extras.push({ id: 0x14, kind: 'videoAlarms', value: 1 << Math.floor(Math.random() * 7) }, { id: 0x15, kind: 'videoSignalLossChannels', value: 1 });
    this.fuel?.decorate(location);
    this.coldChain?.decorate(location);
    return location;
  }

  temporaryTracking(intervalS, validityS) {
    this.tracking = intervalS ? { intervalS, until: Date.now() + (validityS || 0) * 1000 } : undefined;
  }

  attributes() {
    const v2019 = this.options.version === '2019';
    return {
      terminalType: 0b110,
      makerId: 'OFSIM',
      model: v2019 ? 'OPENFLEET-SIMULATOR-2019' : 'OF-SIM-808',
      terminalId: `S${String(this.index + 1).padStart(6, '0')}`,
      iccid: '8986' + this.phone.slice(-16).padStart(16, '0'),
      hardwareVersion: 'HW1.0',
      firmwareVersion: 'sim-1.0',
      gnssProperties: 0b11,
      commProperties: 0b1,
    };
  }

  nextMediaId() {
    return this.mediaId++;
  }

  /** 0x0702 as the edition lays it out: an IC card inserted with a readable driver card. */
  driverIdentity() {
    if (this.options.version === '2011') return { name: '张三', idCard: '110101199003071234', certificate: `CERT${this.index}`, issuer: '北京市运管局' };
    const now = new Date(Date.now() + 8 * 3_600_000).toISOString();
    const time = now.slice(2, 4) + now.slice(5, 7) + now.slice(8, 10) + now.slice(11, 13) + now.slice(14, 16) + now.slice(17, 19);
    return { status: 1, time, icResult: 0, name: '张三', certificate: `CERT${String(this.index).padStart(6, '0')}`, issuer: '北京市运管局', expiry: '20301231', ...(this.options.version === '2019' ? { idCard: '110101199003071234' } : {}) };
  }

  /** Takes a photo or records: kept on the terminal (stored media) and answered with its id. */
  capture(mediaType, channel, event, options = {}) {
    const id = this.nextMediaId();
    const data = mediaType === 1 ? media.recording(options.seconds ?? 1) : media.photo(id + this.index * 101, options.resolution, options.quality);
    const item = { mediaId: id, mediaType, format: mediaType === 1 ? 3 : 0, event, channel, location: this.location(), data: data.toString('hex'), takenAt: Date.now() };
    this.storedMedia ??= [];
    this.storedMedia.push(item);
    if (this.storedMedia.length > 50) this.storedMedia.shift();
    return item;
  }

  /** Uploads a stored item (0x0801; subpackaged by send). */
  uploadMedia(item) {
    const { mediaId, mediaType, format, event, channel, location, data } = item;
    this.send(0x0801, { mediaId, mediaType, format, event, channel, location, data });
    this.stats.mediaUploads = (this.stats.mediaUploads ?? 0) + 1;
  }

  later(ms, action) {
    setTimeout(() => {
      if (this.online) action();
    }, ms).unref();
  }
}

module.exports = { SimTerminal, simNumberOf, deviceIdOf, plateOf };
