import { createServer, type Server, type Socket } from 'node:net';

/**
 * Who may hold a link before it has said who it is. Without it a client that never logs in (or
 * names no SIM) and trickles junk keeps its link forever and fills the link budget, so real
 * terminals are refused: links are counted in two budgets, and a link that has not identified
 * itself within the deadline is closed whatever bytes it sends.
 */
export interface LinkAdmission {
  /** A link that has not identified itself this long after it connected is closed. */
  identifyWithinMs: number;
  /** Identified links at most; the one past it is closed when it identifies. */
  maxIdentified: number;
  /** Links not yet identified at most, in all. */
  maxUnidentified: number;
  /** Links not yet identified at most from one source address. */
  maxUnidentifiedPerAddress: number;
}

export type LinkCloseReason = 'unidentified' | 'idle' | 'budget' | 'refused';

/** What a protocol handler tells the listener about its connection. */
export interface TcpLink {
  readonly socket: Socket;
  /** The peer named a terminal the platform knows: the deadline ends. False (and the link closed) when the identified budget is full. */
  identify(): boolean;
  /** A valid frame arrived: junk bytes do not keep a link alive, frames do. */
  active(): void;
}

interface LinkState extends TcpLink {
  address: string;
  openedAt: number;
  lastActiveAt: number;
  identified: boolean;
}

/** How often links are checked against the deadline and the idle timeout. */
const SWEEP_MS = 500;

/**
 * The TCP side the vehicle-facing listeners share (GB/T 32960, HJ 1239, JT/T 1078 media): listen, name the bound port,
 * track the open connections and close them all on shutdown. Each connection gets the gateway's
 * idle timeout and its own handler. With a {@link LinkAdmission}, links are admitted by budget,
 * must identify themselves in time, and only frames (not bytes) count as activity.
 */
export class TcpListener {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  private readonly links = new Set<LinkState>();
  private readonly unidentifiedByAddress = new Map<string, number>();
  private identifiedCount = 0;
  private unidentifiedCount = 0;
  private sweeper?: NodeJS.Timeout;
  private idleMs = 0;
  /** Links closed by the listener, by reason (metrics). */
  readonly closes: Record<LinkCloseReason, number> = { unidentified: 0, idle: 0, budget: 0, refused: 0 };

  constructor(
    private readonly onConnection: (socket: Socket, link: TcpLink) => void,
    private readonly admission?: LinkAdmission,
  ) {}

  async listen(port: number, host: string, idleMs: number): Promise<void> {
    this.idleMs = idleMs;
    this.server = createServer((socket) => this.accept(socket));
    this.server.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, host, () => resolve());
    });
    if (this.admission) {
      this.sweeper = setInterval(() => this.sweep(Date.now()), Math.min(SWEEP_MS, this.admission.identifyWithinMs));
      this.sweeper.unref();
    }
  }

  /** The bound port (0 before listening). */
  port(): number {
    const address = this.server?.address();
    return typeof address === 'object' && address ? address.port : 0;
  }

  /** Links open now, by whether they have identified themselves. */
  counts(): { identified: number; unidentified: number } {
    return { identified: this.identifiedCount, unidentified: this.unidentifiedCount };
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private accept(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => this.sockets.delete(socket));
    if (!this.admission) {
      socket.setTimeout(this.idleMs, () => socket.destroy());
      this.onConnection(socket, { socket, identify: () => true, active: () => undefined });
      return;
    }
    const address = socket.remoteAddress ?? '';
    const fromAddress = this.unidentifiedByAddress.get(address) ?? 0;
    if (fromAddress >= this.admission.maxUnidentifiedPerAddress) {
      this.closes.refused++;
      socket.destroy();
      return;
    }
    // Full from many addresses: the oldest link still unnamed goes (it had the most time), so a
    // flood cannot keep out a terminal that names itself at once.
    if (this.unidentifiedCount >= this.admission.maxUnidentified) this.evictOldestUnidentified();
    const now = Date.now();
    const link: LinkState = {
      socket,
      address,
      openedAt: now,
      lastActiveAt: now,
      identified: false,
      identify: () => this.identify(link),
      active: () => {
        link.lastActiveAt = Date.now();
      },
    };
    this.links.add(link);
    this.unidentifiedCount++;
    this.unidentifiedByAddress.set(address, fromAddress + 1);
    socket.on('close', () => this.forget(link));
    this.onConnection(socket, link);
  }

  private identify(link: LinkState): boolean {
    if (link.identified) return true;
    if (!this.links.has(link)) return false;
    this.leaveUnidentified(link);
    if (this.identifiedCount >= this.admission!.maxIdentified) {
      this.links.delete(link);
      this.closes.budget++;
      link.socket.destroy();
      return false;
    }
    link.identified = true;
    link.lastActiveAt = Date.now();
    this.identifiedCount++;
    return true;
  }

  private forget(link: LinkState): void {
    if (!this.links.delete(link)) return;
    if (link.identified) this.identifiedCount--;
    else this.leaveUnidentified(link);
  }

  private leaveUnidentified(link: LinkState): void {
    this.unidentifiedCount--;
    const left = (this.unidentifiedByAddress.get(link.address) ?? 1) - 1;
    if (left > 0) this.unidentifiedByAddress.set(link.address, left);
    else this.unidentifiedByAddress.delete(link.address);
  }

  private evictOldestUnidentified(): void {
    for (const link of this.links) {
      if (link.identified) continue;
      this.forget(link);
      this.closes.unidentified++;
      link.socket.destroy();
      return;
    }
  }

  private sweep(now: number): void {
    for (const link of this.links) {
      const reason: LinkCloseReason | undefined = !link.identified && now - link.openedAt >= this.admission!.identifyWithinMs ? 'unidentified' : now - link.lastActiveAt >= this.idleMs ? 'idle' : undefined;
      if (!reason) continue;
      this.forget(link);
      this.closes[reason]++;
      link.socket.destroy();
    }
  }
}
