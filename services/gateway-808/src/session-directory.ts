import type { DeliveredMessage, EventBus } from '@openfleet/bus';
import { canonicalTerminalPhone, PoisonMessageError, type PayloadCodec, type TopicDef } from '@openfleet/contracts';
import { BusConsumer, consume } from '@openfleet/service-kit';

/** A directory record: the terminal is held by the gateway named in the key (`<canonical phone>|<gateway id>`). */
export interface DirectoryEntry {
  at: number;
}

/** JSON for a held terminal; a released one is a tombstone (no value), which compaction removes. */
const directoryCodec: PayloadCodec<DirectoryEntry | null> = {
  contentType: 'application/json',
  // A null value is a Kafka tombstone: the key's last record says "released" and compaction drops the key.
  encode: (value) => (value === null ? (null as unknown as Buffer) : Buffer.from(JSON.stringify(value))),
  decode: (bytes) => {
    if (!bytes || bytes.length === 0) return null;
    try {
      const value = JSON.parse(bytes.toString('utf8')) as DirectoryEntry;
      if (typeof value?.at !== 'number') throw new Error('at must be a number');
      return value;
    } catch (error) {
      throw new PoisonMessageError(`session directory record: ${(error as Error).message}`);
    }
  },
};

/**
 * Which gateway instance holds which terminal, as a compacted topic the gateways own: one key per
 * (terminal, gateway) pair, so a terminal moving from B to C is held by C whatever order B's
 * release and C's claim are compacted in. One partition: session changes are few, and a reader
 * catches up to one end offset.
 */
export const sessionDirectoryTopic: TopicDef<DirectoryEntry | null> = {
  name: 'gateway.session-directory.v1',
  key: 'terminal',
  partitions: 1,
  codec: directoryCodec,
  description: 'JT/T 808 sessions held per gateway instance (key: canonical phone|gateway id; tombstone on release)',
  compacted: true,
};

const SYNC_POLL_MS = 25;

/**
 * Every gateway instance's copy of the session directory: read from the beginning at every start
 * (a consumer group of this process's own), then followed. `ready` resolves once the records present
 * at start are applied; `sync()` waits until every record the bus holds now is applied, so what was
 * accepted before the call is known after it.
 */
export class SessionDirectory extends BusConsumer {
  /** canonical phone -> gateway ids holding it. */
  private readonly holders = new Map<string, Set<string>>();
  /** Next offset to apply (one partition). */
  private next = 0;
  private readyResolve!: () => void;
  private readyTarget = -1;
  readonly ready = new Promise<void>((resolve) => (this.readyResolve = resolve));
  /** Called for every terminal claimed by a gateway (the offline reporter disqualifies its waiting commands). */
  onClaimed: (phone: string, gatewayId: string) => void = () => undefined;

  constructor(
    protected readonly bus: EventBus,
    private readonly gatewayId: string,
  ) {
    super();
  }

  protected consumes() {
    return [
      consume(sessionDirectoryTopic, {
        group: `gateway-808-directory-${this.gatewayId}`,
        perInstance: true,
        fromBeginning: true,
        maxBatchSize: 5000,
        handle: async (messages: DeliveredMessage<DirectoryEntry | null>[]) => {
          for (const message of messages) {
            this.apply(message.key, message.value);
            this.next = Number(message.offset) + 1;
          }
          if (this.next >= this.readyTarget) this.readyResolve();
        },
      }),
    ];
  }

  /** Subscribes and reads the directory from its start; `ready` tells when the history is applied. */
  async start(): Promise<void> {
    this.readyTarget = await this.endOffset();
    if (this.readyTarget <= this.next) this.readyResolve();
    await this.startConsuming();
  }

  stop(): Promise<void> {
    return this.stopConsuming();
  }

  /** Resolves true once every record on the bus now is applied; false after `timeoutMs` (then nothing may be concluded). */
  async sync(timeoutMs: number): Promise<boolean> {
    const target = await this.endOffset();
    const deadline = Date.now() + timeoutMs;
    while (this.next < target) {
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, SYNC_POLL_MS));
    }
    return true;
  }

  /** True when a gateway other than this one holds the terminal. */
  heldElsewhere(phone: string): boolean {
    for (const holder of this.holders.get(canonicalTerminalPhone(phone)) ?? []) if (holder !== this.gatewayId) return true;
    return false;
  }

  /** Terminals the directory says this gateway holds (at start: those of a previous run under the same id). */
  heldHere(): string[] {
    return [...this.holders].filter(([, gateways]) => gateways.has(this.gatewayId)).map(([phone]) => phone);
  }

  /** Publishes that this gateway holds (`held`) or released the terminal. */
  announce(phone: string, held: boolean): Promise<void> {
    const key = `${canonicalTerminalPhone(phone)}|${this.gatewayId}`;
    return this.bus.publish(sessionDirectoryTopic, { key, value: held ? { at: Date.now() } : null });
  }

  private apply(key: string, value: DirectoryEntry | null): void {
    const bar = key.indexOf('|');
    if (bar <= 0) return;
    const phone = key.slice(0, bar);
    const gatewayId = key.slice(bar + 1);
    let gateways = this.holders.get(phone);
    if (value) {
      if (!gateways) this.holders.set(phone, (gateways = new Set()));
      gateways.add(gatewayId);
      this.onClaimed(phone, gatewayId);
    } else if (gateways) {
      gateways.delete(gatewayId);
      if (gateways.size === 0) this.holders.delete(phone);
    }
  }

  private async endOffset(): Promise<number> {
    // A bus that cannot tell (test doubles) has nothing to wait for.
    const marks = this.bus.watermarks ? await this.bus.watermarks(sessionDirectoryTopic as TopicDef<unknown>) : [];
    return marks[0]?.high ?? 0;
  }
}
