import { DataType, headerLength, Jt1078FrameAssembler, type Jt1078Packet } from '@openfleet/jt1078';
import type { MediaStream } from './media-stream';
import type { StreamHub } from './stream-hub';

/** Packets one link may send that no stream takes (unknown SIM) before it is dropped. */
const MAX_UNROUTED = 8;

interface ChannelRoute {
  stream: MediaStream;
  assembler: Jt1078FrameAssembler;
  detach: () => void;
}

/**
 * One terminal media connection (TCP, or the packets of one UDP peer) after the link server's
 * deframer: packets of each logical channel put in serial order and joined into frames, frames
 * handed to the channel's stream. Malformed bytes are counted on the link's first stream; a link
 * whose SIM no provisioned terminal has is closed.
 */
export class MediaLink {
  private readonly routes = new Map<number, ChannelRoute>();
  private unrouted = 0;
  ended = false;

  /** Set once a packet of this link reached a stream: the SIM is a provisioned terminal with a stream open. */
  identified = false;
  /** When a packet last reached a stream (junk and unknown SIMs do not count). */
  lastPacketAt = 0;

  constructor(
    private readonly hub: StreamHub,
    private readonly end: () => void,
    /** Packets the jitter buffer holds while one is missing (UDP reorders; TCP never does). */
    private readonly reorderDepth: number,
    /** Told when the link first names a stream's SIM; false: no room for it, the link is ended. */
    private readonly admit: () => boolean = () => true,
    /** Writes to the terminal over this link (talk-back audio goes down the link the terminal opened for it). */
    private readonly downlink?: (bytes: Buffer) => void,
  ) {}

  /** One packet from the network; `simBytes` is the SIM width the deframer learned. */
  receive(packet: Jt1078Packet, simBytes: 6 | 10, now = Date.now()): void {
    if (!this.ended) this.route(packet, simBytes, now);
  }

  /** Garbage bytes the deframer skipped, counted on the link's first stream. */
  malformed(bytes: number): void {
    const first = this.routes.values().next().value as ChannelRoute | undefined;
    if (first) first.stream.malformed += bytes;
  }

  /** The connection went away: streams stay (the terminal may reconnect) until they idle out. */
  closed(): void {
    this.ended = true;
    for (const route of this.routes.values()) {
      route.detach();
      route.stream.connected = false;
    }
    this.routes.clear();
  }

  private route(packet: Jt1078Packet, simBytes: 6 | 10, now: number): void {
    if (packet.dataType === DataType.TRANSPARENT) return;
    let route = this.routes.get(packet.channel);
    if (!route || route.stream.closed) {
      const stream = this.hub.claimLink?.(packet, this.downlink, now) ?? this.hub.streamForLink(packet.sim, packet.channel, now);
      if (!stream) {
        if (++this.unrouted >= MAX_UNROUTED) this.stop();
        return;
      }
      if (!this.identified) {
        if (!this.admit()) {
          this.stop();
          return;
        }
        this.identified = true;
      }
      stream.connected = true;
      route = { stream, assembler: new Jt1078FrameAssembler(this.reorderDepth, Math.ceil(this.reorderDepth / 8)), detach: stream.onEnd(() => this.stop()) };
      this.routes.set(packet.channel, route);
    }
    const { stream, assembler } = route;
    this.lastPacketAt = now;
    stream.received(headerLength(packet.dataType, simBytes) + packet.body.length, now);
    const lostBefore = assembler.framesLost;
    stream.accept(assembler.push(packet), now);
    stream.framesLost += assembler.framesLost - lostBefore;
  }

  private stop(): void {
    if (this.ended) return;
    this.closed();
    this.end();
  }
}
