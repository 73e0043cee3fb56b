import type { Socket } from 'node:net';
import { encodeFrame, GeneralReplyEncoder, Jt808DecodeError, Jt808Deframer, type Jt808Version } from '@openfleet/jt808';
import type { Link, LinkDeframer } from '@openfleet/service-kit';
import { PendingCommands } from './pending-commands';
import { SubpackageAssembler } from './subpackage-assembler';

/**
 * One terminal TCP connection (the 808 session of a link-server link): framing state, who the
 * terminal is once authenticated, its downlink serial counter and the work waiting on it. Helpers
 * that only some terminals need (the frame buffer, reassembly, pending commands) are created on
 * first use to keep idle sessions small. It is its link's deframer too, so an idle one can give
 * its frame buffer back.
 */
export class TerminalConnection implements LinkDeframer<Buffer | Jt808DecodeError> {
  /** Phone from the last frame's header; the session key once authenticated. */
  phone = '';
  version: Jt808Version = '2013';
  authenticated = false;
  vehicleId = '';
  /** Plate from this connection's 0x0100, for vehicles the registry has no plate of (open registration). */
  reportedPlate = '';
  /** The session directory's claim of this session; commands wait for it, so the offline reporter knows of the session before the terminal gets one. */
  announced: Promise<void> | undefined;
  /** When bytes last arrived (the frame buffer of a quiet connection is released). */
  lastSeenMs = Date.now();
  private serial = 0;
  private deframerInstance: Jt808Deframer | undefined;
  private assemblerInstance: SubpackageAssembler | undefined;
  private commandsInstance: PendingCommands | undefined;
  /** 0x8001 frames for this header (made on the first acknowledgement, again if the phone or version changes). */
  private replyEncoder: GeneralReplyEncoder | undefined;

  constructor(readonly link: Link) {}

  get socket(): Socket {
    return this.link.socket!;
  }

  get remoteAddress(): string {
    return this.link.remoteAddress;
  }

  get closed(): boolean {
    return this.link.closed;
  }

  /** Not read now (backpressure from the bus). */
  get paused(): boolean {
    return this.link.paused;
  }

  /** Uplink messages waiting for the bus. */
  get pendingPublishes(): number {
    return this.link.inFlight;
  }

  push(chunk: Buffer): (Buffer | Jt808DecodeError)[] {
    this.lastSeenMs = Date.now();
    return (this.deframerInstance ??= new Jt808Deframer()).push(chunk);
  }

  /** Idle sessions give their frame buffer back. */
  releaseDeframer(): void {
    if (this.deframerInstance && this.deframerInstance.pending === 0) this.deframerInstance = undefined;
  }

  assembler(timeoutMs: number, retries: number): SubpackageAssembler {
    return (this.assemblerInstance ??= new SubpackageAssembler(timeoutMs, retries));
  }

  get existingAssembler(): SubpackageAssembler | undefined {
    return this.assemblerInstance;
  }

  get commands(): PendingCommands {
    return (this.commandsInstance ??= new PendingCommands());
  }

  get existingCommands(): PendingCommands | undefined {
    return this.commandsInstance;
  }

  nextSerial(): number {
    const serial = this.serial;
    this.serial = (this.serial + 1) & 0xffff;
    return serial;
  }

  /** Writes a 0x8001 (one per acknowledged frame: patched from a prepared header); returns the frame, for raw capture. */
  sendGeneralReply(replySerial: number, replyId: number, result: number): Buffer {
    let encoder = this.replyEncoder;
    if (encoder === undefined || encoder.phone !== this.phone || encoder.version !== this.version)
      encoder = this.replyEncoder = new GeneralReplyEncoder(this.version, this.phone);
    const frame = encoder.encode(this.nextSerial(), replySerial, replyId, result);
    this.link.send(frame);
    return frame;
  }

  /** Encodes and writes one platform message; returns the frame (for raw capture) and its serial. */
  send(msgId: number, body: unknown): { frame: Buffer; serial: number } {
    const serial = this.nextSerial();
    const frame = encodeFrame({ msgId, version: this.version, phone: this.phone, serial, body });
    this.link.send(frame);
    return { frame, serial };
  }
}
