import type { Socket } from 'node:net';

/**
 * Why a link ended. The listener's own reasons are listed; a protocol may close with its own
 * (`auth-failed`, `replaced`): keep them few, they label a metric.
 */
export type LinkEndReason =
  | 'unidentified'
  | 'idle'
  | 'budget'
  | 'refused'
  | 'bad-frames'
  | 'publish-failed'
  | 'peer'
  | 'shutdown'
  | (string & {});

/** Bytes to frames, one per link: what is left of a frame waits for the next chunk. */
export interface LinkDeframer<F> {
  push(chunk: Buffer): Iterable<F>;
}

/**
 * One vehicle link as a protocol sees it (a TCP connection, or the datagrams of one UDP peer).
 * The listener owns it: budgets, deadline, idle timeout, flow control and closing.
 */
export interface Link {
  readonly transport: 'tcp' | 'udp';
  /** `host:port` of the peer. */
  readonly remoteAddress: string;
  /** The peer's host: the unit budgets and log limits count by. */
  readonly remoteHost: string;
  readonly openedAt: number;
  /** The TCP socket (undefined for UDP): for protocols that write through it themselves. */
  readonly socket?: Socket;
  readonly identified: boolean;
  readonly closed: boolean;
  /** Handler promises not yet settled (publishes waiting for the bus). */
  readonly inFlight: number;
  /** Not read now: too many publishes in flight, or the flow gate closed. */
  readonly paused: boolean;
  /**
   * The peer named a vehicle the platform knows: its deadline ends and it moves to the identified
   * budget. False, and the link closed, when that budget is full.
   */
  identify(): boolean;
  /** Writes bytes to the peer (dropped once closed). */
  send(bytes: Buffer): void;
  /**
   * Ends the link once. `graceful`: what was written (a refusal) still reaches the peer, the
   * socket is destroyed shortly after.
   */
  close(reason: LinkEndReason, graceful?: boolean): void;
  /** Counts a publish the handler did not return (fire and forget) against the backpressure limit. */
  track<T>(work: Promise<T>): Promise<T>;
}

/**
 * What `handle` answers: bytes to write (in frame order, after every earlier frame's answer), or
 * nothing. A promise is a publish in flight: the link is paused while too many are, its answer is
 * written only once it resolves, and a rejection closes the link (`publish-failed`): never an ack
 * for what the bus did not take. A protocol that answers failure instead catches and returns it.
 */
export type LinkAnswer = Buffer | undefined | void | Promise<Buffer | undefined | void>;

/**
 * A protocol on the link server: its deframer, its decoder and its handler. Everything else
 * (listen, deadline, budgets, bad-frame streak, backpressure, idle, metrics) is the server's.
 *
 * @typeParam F a frame out of the deframer
 * @typeParam M a decoded message
 * @typeParam S the protocol's state of one link
 */
export interface LinkProtocol<F, M, S> {
  /** Metric label and log prefix (`jt808`, `gb32960`, `jt1078`). */
  readonly name: string;
  /** The protocol's state for a new link. */
  open(link: Link): S;
  /** The link's deframer (asked once, right after `open`). */
  deframer(session: S): LinkDeframer<F>;
  /** A frame to a message; a throw is a bad frame (counted, logged rate-limited, towards the streak). */
  decode(frame: F, session: S): M;
  handle(session: S, message: M, frame: F): LinkAnswer;
  /** The link ended (any reason); called once. */
  closed?(session: S, reason: LinkEndReason): void;
  /** Raw capture of bad frames: every frame that did not decode, with its error (decoded ones reach `handle`). */
  capture?(session: S, frame: F, error: unknown): void;
  /** The bad-frame log line's detail for a decode error (default: its message). */
  describe?(error: unknown, session: S): string;
  /** Periodic per-link work (retransmits, timeouts), at the server's sweep. */
  sweep?(session: S, now: number): void;
  /** Periodic protocol-wide work, once per sweep (flushing rate-limited logs). */
  tick?(now: number): void;
}

/** Limits of one listener. */
export interface LinkLimits {
  /** A link that has not identified itself this long after it opened is closed. Default 10 s. */
  identifyWithinMs: number;
  /** A link without a valid frame for this long is closed (junk bytes do not count). */
  idleMs: number;
  /** Identified links at most; the one past it is closed when it identifies. */
  maxIdentified: number;
  /** Unidentified links at most in all; when full the oldest goes. */
  maxUnidentified: number;
  /** Unidentified links at most from one source address; past it new ones are refused. */
  maxUnidentifiedPerAddress: number;
  /** Bad frames in a row that close a link. */
  maxBadFrames: number;
  /** Bad frames over a link's life that close it (good ones between do not reset it). Default 10× the streak. */
  maxBadFramesInAll?: number;
  /** Handler promises in flight on one link beyond which its reads pause (they resume at half). */
  maxInFlight: number;
}

/** A gate shared by every link, e.g. a circuit breaker in front of the bus: closed pauses all reads. */
export interface FlowGate {
  readonly isOpen: boolean;
  onChange(listener: (open: boolean) => void): void;
}

/** A logger the server writes link events to (Nest's `Logger` fits). */
export interface LinkLogger {
  warn(line: string): void;
  error(line: string): void;
  debug?(line: string): void;
}

export interface LinkServerOptions {
  tcp?: { port: number; host: string };
  /** UDP: one link per peer address, the same deframer, limits and handler; never paused (datagrams are dropped instead). */
  udp?: { port: number; host: string };
  limits: LinkLimits;
  logger: LinkLogger;
  gate?: FlowGate;
  /** How often links are checked against the deadline, the idle timeout and `sweep` (default 500 ms). */
  sweepMs?: number;
  /** A bad-frame line held back by the per-source log limit (besides the shared metric). */
  onLogSuppressed?: () => void;
}

export const DEFAULT_IDENTIFY_WITHIN_MS = 10_000;
