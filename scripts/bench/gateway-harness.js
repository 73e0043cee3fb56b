// The gateway side of the benchmarks: the JT/T 808 gateway in a child process on the real Kafka
// bus, and terminals that connect to it over TCP (127.0.0.x only), register, authenticate and report.
// Used by bench:gateway and by the live-push part of bench:tracking.
const { fork } = require('node:child_process');
const net = require('node:net');
const path = require('node:path');
const { setTimeout: sleep } = require('node:timers/promises');
const { performance } = require('node:perf_hooks');
const { decodeFrame, encodeFrame, Jt808Deframer } = require('@openfleet/jt808');

// Source addresses rotate over 127.0.0.1-127.0.0.N so ephemeral ports never run short.
const SOURCE_ADDRESSES = Number(process.env.BENCH_SOURCE_ADDRESSES ?? 4);
const LOGIN_CONCURRENCY = 500;

const GATEWAY_MAIN = path.join(__dirname, '../../services/gateway-808/dist/main.js');

function startGateway(label, { port, httpPort, rawCapture = 'true', nodeArgs = ['--max-semi-space-size=64'], env = {} }) {
  const child = fork(GATEWAY_MAIN, [], {
    // A larger young generation: the gateway allocates short-lived objects per frame (see docs/gateway-808.md).
    execArgv: ['--expose-gc', ...nodeArgs, ...(process.env.BENCH_GATEWAY_NODE_ARGS ?? '').split(' ').filter(Boolean)],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: {
      ...process.env,
      BUS: 'kafka',
      KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '127.0.0.1:9092',
      INSTANCE_ID: `bench-${label}-${Date.now().toString(36)}`,
      GATEWAY_808_PORT: String(port),
      GATEWAY_808_HOST: '127.0.0.1',
      GATEWAY_808_REGISTRATION: 'open',
      GATEWAY_808_AUTH_SECRET: process.env.GATEWAY_808_AUTH_SECRET || 'bench-gateway-808-auth-secret',
      GATEWAY_808_IDLE_TIMEOUT_S: '3600',
      GATEWAY_808_RAW_CAPTURE: rawCapture,
      HTTP_PORT: String(httpPort),
      HTTP_HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const pending = [];
  child.on('message', (message) => {
    if (message.type === 'cpu') pending.shift()?.(message);
  });
  const ready = new Promise((resolve, reject) => {
    child.on('message', (message) => message.type === 'ready' && resolve());
    child.once('exit', (code) => reject(new Error(`gateway exited with ${code}`)));
  });
  return {
    ready,
    /** The child's own CPU time and memory (asks it over IPC). */
    stats(gc = false) {
      return new Promise((resolve) => {
        pending.push(resolve);
        child.send({ type: 'cpu', gc });
      });
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

class BenchTerminal {
  constructor(index, { port, phone = `017${String(index).padStart(9, '0')}` }) {
    this.phone = phone;
    this.port = port;
    this.localAddress = `127.0.0.${1 + (index % SOURCE_ADDRESSES)}`;
    this.serial = 0;
    this.sentAt = new Map();
    this.onAck = undefined;
    this.deframer = new Jt808Deframer();
  }

  connect() {
    return new Promise((resolve, reject) => {
      this.socket = net.connect({ host: '127.0.0.1', port: this.port, localAddress: this.localAddress });
      this.socket.setNoDelay(true);
      this.socket.once('connect', resolve);
      this.socket.once('error', reject);
      this.socket.on('data', (chunk) => {
        for (const frame of this.deframer.push(chunk)) if (!(frame instanceof Error)) this.receive(decodeFrame(frame));
      });
    });
  }

  send(msgId, body) {
    const serial = this.serial;
    this.serial = (this.serial + 1) & 0xffff;
    this.socket.write(encodeFrame({ msgId, version: '2013', phone: this.phone, serial, body }));
    return serial;
  }

  login() {
    return new Promise((resolve, reject) => {
      this.loginDone = resolve;
      this.loginFailed = reject;
      this.send(0x0100, { province: 11, city: 101, makerId: 'BENCH', model: 'BENCH-808', terminalId: 'B' + this.phone.slice(-6), plateColor: 1, plate: '京B00001' });
    });
  }

  receive(msg) {
    if (msg.msgId === 0x8100) {
      if (msg.body.result !== 0) return this.loginFailed(new Error(`register result ${msg.body.result}`));
      this.send(0x0102, { authCode: msg.body.authCode });
    } else if (msg.msgId === 0x8001 && msg.body.replyId === 0x0102) {
      if (msg.body.result === 0) this.loginDone();
      else this.loginFailed(new Error('auth refused'));
    } else if (msg.msgId !== 0x8001 && msg.msgId !== 0x8100 && this.onCommand) {
      // A platform command (bench:instruction): the bench decides the answer.
      this.onCommand(this, msg);
    } else if (msg.msgId === 0x8001 && msg.body.replyId === 0x0200) {
      const sentAt = this.sentAt.get(msg.body.replySerial);
      if (sentAt === undefined) return;
      this.sentAt.delete(msg.body.replySerial);
      this.onAck?.(this, performance.now() - sentAt);
    }
  }

  report(body = location(this.serial)) {
    const serial = this.send(0x0200, body);
    this.sentAt.set(serial, performance.now());
  }

  close() {
    this.socket?.destroy();
  }
}

function location(i) {
  return {
    alarm: 0,
    status: 3,
    latitude: 39.9 + (i % 1000) * 1e-5,
    longitude: 116.4 + (i % 1000) * 1e-5,
    altitude: 50,
    speed: 45.5,
    direction: 90,
    time: new Date(),
    extras: [
      { id: 0x01, kind: 'mileageKm', value: 1234.5 },
      { id: 0x02, kind: 'fuelL', value: 45.6 },
      { id: 0x30, kind: 'signalStrength', value: 25 },
      { id: 0x31, kind: 'satelliteCount', value: 12 },
    ],
  };
}

/** Connects, registers and authenticates `count` terminals, LOGIN_CONCURRENCY at a time. */
async function connectAll(count, { port, phoneOf, onCommand }) {
  const terminals = Array.from({ length: count }, (_, i) => {
    const terminal = new BenchTerminal(i, { port, phone: phoneOf?.(i) });
    terminal.onCommand = onCommand;
    return terminal;
  });
  const started = Date.now();
  for (let i = 0; i < count; i += LOGIN_CONCURRENCY) {
    const batch = terminals.slice(i, i + LOGIN_CONCURRENCY);
    await Promise.all(batch.map(async (t) => {
      await t.connect();
      await t.login();
    }));
  }
  return { terminals, loginSeconds: (Date.now() - started) / 1000 };
}

module.exports = { startGateway, BenchTerminal, connectAll, location };
