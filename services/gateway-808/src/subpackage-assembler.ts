import type { Jt808Version } from '@openfleet/jt808';

export interface Fragment {
  msgId: number;
  version: Jt808Version;
  serial: number;
  total: number;
  index: number;
  bytes: Buffer;
}

export interface AssembledMessage {
  msgId: number;
  version: Jt808Version;
  /** Serial of the first subpackage: the message's own serial. */
  firstSerial: number;
  /** Serials of every fragment received. */
  serials: number[];
  body: Buffer;
}

export interface RetransmitRequest {
  msgId: number;
  originalSerial: number;
  missing: number[];
}

export interface SweepResult {
  retransmit: RetransmitRequest[];
  abandoned: { msgId: number; total: number; received: number }[];
}

interface Assembly {
  msgId: number;
  version: Jt808Version;
  total: number;
  firstSerial: number;
  parts: (Buffer | undefined)[];
  serials: number[];
  received: number;
  bytes: number;
  deadline: number;
  requests: number;
}

/** Bounds so one terminal cannot make the gateway hold unbounded partial messages. */
const MAX_ASSEMBLIES = 4;
const MAX_ASSEMBLY_BYTES = 512 * 1024;

/**
 * Reassembles one terminal's subpackaged messages (keyed by message id + total, as the standard
 * says). Missing parts are asked for again (0x8003) after a timeout, a few times, then the partial
 * message is dropped.
 */
export class SubpackageAssembler {
  private readonly assemblies = new Map<string, Assembly>();

  constructor(
    private readonly timeoutMs: number,
    private readonly maxRequests: number,
  ) {}

  get size(): number {
    return this.assemblies.size;
  }

  /**
   * Adds a fragment: the whole message when it was the last part missing, `held` when it is kept
   * for reassembly, `rejected` when the message would exceed the per-terminal bound (dropped).
   */
  add(fragment: Fragment, now: number): AssembledMessage | 'held' | 'rejected' {
    const key = `${fragment.msgId}:${fragment.total}`;
    let a = this.assemblies.get(key);
    if (!a) {
      if (this.assemblies.size >= MAX_ASSEMBLIES) this.dropOldest();
      a = {
        msgId: fragment.msgId,
        version: fragment.version,
        total: fragment.total,
        // The standard numbers subpackages with consecutive serials, so index 1 carries serial - (index - 1).
        firstSerial: (fragment.serial - (fragment.index - 1) + 0x10000) & 0xffff,
        parts: new Array<Buffer | undefined>(fragment.total),
        serials: [],
        received: 0,
        bytes: 0,
        deadline: now + this.timeoutMs,
        requests: 0,
      };
      this.assemblies.set(key, a);
    }
    const slot = fragment.index - 1;
    if (a.parts[slot] === undefined) {
      if (a.bytes + fragment.bytes.length > MAX_ASSEMBLY_BYTES) {
        this.assemblies.delete(key);
        return 'rejected';
      }
      a.received++;
      a.bytes += fragment.bytes.length;
    }
    a.parts[slot] = fragment.bytes;
    a.serials.push(fragment.serial);
    a.deadline = now + this.timeoutMs;
    if (a.received < a.total) return 'held';
    this.assemblies.delete(key);
    return {
      msgId: a.msgId,
      version: a.version,
      firstSerial: a.firstSerial,
      serials: a.serials,
      body: Buffer.concat(a.parts as Buffer[]),
    };
  }

  /** Asks again for the missing parts of overdue messages, and drops those asked too often. */
  sweep(now: number): SweepResult {
    const result: SweepResult = { retransmit: [], abandoned: [] };
    for (const [key, a] of this.assemblies) {
      if (a.deadline > now) continue;
      if (a.requests >= this.maxRequests) {
        this.assemblies.delete(key);
        result.abandoned.push({ msgId: a.msgId, total: a.total, received: a.received });
        continue;
      }
      a.requests++;
      a.deadline = now + this.timeoutMs;
      const missing: number[] = [];
      for (let i = 0; i < a.total; i++) if (a.parts[i] === undefined) missing.push(i + 1);
      result.retransmit.push({ msgId: a.msgId, originalSerial: a.firstSerial, missing });
    }
    return result;
  }

  clear(): void {
    this.assemblies.clear();
  }

  private dropOldest(): void {
    const first = this.assemblies.keys().next();
    if (!first.done) this.assemblies.delete(first.value);
  }
}
