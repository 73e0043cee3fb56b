// The gateway end to end against the real Kafka broker of `scripts/infra up` (127.0.0.1:9092).
import { KafkaBus, silentBusLogger } from '@openfleet/bus';
import { InstructionStatus, Topics, type CommandResult, type Position } from '@openfleet/contracts';
import { positionProbe, recordTopic, recordTopicFromNow, waitUntil } from './testing/bus-recorder';
import { startGateway, type RunningGateway } from './testing/gateway-harness';
import { locationBody, TestTerminal } from './testing/test-terminal';

const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');

describe('gateway-808 with the real Kafka broker', () => {
  let bus: KafkaBus;
  let gateway: RunningGateway;
  let terminal: TestTerminal | undefined;
  const run = Date.now().toString(36);

  beforeAll(async () => {
    bus = new KafkaBus({ brokers, clientId: `gateway-808-test-${run}`, logger: silentBusLogger, backoff: { initialMs: 20, maxMs: 200 } });
    gateway = await startGateway(bus, { INSTANCE_ID: `gw-test-${run}` });
  }, 60_000);

  afterAll(async () => {
    terminal?.close();
    await gateway?.close();
  }, 30_000);

  it('register -> auth -> 0x0200 -> 0x8001, then a command round trip', async () => {
    // A phone unique to this run: the recorders read the topics from the beginning.
    const phone = `0000000001${String(Date.now()).slice(-10)}`;
    const probePhone = `${phone}-probe`;
    const positions = await recordTopicFromNow<Position>(bus, Topics.position, positionProbe(probePhone), (p) => p.terminalPhone === probePhone);
    const results = await recordTopic<CommandResult>(bus, Topics.commandResult, `res-${run}`);
    terminal = await TestTerminal.open(gateway.port, phone, '2019');
    const t = terminal;
    await t.login();
    const serial = t.send(0x0200, locationBody());
    await t.expectAck(serial, 15_000);
    await waitUntil(() => positions.values.some((p) => p.terminalPhone === t.phone && p.serial === serial), 30_000, 'position on Kafka');

    const command = {
      commandId: `cmd-${run}`,
      terminalPhone: t.phone,
      msgId: '0x8103',
      body: { items: [{ id: 0x0029, type: 'dword', value: 10 }] },
      requestedAt: Date.now(),
      timeoutMs: 30_000,
    };
    // The gateway's command consumer starts at the latest offset once it joins its group; repeat the
    // command until it arrives (the gateway drops duplicates by command id).
    const resend = setInterval(() => void bus.publish(Topics.downlinkCommand, { key: t.phone, value: command }), 1000);
    try {
      await bus.publish(Topics.downlinkCommand, { key: t.phone, value: command });
      const request = await t.expect((m) => m.msgId === 0x8103, 30_000);
      t.send(0x0001, { replySerial: request.serial, replyId: 0x8103, result: 0 });
    } finally {
      clearInterval(resend);
    }
    await waitUntil(() => results.values.some((r) => r.commandId === command.commandId), 30_000, 'command result');
    expect(results.values.filter((r) => r.commandId === command.commandId)).toEqual([
      expect.objectContaining({ status: InstructionStatus.SUCCESS, replyMsgId: '0x0001', terminalPhone: t.phone }),
    ]);
    await positions.subscription.close();
    await results.subscription.close();
  }, 90_000);
});
