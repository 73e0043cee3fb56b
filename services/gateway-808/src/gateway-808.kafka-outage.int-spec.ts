// The broker goes away mid-stream (its connections are cut and refused) while a terminal keeps
// reporting; afterwards every frame the gateway acknowledged must be on the real Kafka topic.
import { KafkaBus, silentBusLogger } from '@openfleet/bus';
import { Topics, type Position } from '@openfleet/contracts';
import { positionProbe, recordTopicFromNow, waitUntil } from './testing/bus-recorder';
import { startGateway, type RunningGateway } from './testing/gateway-harness';
import { SwitchableNetwork } from './testing/switchable-network';
import { locationBody, TestTerminal } from './testing/test-terminal';

const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('gateway-808 when the Kafka broker goes away mid-stream', () => {
  const run = Date.now().toString(36);
  const network = new SwitchableNetwork();
  let gatewayBus: KafkaBus;
  let checkBus: KafkaBus;
  let gateway: RunningGateway;
  let terminal: TestTerminal | undefined;

  beforeAll(async () => {
    gatewayBus = new KafkaBus({
      brokers,
      clientId: `gateway-outage-${run}`,
      logger: silentBusLogger,
      socketFactory: network.socketFactory,
      connectionTimeoutMs: 1000,
      requestTimeoutMs: 5000,
    });
    checkBus = new KafkaBus({ brokers, clientId: `gateway-outage-check-${run}`, logger: silentBusLogger });
    gateway = await startGateway(gatewayBus, { INSTANCE_ID: `gw-outage-${run}` });
  }, 60_000);

  afterAll(async () => {
    network.restore();
    terminal?.close();
    await gateway?.close();
    await checkBus?.close();
  }, 60_000);

  it('acks nothing while the broker is unreachable and loses no acknowledged frame', async () => {
    const phone = `0000000002${String(Date.now()).slice(-10)}`;
    const probePhone = `${phone}-probe`;
    const stored = await recordTopicFromNow<Position>(checkBus, Topics.position, positionProbe(probePhone), (p) => p.terminalPhone === probePhone);
    terminal = await TestTerminal.open(gateway.port, phone, '2019');
    const t = terminal;
    await t.login();
    const acked = () =>
      t.received
        .filter((m) => m.msgId === 0x8001 && (m.body as { replyId: number }).replyId === 0x0200)
        .map((m) => (m.body as { replySerial: number }).replySerial);

    const sent: number[] = [];
    let i = 0;
    const reporter = setInterval(() => sent.push(t.send(0x0200, locationBody(i++ % 500))), 40);
    try {
      await waitUntil(() => acked().length >= 20, 30_000, 'acks before the outage');
      network.cut();
      // Requests already on the wire when the cut came may still have been answered; after that, silence.
      await sleep(1000);
      const ackedAtCut = acked().length;
      await sleep(4000);
      expect(acked().length).toBe(ackedAtCut);
      // Back-pressure instead of an unbounded queue: the terminal's socket is no longer read.
      expect(gateway.server.sessionOf(phone)?.paused).toBe(true);
      network.restore();
      await waitUntil(() => acked().length > ackedAtCut + 20, 60_000, 'acks after the broker returned');
    } finally {
      clearInterval(reporter);
    }
    await waitUntil(() => sent.every((serial) => acked().includes(serial)), 60_000, 'every frame acknowledged in the end');

    const ackedSerials = new Set(acked());
    const storedSerials = () => new Set(stored.values.filter((p) => p.terminalPhone === phone).map((p) => p.serial));
    await waitUntil(() => [...ackedSerials].every((serial) => storedSerials().has(serial)), 60_000, 'acked frames on Kafka');
    expect([...ackedSerials].filter((serial) => !storedSerials().has(serial))).toEqual([]);
    await stored.subscription.close();
  }, 240_000);
});
