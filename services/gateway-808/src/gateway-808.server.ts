import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import type { EventBus } from '@openfleet/bus';
import { canonicalTerminalPhone } from '@openfleet/contracts';
import { decodeFrame, Jt808DecodeError, type Jt808Message } from '@openfleet/jt808';
import { EVENT_BUS, HealthRegistry, LinkServer, resolveDeploymentSecret, SourceLog, sourceHost, type Link, type LinkEndReason, type LinkProtocol } from '@openfleet/service-kit';
import { BusGate } from './bus-gate';
import { DownlinkDispatcher } from './downlink-dispatcher';
import { Gateway808Config } from './gateway-808-config';
import { publishSessionEvent, type GatewayContext } from './gateway-context';
import { GatewayMetrics } from './gateway-metrics';
import { OfflineReporter } from './offline-reporter';
import { RawFrameCapture } from './raw-frame-capture';
import { RegistryFeed } from './registry-feed';
import { SessionDirectory } from './session-directory';
import { TerminalConnection } from './terminal-connection';
import { TerminalRegistry, type RegistrationPolicy } from './terminal-registry';
import { UplinkHandler } from './uplink-handler';

type Jt808Item = Buffer | Jt808DecodeError;

/** Link-server end reasons as the offline event has always named them. */
const OFFLINE_REASONS: Record<string, string> = { peer: 'closed', idle: 'idle-timeout', unidentified: 'preauth-timeout' };

export const GATEWAY_808_CONFIG = Symbol('GATEWAY_808_CONFIG');

/** File under DATA_DIR that keeps the standalone gateway's generated auth secret. */
export const AUTH_SECRET_FILE = 'gateway-808-auth-secret';
const SHUTDOWN_FLUSH_MS = 5000;
const HEX_LOG_LIMIT = 600;

/**
 * The JT/T 808 protocol on the link server: its deframer (the connection's own, released when
 * quiet), its decoder and its handler (registration, authentication, publish-then-ack). The link
 * server owns listening, the pre-auth deadline (authentication identifies a link), link budgets,
 * the bad-frame streak and its rate-limited log, backpressure from the bus and the idle timeout.
 */
@Injectable()
export class Gateway808Server implements OnApplicationBootstrap, BeforeApplicationShutdown, GatewayContext, LinkProtocol<Jt808Item, Jt808Message, TerminalConnection> {
  readonly name = 'jt808';
  readonly gatewayId: string;
  readonly logger = new Logger('Gateway808');
  readonly metrics = new GatewayMetrics();
  readonly gate = new BusGate();
  readonly registry: TerminalRegistry;
  readonly raw: RawFrameCapture;
  /** Authenticated connections by canonical terminal phone (`canonicalTerminalPhone`). */
  readonly sessions = new Map<string, TerminalConnection>();
  readonly linkServer: LinkServer<Jt808Item, Jt808Message, TerminalConnection>;
  readonly directory: SessionDirectory;
  private readonly refusalLog = new SourceLog(
    'refused registrations or authentications',
    (line) => this.logger.warn(line),
    () => this.metrics.refusalLogsSuppressed.inc(),
  );
  private readonly downlink: DownlinkDispatcher;
  private readonly uplink: UplinkHandler;
  private readonly registryFeed: RegistryFeed;
  private readonly offline: OfflineReporter;
  /** Warming the directory, then joining the reporter election (in the background: terminals are served meanwhile). */
  private electing: Promise<void> = Promise.resolve();
  /** Offline events being published (awaited at shutdown). */
  private readonly ending = new Set<Promise<void>>();
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
    this.registryFeed = new RegistryFeed(bus, this.registry, this.gatewayId);
    this.directory = new SessionDirectory(bus, this.gatewayId);
    this.offline = new OfflineReporter(this, this.directory);
    this.downlink = new DownlinkDispatcher(this, this.offline);
    this.uplink = new UplinkHandler(this, this.downlink);
    const idleMs = config.GATEWAY_808_IDLE_TIMEOUT_S * 1000;
    const preAuthMs = config.GATEWAY_808_PREAUTH_TIMEOUT_S * 1000;
    this.linkServer = new LinkServer(this, {
      tcp: { port: config.GATEWAY_808_PORT, host: config.GATEWAY_808_HOST },
      logger: this.logger,
      gate: this.gate,
      onLogSuppressed: () => this.metrics.badFrameLogsSuppressed.inc(),
      // Subpackage retransmits and command timeouts are checked at the sweep too.
      sweepMs: Math.max(50, Math.min(1000, idleMs / 4, preAuthMs / 4, config.GATEWAY_808_SUBPACKAGE_TIMEOUT_MS / 4)),
      limits: {
        identifyWithinMs: preAuthMs,
        idleMs,
        maxIdentified: config.GATEWAY_808_MAX_LINKS,
        maxUnidentified: config.GATEWAY_808_MAX_UNIDENTIFIED_LINKS,
        maxUnidentifiedPerAddress: config.GATEWAY_808_MAX_UNIDENTIFIED_PER_ADDRESS,
        maxBadFrames: config.GATEWAY_808_MAX_BAD_FRAMES,
        maxInFlight: config.GATEWAY_808_MAX_PENDING_PER_SESSION,
      },
    });
    health.register('gateway-808', async () => this.linkServer.listening);
  }

  /** The authenticated connection of a terminal, by its phone in any spelling (header or registry). */
  sessionOf(phone: string): TerminalConnection | undefined {
    return this.sessions.get(canonicalTerminalPhone(phone));
  }

  /** True while this instance is the elected "device offline" reporter. */
  get isOfflineReporter(): boolean {
    return this.offline.isReporter;
  }

  /** Where terminals connect (the real port when configured with 0). */
  address(): AddressInfo {
    return this.linkServer.tcpAddress()!;
  }

  async onApplicationBootstrap(): Promise<void> {
    // Subscribed before listening: registrations are checked against the cache it fills.
    await this.registryFeed.start();
    await this.directory.start();
    await this.downlink.start();
    // A reporter must know every claim made before it started: it joins the election only once
    // the directory's history is read (a cold one would take terminals held elsewhere for offline).
    this.electing = this.directory.ready.then(async () => {
      if (this.stopping) return;
      await this.releaseStaleClaims();
      if (!this.stopping) await this.offline.start();
    }).catch((error: Error) => this.logger.error(`offline reporter not started: ${error.message}`));
    await this.linkServer.listen();
    const { address, port } = this.address();
    this.logger.log(`JT/T 808 gateway ${this.gatewayId} listening on ${address}:${port} (registration ${this.config.GATEWAY_808_REGISTRATION})`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    // The reporter leaves its group first, so another instance takes the role over at once.
    await withTimeout(this.electing, 1000);
    await Promise.allSettled([this.offline.stop(), this.downlink.stop(), this.registryFeed.stop()]);
    // Let publishes in flight finish so their acks still go out, within a bound.
    await this.linkServer.settle(SHUTDOWN_FLUSH_MS);
    await withTimeout(this.linkServer.close(), 1000);
    await withTimeout(Promise.allSettled([...this.ending]), SHUTDOWN_FLUSH_MS);
    await withTimeout(this.raw.drain(), SHUTDOWN_FLUSH_MS);
    this.gate.close();
  }

  warnRefusal(conn: TerminalConnection, line: string): void {
    this.refusalLog.report(sourceHost(conn.remoteAddress), line);
  }

  close(conn: TerminalConnection, reason: string): void {
    conn.link.close(reason);
  }

  // --- the protocol on the link server ---

  open(link: Link): TerminalConnection {
    this.metrics.connections.inc();
    return new TerminalConnection(link);
  }

  deframer(conn: TerminalConnection): TerminalConnection {
    return conn;
  }

  decode(item: Jt808Item): Jt808Message {
    if (item instanceof Jt808DecodeError) throw item;
    try {
      return decodeFrame(item);
    } catch (error) {
      if (error instanceof Jt808DecodeError) throw error;
      throw new Jt808DecodeError('BAD_FIELD', String(error), item.toString('hex'));
    }
  }

  handle(conn: TerminalConnection, msg: Jt808Message, frame: Jt808Item): void {
    this.metrics.countFrame('up', msg.msgId);
    this.raw.record(msg.phone, 'up', frame as Buffer);
    this.uplink.handle(conn, msg, conn.lastSeenMs);
  }

  capture(conn: TerminalConnection, _frame: Jt808Item, error: unknown): void {
    const code = error instanceof Jt808DecodeError ? error.code : 'BAD_FIELD';
    this.metrics.decodeErrors.inc({ code });
    this.raw.record(conn.phone, 'up', error instanceof Jt808DecodeError ? error.hex : '', code);
  }

  describe(error: unknown, conn: TerminalConnection): string {
    if (!(error instanceof Jt808DecodeError)) return String(error);
    const hex = error.hex.length > HEX_LOG_LIMIT ? `${error.hex.slice(0, HEX_LOG_LIMIT)}...` : error.hex;
    return `${conn.phone ? `terminal ${conn.phone} ` : ''}(${error.code}): ${error.message} hex=${hex}`;
  }

  tick(now: number): void {
    this.refusalLog.flush(now);
  }

  sweep(conn: TerminalConnection, now: number): void {
    if (now - conn.lastSeenMs > 2000) conn.releaseDeframer();
    this.downlink.sweep(conn, now);
    const assembler = conn.existingAssembler;
    if (!assembler || assembler.size === 0) return;
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

  /** The link ended, whoever ended it: reports the session offline and fails its pending commands. */
  closed(conn: TerminalConnection, reason: LinkEndReason): void {
    this.metrics.connections.dec();
    conn.existingAssembler?.clear();
    if (!conn.authenticated) return;
    this.downlink.sessionEnded(conn);
    const sessionKey = canonicalTerminalPhone(conn.phone);
    if (this.sessions.get(sessionKey) === conn) {
      this.sessions.delete(sessionKey);
      this.metrics.sessions.set(this.sessions.size);
      const released = this.directory.announce(sessionKey, false).catch((error: Error) => {
        this.logger.warn(`session directory release for ${conn.phone} not published: ${error.message}`);
      });
      this.ending.add(released);
      void released.finally(() => this.ending.delete(released));
    }
    const offline = publishSessionEvent(this, {
      terminalPhone: conn.phone,
      vehicleId: conn.vehicleId || undefined,
      state: 'offline',
      gatewayId: this.gatewayId,
      at: Date.now(),
      reason: OFFLINE_REASONS[reason] ?? reason,
      remoteAddress: conn.remoteAddress,
    });
    this.ending.add(offline);
    void offline.finally(() => this.ending.delete(offline));
  }

  /** Claims under this gateway id that a previous run left (it crashed before releasing them). */
  private async releaseStaleClaims(): Promise<void> {
    const stale = this.directory.heldHere().filter((phone) => !this.sessions.has(phone));
    for (const phone of stale) if (!this.sessions.has(phone)) await this.directory.announce(phone, false);
    if (stale.length) this.logger.log(`released ${stale.length} session directory claims of a previous run of ${this.gatewayId}`);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
