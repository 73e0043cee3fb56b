import { createSocket, type RemoteInfo, type Socket as UdpSocket } from 'node:dgram';
import { createServer, isIPv6, type AddressInfo, type Server, type Socket } from 'node:net';
import { LinkMetrics } from './link-metrics';
import type { LinkAnswer, LinkEndReason, LinkProtocol, LinkServerOptions } from './link-protocol';
import { LinkState, type AnswerSlot, type LinkHost } from './link-state';
import { SourceLog } from './source-log';

const HEX_LOG_LIMIT = 600;
/** A graceful close lets a last answer (a refusal) out before the socket is destroyed. */
const GRACEFUL_CLOSE_MS = 500;

/**
 * The one listener every vehicle-facing port runs on (Traccar's shared pipeline; our codecs stay
 * in libs). A protocol brings a {@link LinkProtocol}: its deframer, its decoder and
 * `handle(session, message)`, calling `link.identify()` when the peer names itself. The server owns:
 * - listen: TCP, and UDP (one link per peer address) where the protocol has it;
 * - one deframer per link; a frame that does not decode is a bad frame: counted, logged a few
 *   lines per source and minute, and `maxBadFrames` in a row (or 10× in all) close the link;
 * - the identification deadline (`identifyWithinMs`, default 10 s), the identified budget and a
 *   separate small budget of unidentified links, in all (oldest evicted) and per source address;
 * - idle timeout counted in frames, not bytes: junk does not keep a link alive;
 * - publish-then-acknowledge: an answer that is a promise is written only once it resolves, in
 *   frame order; a rejection closes the link; a link with `maxInFlight` answers pending (or the
 *   shared {@link FlowGate} closed) is not read until they settle (backpressure to the vehicle);
 * - metrics (`link_*` in prom-client's registry, by protocol) and the raw-capture hook.
 *
 * ```ts
 * const server = new LinkServer(gb32960Protocol, { tcp: { port, host }, limits, logger });
 * await server.listen();
 * ```
 */
export class LinkServer<F, M, S> implements LinkHost {
  readonly metrics: LinkMetrics;
  readonly maxInFlight: number;
  private tcp?: Server;
  private udp?: UdpSocket;
  /** Every open link, oldest first (eviction takes the first unidentified). */
  private readonly links = new Set<LinkState<S>>();
  private readonly udpLinks = new Map<string, LinkState<S>>();
  private readonly unidentifiedByHost = new Map<string, number>();
  private identifiedCount = 0;
  private unidentifiedCount = 0;
  private sweeper?: NodeJS.Timeout;
  private stopping = false;
  private readonly badFrameLog: SourceLog;

  constructor(
    private readonly protocol: LinkProtocol<F, M, S>,
    private readonly options: LinkServerOptions,
  ) {
    this.metrics = new LinkMetrics(protocol.name);
    this.maxInFlight = options.limits.maxInFlight;
    this.badFrameLog = new SourceLog(
      `${protocol.name} bad frames`,
      (line) => options.logger.warn(line),
      () => {
        this.metrics.logsSuppressed.inc();
        options.onLogSuppressed?.();
      },
    );
    options.gate?.onChange(() => this.links.forEach((link) => this.flowChanged(link)));
  }

  async listen(): Promise<void> {
    const { tcp, udp } = this.options;
    if (tcp) {
      const server = createServer((socket) => this.accept(socket));
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(tcp.port, tcp.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      server.on('error', (error) => this.options.logger.error(`${this.protocol.name} listener: ${error.message}`));
      this.tcp = server;
    }
    if (udp) {
      const socket = createSocket(isIPv6(udp.host) ? 'udp6' : 'udp4');
      await new Promise<void>((resolve, reject) => {
        socket.once('error', reject);
        socket.bind(udp.port, udp.host, () => {
          socket.off('error', reject);
          resolve();
        });
      });
      socket.on('error', (error) => this.options.logger.warn(`${this.protocol.name} UDP: ${error.message}`));
      socket.on('message', (message: Buffer, peer: RemoteInfo) => this.datagram(message, peer));
      this.udp = socket;
    }
    const { identifyWithinMs, idleMs } = this.options.limits;
    this.sweeper = setInterval(() => this.sweep(Date.now()), this.options.sweepMs ?? Math.max(20, Math.min(500, identifyWithinMs / 4, idleMs / 4)));
    this.sweeper.unref();
  }

  /** The bound TCP address (undefined before listening or without TCP). */
  tcpAddress(): AddressInfo | undefined {
    const address = this.tcp?.address();
    return typeof address === 'object' && address ? address : undefined;
  }

  /** The bound TCP port (0 before listening or without TCP). */
  port(): number {
    const address = this.tcp?.address();
    return typeof address === 'object' && address ? address.port : 0;
  }

  udpPort(): number {
    return this.udp ? this.udp.address().port : 0;
  }

  get listening(): boolean {
    return this.tcp?.listening === true || this.udp !== undefined;
  }

  /** Links open now, by whether they have identified themselves. */
  counts(): { identified: number; unidentified: number } {
    return { identified: this.identifiedCount, unidentified: this.unidentifiedCount };
  }

  /** UDP peers with a link now. */
  udpPeers(): number {
    return this.udpLinks.size;
  }

  /** Links not read now (backpressure). */
  pausedLinks(): number {
    let paused = 0;
    for (const link of this.links) if (link.paused) paused++;
    return paused;
  }

  /** Links ended by the given reason since start. */
  closes(reason: LinkEndReason): number {
    return this.metrics.closes.get(reason) ?? 0;
  }

  /** Waits (at most `ms`) until no link has a publish in flight: acks still go out at shutdown. */
  async settle(ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline && [...this.links].some((link) => link.inFlight > 0)) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  /** Stops listening and ends every link (`shutdown`). */
  async close(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    clearInterval(this.sweeper);
    const closed = new Promise<void>((resolve) => (this.tcp ? this.tcp.close(() => resolve()) : resolve()));
    for (const link of [...this.links]) this.end(link, 'shutdown', false);
    await new Promise<void>((resolve) => (this.udp ? this.udp.close(() => resolve()) : resolve()));
    await closed;
    this.metrics.dispose();
  }

  private accept(socket: Socket): void {
    socket.on('error', (error) => this.options.logger.debug?.(`${this.protocol.name} ${socket.remoteAddress}: ${error.message}`));
    if (this.stopping) return void socket.destroy();
    socket.setNoDelay(true);
    const link = this.admit('tcp', socket.remoteAddress ?? '', socket.remotePort ?? 0, (bytes) => socket.write(bytes), socket);
    if (!link) return void socket.destroy();
    socket.on('data', (chunk: Buffer) => this.receive(link, chunk));
    socket.on('close', () => this.end(link, 'peer', false));
    this.flowChanged(link);
  }

  private datagram(message: Buffer, peer: RemoteInfo): void {
    const key = `${peer.address}:${peer.port}`;
    let link = this.udpLinks.get(key);
    if (!link) {
      if (this.stopping) return;
      link = this.admit('udp', peer.address, peer.port, (bytes) => this.udp?.send(bytes, peer.port, peer.address));
      if (!link) return;
      this.udpLinks.set(key, link);
    }
    this.receive(link, message);
  }

  /** A new link within the unidentified budgets, or undefined (refused). */
  private admit(transport: 'tcp' | 'udp', host: string, port: number, write: (bytes: Buffer) => void, socket?: Socket): LinkState<S> | undefined {
    const { maxUnidentified, maxUnidentifiedPerAddress } = this.options.limits;
    const fromHost = this.unidentifiedByHost.get(host) ?? 0;
    if (fromHost >= maxUnidentifiedPerAddress) {
      this.metrics.closed('refused');
      return undefined;
    }
    // Full from many addresses: the oldest unnamed link goes (it had the most time), so a flood
    // cannot keep out a vehicle that names itself at once.
    if (this.unidentifiedCount >= maxUnidentified) this.evictOldestUnidentified();
    const link = new LinkState<S>(this, transport, host, port, write, socket);
    this.links.add(link);
    this.unidentifiedCount++;
    this.metrics.unidentified.inc();
    this.unidentifiedByHost.set(host, fromHost + 1);
    link.session = this.protocol.open(link);
    link.deframer = this.protocol.deframer(link.session);
    return link;
  }

  private receive(link: LinkState<S>, chunk: Buffer): void {
    const { protocol, metrics } = this;
    metrics.counted.bytesIn += chunk.length;
    if (link.closed) return;
    const frames = link.deframer.push(chunk) as Iterable<F>;
    // Corked only when the chunk holds several frames: their synchronous answers then leave in one
    // write; a single frame (the usual chunk) has at most one, and cork/uncork would cost for nothing.
    const socket = !Array.isArray(frames) || frames.length > 1 ? link.socket : undefined;
    socket?.cork();
    try {
      for (const frame of frames) {
        if (link.closed) break;
        let message: M;
        try {
          message = protocol.decode(frame, link.session);
        } catch (error) {
          this.badFrame(link, frame, error);
          continue;
        }
        link.badStreak = 0;
        // The idle clock: stamped at the sweep (one Date.now per sweep, not per frame).
        link.framed = true;
        metrics.counted.frames++;
        let answer: LinkAnswer;
        try {
          answer = protocol.handle(link.session, message, frame);
        } catch (error) {
          // A codec or handler bug costs one frame, never the process.
          this.options.logger.error(`${protocol.name} ${link.remoteAddress}: handler failed: ${(error as Error).stack ?? String(error)}`);
          continue;
        }
        if (answer !== undefined) this.answer(link, answer);
      }
    } finally {
      socket?.uncork();
    }
  }

  private answer(link: LinkState<S>, answer: Exclude<LinkAnswer, undefined | void>): void {
    if (Buffer.isBuffer(answer)) {
      if (link.answers.length === 0) link.send(answer);
      else link.answers.push({ bytes: answer, ready: true });
      return;
    }
    const slot: AnswerSlot = { ready: false };
    link.answers.push(slot);
    link.track(answer).then(
      (bytes) => {
        slot.bytes = bytes ?? undefined;
        slot.ready = true;
        this.flushAnswers(link);
      },
      (error: unknown) => {
        link.answers.length = 0;
        this.options.logger.warn(`${this.protocol.name} ${link.remoteAddress}: not acknowledged, link closed so the vehicle resends: ${(error as Error)?.message ?? String(error)}`);
        this.end(link, 'publish-failed', false);
      },
    );
  }

  /** Writes the answers whose turn has come, in one write. */
  private flushAnswers(link: LinkState<S>): void {
    const { answers } = link;
    let out: Buffer[] | undefined;
    while (answers.length > 0 && answers[0]!.ready) {
      const bytes = answers.shift()!.bytes;
      if (bytes) (out ??= []).push(bytes);
    }
    if (out) link.send(out.length === 1 ? out[0]! : Buffer.concat(out));
  }

  private badFrame(link: LinkState<S>, frame: F, error: unknown): void {
    const { protocol } = this;
    const { maxBadFrames, maxBadFramesInAll = maxBadFrames * 10 } = this.options.limits;
    this.metrics.counted.badFrames++;
    link.badStreak++;
    link.badTotal++;
    protocol.capture?.(link.session, frame, error);
    let detail = protocol.describe ? protocol.describe(error, link.session) : (error as Error)?.message ?? String(error);
    if (detail.length > HEX_LOG_LIMIT) detail = `${detail.slice(0, HEX_LOG_LIMIT)}...`;
    this.badFrameLog.report(link.remoteHost, `${protocol.name}: bad frame from ${link.remoteAddress}: ${detail}`);
    if (link.badStreak >= maxBadFrames || link.badTotal >= maxBadFramesInAll) {
      this.badFrameLog.report(link.remoteHost, `${protocol.name}: closing ${link.remoteAddress}: ${link.badStreak} bad frames in a row, ${link.badTotal} in all`);
      this.end(link, 'bad-frames', false);
    }
  }

  identify(link: LinkState<S>): boolean {
    if (link.identified) return true;
    if (link.closed) return false;
    if (this.identifiedCount >= this.options.limits.maxIdentified) {
      this.options.logger.debug?.(`${this.protocol.name} ${link.remoteAddress}: refused, ${this.identifiedCount} links identified`);
      this.end(link, 'budget', true);
      return false;
    }
    this.leaveUnidentified(link);
    link.identified = true;
    link.lastFrameAt = Date.now();
    this.identifiedCount++;
    this.metrics.identified.inc();
    return true;
  }

  flowChanged(link: LinkState<S>): void {
    const socket = link.socket;
    if (!socket) return;
    const { maxInFlight } = this.options.limits;
    const gateOpen = this.options.gate?.isOpen ?? true;
    if (!link.paused && !link.closed && (!gateOpen || link.inFlight >= maxInFlight)) {
      link.paused = true;
      socket.pause();
      this.metrics.paused.inc();
    } else if (link.paused && (link.closed || (gateOpen && link.inFlight < Math.max(1, maxInFlight >> 1)))) {
      link.paused = false;
      if (!link.closed) socket.resume();
      this.metrics.paused.dec();
    }
  }

  /** Ends a link once, whoever asked: counts, budgets, the protocol told. */
  end(link: LinkState<S>, reason: LinkEndReason, graceful: boolean): void {
    if (link.closed) return;
    link.closed = true;
    this.flowChanged(link);
    this.links.delete(link);
    if (link.identified) {
      this.identifiedCount--;
      this.metrics.identified.dec();
    } else this.leaveUnidentified(link);
    this.metrics.closed(reason);
    link.answers.length = 0;
    const socket = link.socket;
    if (socket) {
      if (graceful && reason !== 'peer') {
        socket.end();
        setTimeout(() => socket.destroy(), GRACEFUL_CLOSE_MS).unref();
      } else socket.destroy();
    } else this.udpLinks.delete(link.remoteAddress);
    try {
      this.protocol.closed?.(link.session, reason);
    } catch (error) {
      this.options.logger.error(`${this.protocol.name} ${link.remoteAddress}: close handler failed: ${(error as Error).message}`);
    }
  }

  private leaveUnidentified(link: LinkState<S>): void {
    this.unidentifiedCount--;
    this.metrics.unidentified.dec();
    const left = (this.unidentifiedByHost.get(link.remoteHost) ?? 1) - 1;
    if (left > 0) this.unidentifiedByHost.set(link.remoteHost, left);
    else this.unidentifiedByHost.delete(link.remoteHost);
  }

  private evictOldestUnidentified(): void {
    for (const link of this.links) {
      if (link.identified) continue;
      this.end(link, 'unidentified', false);
      return;
    }
  }

  private sweep(now: number): void {
    this.badFrameLog.flush(now);
    this.protocol.tick?.(now);
    const { identifyWithinMs, idleMs } = this.options.limits;
    for (const link of this.links) {
      if (link.framed) {
        link.framed = false;
        link.lastFrameAt = now;
      }
      if (!link.identified && now - link.openedAt >= identifyWithinMs) this.end(link, 'unidentified', false);
      else if (now - link.lastFrameAt >= idleMs) this.end(link, 'idle', true);
      else if (this.protocol.sweep) {
        try {
          this.protocol.sweep(link.session, now);
        } catch (error) {
          this.options.logger.error(`${this.protocol.name} ${link.remoteAddress}: sweep failed: ${(error as Error).message}`);
        }
      }
    }
  }
}
