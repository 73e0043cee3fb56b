// The link server's contract on a toy line protocol over real TCP and the in-process bus:
// "LOGIN <n>" identifies, "DATA <n> <seq>" is published and answered "ACK <seq>" once the bus has it.
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { jsonCodec, type TopicDef } from '@openfleet/contracts';
import { register } from 'prom-client';
import { LinkServer } from './link-server';
import type { Link, LinkDeframer, LinkLimits, LinkProtocol } from './link-protocol';
import { HeldBus } from './testing/held-bus';
import { ContractClient, runLinkContract, type ContractTarget } from './testing/link-contract';

const readings: TopicDef<{ n: string; seq: number }> = { name: 'test.link-readings.v1', key: 'terminal', partitions: 1, codec: jsonCodec(() => null), description: 'link contract' };

class LineDeframer implements LinkDeframer<string> {
  private rest = '';
  push(chunk: Buffer): string[] {
    const lines = (this.rest + chunk.toString('latin1')).split('\n');
    this.rest = lines.pop()!;
    return lines;
  }
}

function lineProtocol(bus: HeldBus): LinkProtocol<string, string[], { link: Link }> {
  return {
    name: 'test-line',
    deframer: () => new LineDeframer(),
    decode: (line) => {
      const words = line.split(' ');
      if (words[0] !== 'LOGIN' && words[0] !== 'DATA') throw new Error(`not a frame: ${line.slice(0, 20)}`);
      return words;
    },
    open: (link) => ({ link }),
    handle: (session, words) => {
      if (words[0] === 'LOGIN') return session.link.identify() ? Buffer.from('OK\n') : undefined;
      if (!session.link.identified) return undefined;
      return bus.publish(readings, { key: words[1]!, value: { n: words[1]!, seq: Number(words[2]) } }).then(() => Buffer.from(`ACK ${words[2]}\n`));
    },
  };
}

const ackCount = (received: Buffer) => received.toString('latin1').split('\n').filter((line) => line.startsWith('ACK')).length;

describe('LinkServer', () => {
  runLinkContract('toy line protocol', {
    publishes: true,
    async start(limits) {
      const bus = new HeldBus(new InProcessBus({ logger: silentBusLogger }));
      const server = new LinkServer(lineProtocol(bus), {
        tcp: { port: 0, host: '127.0.0.1' },
        logger: { warn: () => undefined, error: () => undefined },
        limits: { identifyWithinMs: limits.identifyWithinS * 1000, idleMs: 60_000, maxIdentified: limits.maxIdentified, maxUnidentified: limits.maxUnidentified, maxUnidentifiedPerAddress: limits.maxUnidentifiedPerAddress, maxBadFrames: limits.maxBadFrames, maxInFlight: limits.maxInFlight },
      });
      await server.listen();
      const target: ContractTarget = { server: server as LinkServer<unknown, unknown, unknown>, port: server.port(), bus, stop: async () => { await server.close(); await bus.close(); } };
      return target;
    },
    async identify(client: ContractClient, index: number) {
      client.write(Buffer.from(`LOGIN ${index}\n`));
      const deadline = Date.now() + 3000;
      while (!client.received.toString().includes('OK\n')) {
        if (Date.now() > deadline || client.closed) throw new Error('login not answered');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    dataFrame: (index, seq) => Buffer.from(`DATA ${index} ${seq}\n`),
    badFrame: (seq) => Buffer.from(`JUNK ${seq}\n`),
    acks: ackCount,
    delivered: (target) => target.bus.accepted.get(readings.name) ?? 0,
  });

  const startToy = async (limits: Partial<LinkLimits>) => {
    const bus = new HeldBus(new InProcessBus({ logger: silentBusLogger }));
    const server = new LinkServer(lineProtocol(bus), {
      tcp: { port: 0, host: '127.0.0.1' },
      logger: { warn: () => undefined, error: () => undefined },
      limits: { identifyWithinMs: 5000, idleMs: 60_000, maxIdentified: 10, maxUnidentified: 10, maxUnidentifiedPerAddress: 10, maxBadFrames: 5, maxInFlight: 8, ...limits },
    });
    await server.listen();
    return { server, bus, stop: async () => (await server.close(), await bus.close()) };
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('closes a link that identifies past the identified budget; a closed identified link frees its place', async () => {
    const { server, stop } = await startToy({ maxIdentified: 2 });
    const clients = await Promise.all([1, 2, 3].map(() => ContractClient.open(server.port())));
    try {
      clients.forEach((client, i) => client.write(Buffer.from(`LOGIN ${i}\n`)));
      await sleep(200);
      expect(clients.map((client) => client.closed).filter(Boolean)).toHaveLength(1);
      expect(server.closes('budget')).toBe(1);
      clients.find((client) => !client.closed)!.close();
      await sleep(100);
      const late = await ContractClient.open(server.port());
      clients.push(late);
      late.write(Buffer.from('LOGIN 9\n'));
      await sleep(100);
      expect(late.received.toString()).toBe('OK\n');
      expect(server.counts()).toEqual({ identified: 2, unidentified: 0 });
    } finally {
      clients.forEach((client) => client.close());
      await stop();
    }
  });

  it('counts frames, not bytes, as activity: an identified link sending only partial junk idles out', async () => {
    const { server, stop } = await startToy({ idleMs: 400 });
    const talker = await ContractClient.open(server.port());
    const junk = await ContractClient.open(server.port());
    try {
      talker.write(Buffer.from('LOGIN 1\n'));
      junk.write(Buffer.from('LOGIN 2\n'));
      for (let i = 0; i < 10; i++) {
        talker.write(Buffer.from(`DATA 1 ${i}\n`));
        junk.write(Buffer.from('x'));
        await sleep(100);
      }
      expect(talker.closed).toBe(false);
      expect(junk.closed).toBe(true);
      expect(server.closes('idle')).toBe(1);
    } finally {
      talker.close();
      junk.close();
      await stop();
    }
  });

  it('reports frames, bad frames, bytes and closes by reason in the metrics registry', async () => {
    const { server, stop } = await startToy({});
    const client = await ContractClient.open(server.port());
    try {
      client.write(Buffer.from('LOGIN 1\nJUNK\n'));
      await sleep(100);
      client.close();
      await sleep(100);
      const text = await register.metrics();
      expect(text).toMatch(/link_frames_total\{protocol="test-line"\} [1-9]/);
      expect(text).toMatch(/link_bad_frames_total\{protocol="test-line"\} [1-9]/);
      expect(text).toMatch(/link_bytes_in_total\{protocol="test-line"\} [1-9]/);
      expect(text).toMatch(/link_closes_total\{protocol="test-line",reason="peer"\} [1-9]/);
    } finally {
      await stop();
    }
  });

  it('writes answers in frame order although a later one is ready first', async () => {
    const bus = new HeldBus(new InProcessBus({ logger: silentBusLogger }));
    const protocol = lineProtocol(bus);
    const server = new LinkServer({ ...protocol, handle: (session, words, frame) => (words[0] === 'DATA' && words[2] === 'sync' ? Buffer.from('SYNC\n') : protocol.handle(session, words, frame)) }, {
      tcp: { port: 0, host: '127.0.0.1' },
      logger: { warn: () => undefined, error: () => undefined },
      limits: { identifyWithinMs: 5000, idleMs: 60_000, maxIdentified: 10, maxUnidentified: 10, maxUnidentifiedPerAddress: 10, maxBadFrames: 5, maxInFlight: 8 },
    });
    await server.listen();
    const client = await ContractClient.open(server.port());
    try {
      client.write(Buffer.from('LOGIN 1\n'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      bus.hold();
      client.write(Buffer.from('DATA 1 1\nDATA 1 sync\n'));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(client.received.toString()).toBe('OK\n');
      bus.release();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(client.received.toString()).toBe('OK\nACK 1\nSYNC\n');
    } finally {
      client.close();
      await server.close();
      await bus.close();
    }
  });
});
