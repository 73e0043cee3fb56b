import { Jt1078DecodeError, PACKET_MAGIC, Subpackage, decodePacket, packetLength, type Jt1078Packet } from './packet';

/** Two whole packets' worth: bytes kept while looking for a packet start, beyond which they are dropped. */
const MAX_PENDING = 2 * 1024;

/**
 * Splits a terminal's media stream into packets. The SIM width (BCD[6], or BCD[10] with the 2019
 * edition) is learned from the first packet: the width whose packet is followed by the next magic
 * (or ends the bytes exactly). Bytes that cannot start a packet are skipped up to the next magic
 * and counted, never thrown: one bad packet must not end a stream.
 */
export class Jt1078Deframer {
  private pending: Buffer = Buffer.alloc(0);
  /** Bytes skipped as garbage (bad magic, impossible headers, bodies over 950 bytes). */
  malformed = 0;

  constructor(public simBytes?: 6 | 10) {}

  push(chunk: Buffer): Jt1078Packet[] {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const packets: Jt1078Packet[] = [];
    let offset = 0;
    while (offset < this.pending.length) {
      if (this.pending.length - offset >= 4 && this.pending.readUInt32BE(offset) !== PACKET_MAGIC) {
        offset = this.resync(offset + 1);
        continue;
      }
      const width = this.simBytes ?? this.detect(offset);
      if (!width) break;
      let length: number;
      try {
        length = packetLength(this.pending, offset, width);
      } catch (error) {
        if (!(error instanceof Jt1078DecodeError)) throw error;
        offset = this.resync(offset + 1);
        continue;
      }
      if (!length) break;
      this.simBytes = width;
      // No copy: the packet's body keeps its chunk alive only until its frame is joined and remuxed.
      packets.push(decodePacket(this.pending.subarray(offset, offset + length), width));
      offset += length;
    }
    this.pending = this.pending.subarray(offset);
    if (this.pending.length > MAX_PENDING && !this.simBytes) {
      this.malformed += this.pending.length;
      this.pending = Buffer.alloc(0);
    }
    return packets;
  }

  /** The SIM width of the packet at `offset`, or undefined until enough bytes show it. */
  private detect(offset: number): 6 | 10 | undefined {
    for (const width of [6, 10] as const) {
      try {
        const length = packetLength(this.pending, offset, width);
        const end = offset + length;
        if (length && (end === this.pending.length || (this.pending.length - end >= 4 && this.pending.readUInt32BE(end) === PACKET_MAGIC))) return width;
      } catch {
        // Not this width.
      }
    }
    return undefined;
  }

  /** The next magic from `from`; the bytes before it count as malformed. */
  private resync(from: number): number {
    let next = from;
    while (next <= this.pending.length - 4 && this.pending.readUInt32BE(next) !== PACKET_MAGIC) next++;
    if (next > this.pending.length - 4) next = Math.max(from, this.pending.length - 3);
    this.malformed += next - from + 1;
    return next;
  }
}

/** A whole audio or video frame, its packets joined. */
export interface Jt1078Frame {
  channel: number;
  dataType: number;
  payloadType: number;
  timestamp: number;
  data: Buffer;
}

/**
 * Puts packets back in serial order (they may arrive out of order over UDP, or after a resend)
 * and joins subpackages into frames. A packet waits for the ones before it while at most `depth`
 * are held; beyond that the missing ones are given up, and a frame they belonged to is dropped
 * whole (counted in `framesLost`) rather than handed on broken.
 */
export class Jt1078FrameAssembler {
  private next?: number;
  private readonly held = new Map<number, Jt1078Packet>();
  private parts: Buffer[] = [];
  private partial?: Jt1078Packet;
  framesLost = 0;
  /** Packets that came after their place had been given up, or twice. */
  late = 0;

  /**
   * @param depth packets held while one is missing
   * @param startupHold packets collected before the stream's start is chosen (the earliest of
   *   them): over UDP the first packets may be swapped too, and the first frame is the keyframe.
   */
  constructor(
    private readonly depth = 16,
    private readonly startupHold = 0,
  ) {}

  push(packet: Jt1078Packet): Jt1078Frame[] {
    const frames: Jt1078Frame[] = [];
    if (this.next === undefined) {
      this.held.set(packet.serial, packet);
      if (this.held.size < this.startupHold) return frames;
      this.next = earliest([...this.held.keys()]);
      return this.drain(frames);
    }
    const ahead = (packet.serial - this.next + 0x10000) & 0xffff;
    if (ahead >= 0x8000 || this.held.has(packet.serial)) {
      this.late++;
      return frames;
    }
    this.held.set(packet.serial, packet);
    return this.drain(frames);
  }

  /** Hands on every packet that is next in order; beyond `depth` held, gives the missing one up. */
  private drain(frames: Jt1078Frame[]): Jt1078Frame[] {
    for (;;) {
      const ready = this.held.get(this.next!);
      if (ready) {
        this.held.delete(this.next!);
        this.next = (this.next! + 1) & 0xffff;
        this.join(ready, frames);
        continue;
      }
      if (this.held.size <= this.depth) break;
      // Give up the missing serial: the frame in progress cannot be whole.
      this.dropPartial();
      this.next = (this.next! + 1) & 0xffff;
    }
    return frames;
  }

  private join(packet: Jt1078Packet, frames: Jt1078Frame[]): void {
    switch (packet.subpackage) {
      case Subpackage.ATOMIC:
        this.dropPartial();
        frames.push(frameOf(packet, packet.body));
        return;
      case Subpackage.FIRST:
        this.dropPartial();
        this.partial = packet;
        this.parts = [packet.body];
        return;
      case Subpackage.MIDDLE:
      case Subpackage.LAST:
        if (!this.partial || this.partial.dataType !== packet.dataType || this.partial.channel !== packet.channel) {
          // A middle or last part without its first: the frame is lost.
          if (packet.subpackage === Subpackage.LAST) this.framesLost++;
          this.partial = undefined;
          this.parts = [];
          return;
        }
        this.parts.push(packet.body);
        if (packet.subpackage === Subpackage.LAST) {
          frames.push(frameOf(this.partial, Buffer.concat(this.parts)));
          this.partial = undefined;
          this.parts = [];
        }
    }
  }

  private dropPartial(): void {
    if (this.partial) this.framesLost++;
    this.partial = undefined;
    this.parts = [];
  }
}

function frameOf(first: Jt1078Packet, data: Buffer): Jt1078Frame {
  return { channel: first.channel, dataType: first.dataType, payloadType: first.payloadType, timestamp: first.timestamp, data };
}

/** The serial the others follow (within half the 16-bit space), across the wrap. */
function earliest(serials: number[]): number {
  return serials.find((candidate) => serials.every((serial) => ((serial - candidate + 0x10000) & 0xffff) < 0x8000)) ?? serials[0];
}
