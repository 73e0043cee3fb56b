// The one behaviour suite every vehicle-facing listener on the link server must pass, over real
// loopback TCP with a real bus whose publishes can be held (the way `libs/bus/src/testing/bus-contract.ts`
// runs one suite on both bus adapters). Test code, not shipped from index.ts.
import { connect, type Socket } from 'node:net';
import type { LinkServer } from '../link-server';
import type { HeldBus } from './held-bus';

/** The limits a port is started with for the suite (each port maps them to its own settings). */
export interface ContractLimits {
  identifyWithinS: number;
  maxIdentified: number;
  maxUnidentified: number;
  maxUnidentifiedPerAddress: number;
  maxBadFrames: number;
  maxInFlight: number;
}

export const CONTRACT_LIMITS: ContractLimits = { identifyWithinS: 1, maxIdentified: 50, maxUnidentified: 12, maxUnidentifiedPerAddress: 4, maxBadFrames: 5, maxInFlight: 4 };

/** A client socket that keeps what it received. */
export class ContractClient {
  received = Buffer.alloc(0);
  closed = false;
  readonly socket: Socket;
  private readonly listeners: (() => void)[] = [];

  private constructor(port: number, localAddress: string) {
    this.socket = connect({ host: '127.0.0.1', port, localAddress });
    this.socket.setNoDelay(true);
    this.socket.on('error', () => undefined);
    this.socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.listeners.splice(0).forEach((wake) => wake());
    });
    this.socket.on('close', () => (this.closed = true));
  }

  static async open(port: number, localAddress = '127.0.0.1'): Promise<ContractClient> {
    const client = new ContractClient(port, localAddress);
    await new Promise<void>((resolve, reject) => client.socket.once('connect', resolve).once('error', reject));
    return client;
  }

  write(bytes: Buffer): void {
    if (!this.closed) this.socket.write(bytes);
  }

  close(): void {
    this.socket.destroy();
  }
}

/** One running port under test. */
export interface ContractTarget {
  server: LinkServer<unknown, unknown, unknown>;
  port: number;
  bus: HeldBus;
  stop(): Promise<void>;
}

/** What a port supplies: how to start it, speak its protocol, and see its acks. */
export interface LinkContractAdapter {
  /** Starts the port on an ephemeral TCP port with these limits, on `bus`. */
  start(limits: ContractLimits): Promise<ContractTarget>;
  /** Makes the client a known, identified vehicle (login, authentication, a first routed packet). `index` tells clients apart. */
  identify(client: ContractClient, index: number): Promise<void>;
  /** A valid data frame of client `index` (one the port publishes, when it publishes). */
  dataFrame(index: number, seq: number): Buffer;
  /** A frame the decoder refuses. */
  badFrame(seq: number): Buffer;
  /** Data frames acknowledged in what the client received; undefined: the protocol never acks data. */
  acks?(received: Buffer): number;
  /** Data frames that reached the bus (or the stream) so far. */
  delivered(target: ContractTarget): number;
  /** False when no bus stands between the link and its ack (media): the slow-bus case is skipped. */
  publishes: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually(predicate: () => boolean, timeoutMs: number, what: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what()}`);
    await sleep(20);
  }
}

/** Registers the link-server contract for one port (call inside a `describe`). */
export function runLinkContract(name: string, adapter: LinkContractAdapter, limits: ContractLimits = CONTRACT_LIMITS): void {
  describe(`link contract: ${name}`, () => {
    let target: ContractTarget;
    const clients: ContractClient[] = [];
    const open = async (from = '127.0.0.1') => {
      const client = await ContractClient.open(target.port, from);
      clients.push(client);
      return client;
    };
    // Sends a data frame and waits until it is delivered (and acked, where the protocol acks).
    const served = async (client: ContractClient, index: number, seq: number) => {
      const before = adapter.delivered(target);
      const acksBefore = adapter.acks?.(client.received) ?? 0;
      client.write(adapter.dataFrame(index, seq));
      await eventually(() => adapter.delivered(target) > before && (adapter.acks?.(client.received) ?? 1) > acksBefore, 5000, () => `data frame ${seq} of client ${index} not served`);
    };

    beforeEach(async () => {
      target = await adapter.start(limits);
    });

    afterEach(async () => {
      clients.splice(0).forEach((client) => client.close());
      target.bus.release();
      await target.stop();
    });

    it('counts junk frames and closes the link after the streak; other links are served', async () => {
      const honest = await open();
      await adapter.identify(honest, 1);
      const junk = await open('127.0.0.2');
      const badBefore = target.server.metrics.counted.badFrames;
      // One at a time, each counted before the next is written: a byte-stream protocol (1078 media)
      // counts a read of garbage as one bad frame, and two writes a busy server reads at once are one read.
      for (let i = 0; i < limits.maxBadFrames && !junk.closed; i++) {
        const counted = target.server.metrics.counted.badFrames;
        junk.write(adapter.badFrame(i));
        await eventually(() => target.server.metrics.counted.badFrames > counted || junk.closed, 3000, () => `bad frame ${i} not counted`);
      }
      await eventually(() => junk.closed, 3000, () => 'junk link still open');
      expect(target.server.metrics.counted.badFrames - badBefore).toBeGreaterThanOrEqual(limits.maxBadFrames);
      expect(target.server.closes('bad-frames')).toBe(1);
      await served(honest, 1, 1);
      expect(honest.closed).toBe(false);
    });

    it('closes a link that trickles bytes and never identifies at the deadline, and keeps one that did', async () => {
      const honest = await open();
      await adapter.identify(honest, 1);
      const trickle = await open('127.0.0.2');
      const started = Date.now();
      const timer = setInterval(() => trickle.write(Buffer.from([0x01])), 150);
      try {
        await eventually(() => trickle.closed, limits.identifyWithinS * 1000 + 3000, () => 'trickling link still open');
      } finally {
        clearInterval(timer);
      }
      // At the deadline at the latest (a byte-stream protocol may count the junk as bad frames first).
      expect(Date.now() - started).toBeLessThan(limits.identifyWithinS * 1000 + 1000);
      if (target.server.closes('bad-frames') === 0) {
        expect(Date.now() - started).toBeGreaterThanOrEqual(limits.identifyWithinS * 1000 - 100);
        expect(target.server.closes('unidentified')).toBe(1);
      }
      await served(honest, 1, 1);
      expect(target.server.counts()).toEqual({ identified: 1, unidentified: 0 });
    });

    it('holds its budgets under a flood of links, and a vehicle that identifies still gets in', async () => {
      const oneAddress = await Promise.all(Array.from({ length: limits.maxUnidentifiedPerAddress + 3 }, () => open('127.0.0.2')));
      await eventually(() => oneAddress.filter((client) => client.closed).length === 3, 2000, () => 'per-address budget not enforced');
      const many = [];
      for (let i = 0; i < limits.maxUnidentified + 4; i++) many.push(await open(`127.0.1.${1 + (i % 3)}`));
      await sleep(50);
      expect(target.server.counts().unidentified).toBeLessThanOrEqual(limits.maxUnidentified);
      expect(target.server.closes('refused')).toBeGreaterThanOrEqual(3);
      const vehicle = await open('127.0.0.9');
      await adapter.identify(vehicle, 2);
      await served(vehicle, 2, 1);
      expect(vehicle.closed).toBe(false);
      expect(target.server.counts().identified).toBe(1);
    });

    it('pauses reads while the bus is slow, acks nothing before the publish settles, and loses nothing', async () => {
      if (!adapter.publishes) return;
      const vehicle = await open();
      await adapter.identify(vehicle, 1);
      const deliveredBefore = adapter.delivered(target);
      const acksBefore = adapter.acks?.(vehicle.received) ?? 0;
      target.bus.hold();
      const count = limits.maxInFlight * 3;
      for (let seq = 0; seq < count; seq++) vehicle.write(adapter.dataFrame(1, seq + 10));
      await eventually(() => target.server.pausedLinks() === 1, 3000, () => 'link not paused while its publishes wait');
      await sleep(300);
      expect(adapter.acks?.(vehicle.received) ?? 0).toBe(acksBefore);
      expect(adapter.delivered(target)).toBe(deliveredBefore);
      target.bus.release();
      await eventually(() => adapter.delivered(target) - deliveredBefore === count, 5000, () => `delivered ${adapter.delivered(target) - deliveredBefore} of ${count}`);
      if (adapter.acks) await eventually(() => adapter.acks!(vehicle.received) - acksBefore === count, 5000, () => `acked ${adapter.acks!(vehicle.received) - acksBefore} of ${count}`);
      await eventually(() => target.server.pausedLinks() === 0, 2000, () => 'link still paused');
      expect(vehicle.closed).toBe(false);
    });

    it('survives half a frame then a close: nothing delivered, nothing acked, others served', async () => {
      const vehicle = await open();
      await adapter.identify(vehicle, 1);
      const deliveredBefore = adapter.delivered(target);
      const acksBefore = adapter.acks?.(vehicle.received) ?? 0;
      const frame = adapter.dataFrame(1, 7);
      vehicle.write(frame.subarray(0, Math.floor(frame.length / 2)));
      await sleep(100);
      vehicle.close();
      await sleep(200);
      expect(adapter.delivered(target)).toBe(deliveredBefore);
      expect(adapter.acks?.(vehicle.received) ?? 0).toBe(acksBefore);
      const next = await open();
      await adapter.identify(next, 2);
      await served(next, 2, 1);
    });
  });
}
