import type { Socket } from 'node:net';
import type { Link, LinkDeframer, LinkEndReason } from './link-protocol';

/** An answer waiting for the answers of earlier frames (or for its own publish). */
export interface AnswerSlot {
  bytes?: Buffer;
  ready: boolean;
}

/** What the server needs of itself to act for a link (the link calls back into it). */
export interface LinkHost {
  identify(link: LinkState): boolean;
  end(link: LinkState, reason: LinkEndReason, graceful: boolean): void;
  flowChanged(link: LinkState): void;
  /** Handler promises in flight on one link beyond which its reads pause. */
  readonly maxInFlight: number;
}

/** The server's record of one link; the protocol sees it as a {@link Link}. */
export class LinkState<S = unknown> implements Link {
  readonly openedAt = Date.now();
  identified = false;
  closed = false;
  inFlight = 0;
  paused = false;
  lastFrameAt = this.openedAt;
  /** A frame decoded since the last sweep, which then moves `lastFrameAt` to its time. */
  framed = false;
  badStreak = 0;
  badTotal = 0;
  session!: S;
  deframer!: LinkDeframer<unknown>;
  /** Answers in frame order behind one still waiting; empty on the hot path. */
  readonly answers: AnswerSlot[] = [];
  /** Settles one tracked publish; made on the first one (idle links never need it). */
  private settled?: () => void;

  constructor(
    private readonly host: LinkHost,
    readonly transport: 'tcp' | 'udp',
    readonly remoteHost: string,
    readonly remotePort: number,
    private readonly write: (bytes: Buffer) => void,
    readonly socket?: Socket,
  ) {}

  get remoteAddress(): string {
    return `${this.remoteHost}:${this.remotePort}`;
  }

  identify(): boolean {
    return this.host.identify(this);
  }

  send(bytes: Buffer): void {
    if (!this.closed) this.write(bytes);
  }

  close(reason: LinkEndReason, graceful = true): void {
    this.host.end(this, reason, graceful);
  }

  track<T>(work: Promise<T>): Promise<T> {
    // Runs per acknowledged frame: the flow is re-checked only where it can change (at the limit,
    // or resuming a paused link; a closed gate pauses every link itself), and the caller gets
    // `work` back with one side reaction, no wrapping promise or closures per frame.
    if (++this.inFlight >= this.host.maxInFlight) this.host.flowChanged(this);
    const settled = (this.settled ??= () => {
      this.inFlight--;
      if (this.paused) this.host.flowChanged(this);
    });
    work.then(settled, settled);
    return work;
  }
}
