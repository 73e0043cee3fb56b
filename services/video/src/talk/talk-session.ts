import type { TalkLegView, TalkSocketMessage } from '@openfleet/contracts';
import type { TalkLeg } from './talk-leg';

/** The talker's end of a session: the browser's WebSocket once it connected. */
export interface TalkPeer {
  sendText(message: TalkSocketMessage): void;
  sendBinary(data: Buffer): void;
  close(): void;
}

/**
 * One operator speaking: two-way talk with one vehicle channel, or a broadcast to several. The
 * browser's PCM goes to every leg that has its link; in a talk, the one leg's audio comes back to
 * the browser as PCM. Legs whose link came or went are told to the browser at each `poll`.
 */
export class TalkSession {
  readonly legs: TalkLeg[] = [];
  /** Legs that could not be opened (broadcast): shown to the operator, never retried. */
  readonly failed: TalkLegView[] = [];
  peer?: TalkPeer;
  /** When the browser's socket was last there (or the session opened): a session without one for long is closed. */
  peerlessSince: number;
  closed = false;
  private readonly linkedBefore = new WeakMap<TalkLeg, boolean>();

  constructor(
    readonly id: string,
    readonly userId: string,
    readonly kind: 'talk' | 'broadcast',
    now = Date.now(),
  ) {
    this.peerlessSince = now;
  }

  addLeg(leg: TalkLeg): void {
    this.legs.push(leg);
    if (this.kind === 'talk') leg.onAudio = (pcm) => this.peer?.sendBinary(Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength));
  }

  attachPeer(peer: TalkPeer): void {
    this.peer = peer;
    for (const leg of this.legs) this.linkedBefore.delete(leg);
    this.poll();
  }

  detachPeer(peer: TalkPeer, now = Date.now()): void {
    if (this.peer !== peer) return;
    this.peer = undefined;
    this.peerlessSince = now;
  }

  /** The talker's microphone (8 kHz mono PCM) to every linked leg. */
  speak(pcm: Int16Array, now = Date.now()): void {
    for (const leg of this.legs) leg.speak(pcm, now);
  }

  /** Tells the browser which legs' links came or went since the last poll. */
  poll(): void {
    for (const leg of this.legs) {
      const linked = leg.linked;
      if (this.linkedBefore.get(leg) === linked || (!linked && !this.linkedBefore.has(leg))) {
        this.linkedBefore.set(leg, linked);
        continue;
      }
      this.linkedBefore.set(leg, linked);
      const where = { vehicleId: leg.owner.vehicleId, channel: leg.owner.channel };
      this.peer?.sendText(linked ? { type: 'linked', ...where, payloadType: leg.payloadType } : { type: 'unlinked', ...where });
    }
  }

  /** Ends the session: the browser is told why, the legs' media links are dropped. */
  close(reason: Extract<TalkSocketMessage, { type: 'closed' }>['reason']): void {
    if (this.closed) return;
    this.closed = true;
    for (const leg of this.legs) leg.close(reason === 'idle' ? 'idle' : 'admin');
    this.peer?.sendText({ type: 'closed', reason });
    this.peer?.close();
    this.peer = undefined;
  }

  view(): TalkLegView[] {
    return [...this.legs.map((leg) => ({ vehicleId: leg.owner.vehicleId, plateCode: leg.owner.plateCode, channel: leg.owner.channel })), ...this.failed];
  }
}
