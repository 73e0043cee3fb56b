// What the GB/T 32960 and HJ 1239 simulated vehicles share: a "##"-framed TCP link to the gateway
// that reconnects 2 s after it drops or fails to connect (until stopped; failed connects counted in
// `stats.connectFailures`), a report timer, and a logout on stop.
const net = require('node:net');
const { Gb32960Deframer } = require('@openfleet/gb32960');

class VinVehicle {
  constructor(index, options, stats, vin) {
    this.index = index;
    this.options = options;
    this.stats = stats;
    this.vin = vin;
    this.online = false;
    this.deframer = new Gb32960Deframer();
  }

  start() {
    this.stopped = false;
    this.connect();
  }

  stop() {
    this.stopped = true;
    clearInterval(this.timer);
    if (this.socket && this.online) this.logout();
    this.socket?.end();
  }

  /** Reports every `interval` (simulated) seconds from now on, the first at once. */
  startReporting() {
    clearInterval(this.timer);
    this.timer = setInterval(() => this.report(), (this.options.interval * 1000) / this.options.speedup);
    this.report();
  }

  connect() {
    const socket = net.connect({ host: this.options.host, port: this.port() });
    this.socket = socket;
    let connected = false;
    socket.on('connect', () => {
      connected = true;
      this.stats.connects++;
      this.login();
    });
    socket.on('data', (chunk) => {
      for (const bytes of this.deframer.push(chunk)) this.answer(bytes);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      // A connect refused (the platform still starting) is no close by the platform: counted apart.
      if (connected) this.closed();
      else if (!this.stopped) this.stats.connectFailures = (this.stats.connectFailures ?? 0) + 1;
      this.online = false;
      clearInterval(this.timer);
      if (!this.stopped) setTimeout(() => this.connect(), 2000);
    });
  }

  /** An established connection ended (a subclass may count it); a failed connect never gets here. */
  closed() {}
}

module.exports = { VinVehicle };
