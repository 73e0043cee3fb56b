import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type { EventBus, Subscription } from '@openfleet/bus';
import { canonicalTerminalPhone, Topics } from '@openfleet/contracts';
import { decodeFrame, Jt808DecodeError } from '@openfleet/jt808';
import { EVENT_BUS, HealthRegistry, resolveDeploymentSecret } from '@openfleet/service-kit';
import { SourceLog, sourceHost } from './source-log';
import { BusGate } from './bus-gate';
import { DownlinkDispatcher } from './downlink-dispatcher';
import { Gateway808Config } from './gateway-808-config';
import { publishSessionEvent, type GatewayContext } from './gateway-context';
import { GatewayMetrics } from './gateway-metrics';
import { RawFrameCapture } from './raw-frame-capture';
import { TerminalConnection } from './terminal-connection';
import { TerminalRegistry, type RegistrationPolicy } from './terminal-registry';
import { UplinkHandler } from './uplink-handler';

export const GATEWAY_808_CONFIG = Symbol('GATEWAY_808_CONFIG');

/** File under DATA_DIR that keeps the standalone gateway's generated auth secret. */
export const AUTH_SECRET_FILE = 'gateway-808-auth-secret';
const SHUTDOWN_FLUSH_MS = 5000;
const HEX_LOG_LIMIT = 600;

/** The JT/T 808 TCP server: connections, sessions by phone, frames in, acks and commands out. */
@Injectable()
export class Gateway808Server implements OnApplicationBootstrap, BeforeApplicationShutdown, GatewayContext {
  readonly gatewayId: string;
  readonly logger = new Logger('Gateway808');
  readonly metrics = new GatewayMetrics();
  readonly gate = new BusGate();
  readonly registry: TerminalRegistry;
  readonly raw: RawFrameCapture;
  /** Authenticated connections by canonical terminal phone (`canonicalTerminalPhone`). */
  readonly sessions = new Map<string, TerminalConnection>();
  private readonly connections = new Set<TerminalConnection>();
  private readonly badFrameLog = new SourceLog(
    'bad frames',
    (line) => this.logger.warn(line),
    () => this.metrics.badFrameLogsSuppressed.inc(),
  );
  private readonly refusalLog = new SourceLog(
    'refused registrations or authentications',
    (line) => this.logger.warn(line),
    () => this.metrics.refusalLogsSuppressed.inc(),
  );
  private readonly downlink: DownlinkDispatcher;
  private readonly uplink: UplinkHandler;
  private server: Server | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  private registrySubscription: Subscription | undefined;
  private stopping = false;

  constructor(
    @Inject(GATEWAY_808_CONFIG) readonly config: Gateway808Config,
    @Inject(EVENT_BUS) readonly bus: EventBus,
    health: HealthRegistry,
  ) {
    this.gatewayId = config.INSTANCE_ID;
    const secret = resolveDeploymentSecret(config, { variable: 'GATEWAY_808_AUTH_SECRET', value: config.GATEWAY_808_AUTH_SECRET, file: AUTH_SECRET_FILE, minLength: 16 });
    this.registry = new TerminalRegistry(config.GATEWAY_808_REGISTRATION as RegistrationPolicy, secret);
    this.raw = new RawFrameCapture(bus, this.gatewayId, config.GATEWAY_808_RAW_QUEUE_LIMIT, this.metrics, this.logger, config.GATEWAY_808_RAW_CAPTURE);
    this.downlink = new DownlinkDispatcher(this);
    this.uplink = new UplinkHandler(this, this.downlink);
    this.gate.onChange(() => this.connections.forEach((conn) => this.updateFlow(conn)));
    health.register('gateway-808', async () => this.server?.listening === true);
  }

  /** The authenticated connection of a terminal, by its phone in any spelling (header or registry). */
  sessionOf(phone: string): TerminalConnection | undefined {
    return this.sessions.get(canonicalTerminalPhone(phone));
  }

  /** Where terminals connect (the real port when configured with 0). */
  address(): AddressInfo {
    return this.server!.address() as AddressInfo;
  }

  async onApplicationBootstrap(): Promise<void> {
    // A per-start group: the registry cache must be rebuilt from the whole compacted topic at every start.
    this.registrySubscription = await this.bus.subscribe(Topics.terminalRegistry, {
      group: `gateway-808-registry-${this.gatewayId}-${Date.now().toString(36)}`,
      fromBeginning: true,
      handle: async (messages) => messages.forEach((m) => this.registry.apply(m.value)),
    });
    await this.downlink.start();
    const server = createServer((socket) => this.accept(socket));
    server.on('error', (error) => this.logger.error(`808 server error: ${error.message}`));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.GATEWAY_808_PORT, this.config.GATEWAY_808_HOST, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    const idleMs = this.config.GATEWAY_808_IDLE_TIMEOUT_S * 1000;
    const preAuthMs = this.config.GATEWAY_808_PREAUTH_TIMEOUT_S * 1000;
    const sweepMs = Math.max(50, Math.min(1000, idleMs / 4, preAuthMs / 4, this.config.GATEWAY_808_SUBPACKAGE_TIMEOUT_MS / 4));
    this.sweepTimer = setInterval(() => this.sweep(idleMs, preAuthMs), sweepMs);
    this.sweepTimer.unref();
    const { address, port } = this.address();
    this.logger.log(`JT/T 808 gateway ${this.gatewayId} listening on ${address}:${port} (registration ${this.config.GATEWAY_808_REGISTRATION})`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    const closed = new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    await Promise.allSettled([this.downlink.stop(), this.registrySubscription?.close()]);
    // Let publishes in flight finish so their acks still go out, within a bound.
    const deadline = Date.now() + SHUTDOWN_FLUSH_MS;
    while (Date.now() < deadline && [...this.connections].some((c) => c.pendingPublishes > 0))
      await new Promise((resolve) => setTimeout(resolve, 20));
    const ended = [...this.connections].map((conn) => this.end(conn, 'shutdown'));
    await withTimeout(Promise.allSettled(ended), SHUTDOWN_FLUSH_MS);
    await withTimeout(this.raw.drain(), SHUTDOWN_FLUSH_MS);
    this.gate.close();
    await withTimeout(closed, 1000);
  }

  warnRefusal(conn: TerminalConnection, line: string): void {
    this.refusalLog.report(sourceHost(conn.remoteAddress), line);
  }

  close(conn: TerminalConnection, reason: string): void {
    void this.end(conn, reason);
  }

  updateFlow(conn: TerminalConnection): void {
    const limit = this.config.GATEWAY_808_MAX_PENDING_PER_SESSION;
    const shouldPause = !conn.closed && (!this.gate.isOpen || conn.pendingPublishes >= limit);
    if (shouldPause && !conn.paused) {
      conn.paused = true;
      conn.socket.pause();
      this.metrics.pausedConnections.inc();
    } else if (conn.paused && (conn.closed || (this.gate.isOpen && conn.pendingPublishes < Math.max(1, limit >> 1)))) {
      conn.paused = false;
      if (!conn.closed) conn.socket.resume();
      this.metrics.pausedConnections.dec();
    }
  }

  private accept(socket: Socket): void {
    if (this.stopping) {
      socket.destroy();
      return;
    }
    socket.setNoDelay(true);
    const conn = new TerminalConnection(socket, `${socket.remoteAddress}:${socket.remotePort}`);
    this.connections.add(conn);
    this.metrics.connections.inc();
    socket.on('data', (chunk: Buffer) => this.receive(conn, chunk));
    socket.on('error', (error) => this.logger.debug(`connection ${conn.remoteAddress}: ${error.message}`));
    socket.on('close', () => void this.end(conn, 'closed'));
    this.updateFlow(conn);
  }

  private receive(conn: TerminalConnection, chunk: Buffer): void {
    if (conn.closed) return;
    const receivedAt = Date.now();
    conn.lastSeenMs = receivedAt;
    for (const item of conn.deframer.push(chunk)) {
      if (conn.closed) return;
      if (item instanceof Jt808DecodeError) {
        this.badFrame(conn, item);
        continue;
      }
      let msg;
      try {
        msg = decodeFrame(item);
      } catch (error) {
        if (error instanceof Jt808DecodeError) this.badFrame(conn, error);
        else this.badFrame(conn, new Jt808DecodeError('BAD_FIELD', String(error), item.toString('hex')));
        continue;
      }
      conn.badFrameStreak = 0;
      this.metrics.countFrame('up', msg.msgId);
      this.raw.record(msg.phone, 'up', item);
      try {
        this.uplink.handle(conn, msg, receivedAt);
      } catch (error) {
        // A codec or handler bug must cost one frame, never the process.
        this.logger.error(`terminal ${msg.phone}: 0x${msg.msgId.toString(16)} failed: ${(error as Error).stack ?? String(error)}`);
      }
    }
  }

  private badFrame(conn: TerminalConnection, error: Jt808DecodeError): void {
    this.metrics.decodeErrors.inc({ code: error.code });
    conn.badFrameStreak++;
    conn.badFrameTotal++;
    const hex = error.hex.length > HEX_LOG_LIMIT ? `${error.hex.slice(0, HEX_LOG_LIMIT)}...` : error.hex;
    const source = sourceHost(conn.remoteAddress);
    this.badFrameLog.report(source, `bad frame from ${conn.phone || conn.remoteAddress} (${error.code}): ${error.message} hex=${hex}`);
    this.raw.record(conn.phone, 'up', error.hex, error.code);
    const limit = this.config.GATEWAY_808_MAX_BAD_FRAMES;
    if (conn.badFrameStreak >= limit || conn.badFrameTotal >= limit * 10) {
      this.badFrameLog.report(source, `closing ${conn.phone || conn.remoteAddress}: ${conn.badFrameStreak} bad frames in a row, ${conn.badFrameTotal} in all`);
      void this.end(conn, 'bad-frames');
    }
  }

  private sweep(idleMs: number, preAuthMs: number): void {
    const now = Date.now();
    this.badFrameLog.flush(now);
    this.refusalLog.flush(now);
    for (const conn of this.connections) {
      if (now - conn.lastSeenMs >= idleMs) {
        void this.end(conn, 'idle-timeout');
        continue;
      }
      // Slowloris: a connection that never authenticates (trickling bytes, or nothing valid) is not kept for the idle timeout.
      if (!conn.authenticated && now - conn.connectedAtMs >= preAuthMs) {
        this.logger.debug(`closing ${conn.remoteAddress}: not authenticated within ${preAuthMs / 1000} s`);
        void this.end(conn, 'preauth-timeout');
        continue;
      }
      if (now - conn.lastSeenMs > 2000) conn.releaseDeframer();
      this.downlink.sweep(conn, now);
      const assembler = conn.existingAssembler;
      if (assembler && assembler.size > 0) {
        const { retransmit, abandoned } = assembler.sweep(now);
        for (const request of retransmit) {
          const { frame } = conn.send(0x8003, { originalSerial: request.originalSerial, indexes: request.missing });
          this.raw.record(conn.phone, 'down', frame);
        }
        for (const lost of abandoned) {
          this.metrics.subpackagesAbandoned.inc();
          this.logger.warn(`terminal ${conn.phone}: 0x${lost.msgId.toString(16)} dropped with ${lost.received}/${lost.total} parts`);
        }
      }
    }
  }

  /** Ends a connection once: reports the session offline and fails its pending commands. */
  private async end(conn: TerminalConnection, reason: string): Promise<void> {
    if (conn.closed) return;
    conn.closed = true;
    this.updateFlow(conn);
    // end() lets a final reply (auth failure) reach the terminal; destroy() follows shortly.
    conn.socket.end();
    setTimeout(() => conn.socket.destroy(), reason === 'closed' ? 0 : 500).unref();
    this.connections.delete(conn);
    this.metrics.connections.dec();
    conn.existingAssembler?.clear();
    if (!conn.authenticated) return;
    this.downlink.sessionEnded(conn);
    const sessionKey = canonicalTerminalPhone(conn.phone);
    if (this.sessions.get(sessionKey) === conn) {
      this.sessions.delete(sessionKey);
      this.metrics.sessions.set(this.sessions.size);
    }
    await publishSessionEvent(this, {
      terminalPhone: conn.phone,
      vehicleId: conn.vehicleId || undefined,
      state: 'offline',
      gatewayId: this.gatewayId,
      at: Date.now(),
      reason,
      remoteAddress: conn.remoteAddress,
    });
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
