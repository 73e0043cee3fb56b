import { InstructionStatus, type DownlinkCommand, type InstructionStatusCode } from '@openfleet/contracts';

/** The specific reply a terminal sends for these commands (others are answered with 0x0001). */
export const SPECIFIC_REPLY: ReadonlyMap<number, number> = new Map([
  [0x8104, 0x0104],
  [0x8106, 0x0104],
  [0x8107, 0x0107],
  [0x8201, 0x0201],
  [0x8500, 0x0500],
  [0x8608, 0x0608],
  [0x8700, 0x0700],
  [0x8702, 0x0702],
  [0x8801, 0x0805],
  [0x8802, 0x0802],
  [0x9003, 0x1003],
  [0x9205, 0x1205],
]);

/** Terminal messages that answer a platform request: they get no 0x8001 of their own. */
export const REPLY_MESSAGE_IDS: ReadonlySet<number> = new Set([0x0001, ...SPECIFIC_REPLY.values()]);

/**
 * Replies a terminal also sends on its own: 0x0702 when a driver's IC card goes in or out
 * (JT/T 808-2013 8.46). One that answers no request is a report, and gets its 0x8001.
 */
export const ALSO_UNSOLICITED: ReadonlySet<number> = new Set([0x0702]);

export interface PendingCommand {
  command: DownlinkCommand;
  msgId: number;
  serial: number;
  deadline: number;
}

export interface CommandOutcome {
  pending: PendingCommand;
  status: InstructionStatusCode;
  replyResult?: number;
}

/** Commands sent to one terminal and waiting for its answer. */
export class PendingCommands {
  private readonly list: PendingCommand[] = [];

  get size(): number {
    return this.list.length;
  }

  add(pending: PendingCommand): void {
    this.list.push(pending);
  }

  /**
   * Finds the command a terminal message answers: 0x0001 by reply serial (and id), a specific
   * reply by its reply serial when it has one, else the oldest command waiting for that reply id.
   */
  match(msgId: number, body: Record<string, unknown>): CommandOutcome | undefined {
    const replySerial = typeof body.replySerial === 'number' ? body.replySerial : undefined;
    let at = -1;
    if (msgId === 0x0001) {
      const replyId = typeof body.replyId === 'number' ? body.replyId : undefined;
      at = this.list.findIndex((p) => p.serial === replySerial && (replyId === undefined || p.msgId === replyId));
    } else {
      at = this.list.findIndex(
        (p) => SPECIFIC_REPLY.get(p.msgId) === msgId && (replySerial === undefined || p.serial === replySerial),
      );
    }
    if (at < 0) return undefined;
    const [pending] = this.list.splice(at, 1);
    if (msgId !== 0x0001) return { pending, status: InstructionStatus.SUCCESS };
    const result = typeof body.result === 'number' ? body.result : 1;
    return { pending, status: result === 0 ? InstructionStatus.SUCCESS : InstructionStatus.FAILED, replyResult: result };
  }

  /** Removes and returns the commands whose deadline passed. */
  expire(now: number): PendingCommand[] {
    const expired: PendingCommand[] = [];
    for (let i = this.list.length - 1; i >= 0; i--) {
      if (this.list[i].deadline <= now) expired.unshift(...this.list.splice(i, 1));
    }
    return expired;
  }

  /** Removes and returns everything (the session ended). */
  drain(): PendingCommand[] {
    return this.list.splice(0, this.list.length);
  }
}
