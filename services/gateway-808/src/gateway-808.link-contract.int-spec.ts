// The link-server contract (libs/service-kit/src/link-server/testing/link-contract.ts) on the JT/T
// 808 gateway over real TCP with the in-process bus held like a slow broker: authentication
// identifies a link; junk frames, a trickle that never authenticates, a flood of links, a slow bus
// and half a frame then a close.
import { HeldBus, runLinkContract, type ContractClient, type ContractTarget } from '@openfleet/service-kit/link-testing';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { Topics } from '@openfleet/contracts';
import { decodeFrame, encodeFrame, Jt808Deframer, type Jt808Message } from '@openfleet/jt808';
import type { LinkServer } from '@openfleet/service-kit';
import { startGateway } from './testing/gateway-harness';
import { locationBody } from './testing/test-terminal';

const phoneOf = (index: number) => `0139000007${String(index).padStart(2, '0')}`;
const frame = (index: number, msgId: number, serial: number, body: unknown) => Buffer.from(encodeFrame({ msgId, version: '2013', phone: phoneOf(index), serial, body }));
const messages = (received: Buffer): Jt808Message[] => new Jt808Deframer().push(received).flatMap((item) => (item instanceof Error ? [] : [decodeFrame(item)]));

async function answer(client: ContractClient, match: (message: Jt808Message) => boolean): Promise<Jt808Message> {
  const deadline = Date.now() + 3000;
  for (;;) {
    const found = messages(client.received).find(match);
    if (found) return found;
    if (Date.now() > deadline || client.closed) throw new Error('no answer');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('gateway-808 on the link server', () => {
  runLinkContract('JT/T 808', {
    publishes: true,
    async start(limits) {
      const bus = new HeldBus(new InProcessBus({ logger: silentBusLogger }));
      const gateway = await startGateway(bus, {
        GATEWAY_808_PREAUTH_TIMEOUT_S: String(limits.identifyWithinS),
        GATEWAY_808_MAX_LINKS: String(limits.maxIdentified),
        GATEWAY_808_MAX_UNIDENTIFIED_LINKS: String(limits.maxUnidentified),
        GATEWAY_808_MAX_UNIDENTIFIED_PER_ADDRESS: String(limits.maxUnidentifiedPerAddress),
        GATEWAY_808_MAX_BAD_FRAMES: String(limits.maxBadFrames),
        GATEWAY_808_MAX_PENDING_PER_SESSION: String(limits.maxInFlight),
      });
      const target: ContractTarget = { server: gateway.server.linkServer as LinkServer<unknown, unknown, unknown>, port: gateway.port, bus, stop: () => gateway.close() };
      return target;
    },
    async identify(client, index) {
      client.write(frame(index, 0x0100, 0, { province: 11, city: 100, makerId: 'OFLT1', model: 'CONTRACT', terminalId: `C${index}`, plateColor: 1, plate: `京A0000${index}` }));
      const registered = await answer(client, (m) => m.msgId === 0x8100);
      client.write(frame(index, 0x0102, 1, { authCode: (registered.body as { authCode: string }).authCode }));
      const ack = await answer(client, (m) => m.msgId === 0x8001 && (m.body as { replyId: number }).replyId === 0x0102);
      if ((ack.body as { result: number }).result !== 0) throw new Error('authentication refused');
    },
    dataFrame: (index, seq) => frame(index, 0x0200, 100 + seq, locationBody(seq)),
    badFrame: (seq) => {
      const bytes = frame(1, 0x0200, seq, locationBody(seq));
      bytes[bytes.length - 2] ^= 0x55;
      if (bytes[bytes.length - 2] === 0x7e || bytes[bytes.length - 2] === 0x7d) bytes[bytes.length - 2] ^= 0x01;
      return bytes;
    },
    acks: (received) => messages(received).filter((m) => m.msgId === 0x8001 && (m.body as { replyId: number; result: number }).replyId === 0x0200 && (m.body as { result: number }).result === 0).length,
    delivered: (target) => target.bus.accepted.get(Topics.position.name) ?? 0,
  });
});
