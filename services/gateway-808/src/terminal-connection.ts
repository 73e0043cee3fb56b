import type { Socket } from 'node:net';
import { encodeFrame, Jt808Deframer, type Jt808Version } from '@openfleet/jt808';
import { PendingCommands } from './pending-commands';
import { SubpackageAssembler } from './subpackage-assembler';

/**
 * One terminal TCP connection: framing state, who the terminal is once authenticated, its
 * downlink serial counter and the work waiting on it. Helpers that only some terminals need
 * (reassembly, pending commands) are created on first use to keep idle sessions small.
 */
export class TerminalConnection {
  /** Phone from the last frame's header; the session key once authenticated. */
  phone = '';
  version: Jt808Version = '2013';
  authenticated = false;
  vehicleId = '';
  /** Plate from this connection's 0x0100, for vehicles the registry has no plate of (open registration). */
  reportedPlate = '';
  closed = false;
  lastSeenMs = Date.now();
  readonly connectedAtMs = Date.now();
  badFrameStreak = 0;
  /** Bad frames over the connection's life: a client mixing good and bad frames is closed too. */
  badFrameTotal = 0;
  /** Uplink messages waiting for the bus. */
  pendingPublishes = 0;
  paused = false;
  private serial = 0;
  private deframerInstance: Jt808Deframer | undefined;
  private assemblerInstance: SubpackageAssembler | undefined;
  private commandsInstance: PendingCommands | undefined;

  constructor(
    readonly socket: Socket,
    readonly remoteAddress: string,
  ) {}

  get deframer(): Jt808Deframer {
    return (this.deframerInstance ??= new Jt808Deframer());
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

  /** Encodes and writes one platform message; returns the frame (for raw capture) and its serial. */
  send(msgId: number, body: unknown): { frame: Buffer; serial: number } {
    const serial = this.nextSerial();
    const frame = encodeFrame({ msgId, version: this.version, phone: this.phone, serial, body });
    if (!this.closed) this.socket.write(frame);
    return { frame, serial };
  }
}
