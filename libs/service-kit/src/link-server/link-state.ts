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
}

/** The server's record of one link; the protocol sees it as a {@link Link}. */
export class LinkState<S = unknown> implements Link {
  readonly openedAt = Date.now();
  identified = false;
  closed = false;
  inFlight = 0;
  paused = false;
  lastFrameAt = this.openedAt;
  badStreak = 0;
  badTotal = 0;
  session!: S;
  deframer!: LinkDeframer<unknown>;
  /** Answers in frame order behind one still waiting; empty on the hot path. */
  readonly answers: AnswerSlot[] = [];

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
    this.inFlight++;
    this.host.flowChanged(this);
    const settled = () => {
      this.inFlight--;
      this.host.flowChanged(this);
    };
    return work.then(
      (value) => {
        settled();
        return value;
      },
      (error: unknown) => {
        settled();
        throw error;
      },
    );
  }
}
