// Three gateway instances with identical settings on the real Kafka broker (127.0.0.1:9092) and
// real TCP terminals: "device offline" is answered once, by the elected instance, and never for a
// terminal another instance holds, also across a crash of the reporter and a restart (issue 31).
import { KafkaBus, silentBusLogger } from '@openfleet/bus';
import { InstructionStatus, Topics, type CommandResult, type DownlinkCommand } from '@openfleet/contracts';
import { recordTopic, waitUntil } from './testing/bus-recorder';
import { startGateway, type RunningGateway } from './testing/gateway-harness';
import { SwitchableNetwork } from './testing/switchable-network';
import { locationBody, TestTerminal } from './testing/test-terminal';

const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const GRACE_MS = 1500;
const SESSION_TIMEOUT_MS = 6000;

interface Instance {
  name: string;
  gateway: RunningGateway;
  network: SwitchableNetwork;
}

describe('gateway-808 at three identical replicas: one "device offline" reporter', () => {
  const run = Date.now().toString(36);
  // Topics and groups of this run only: the election group is fixed, other gateways on the broker must not join it.
  const topicPrefix = `gw808-replicas-${run}.`;
  const env = {
    GATEWAY_808_OFFLINE_GRACE_MS: String(GRACE_MS),
    GATEWAY_808_REPORTER_SESSION_TIMEOUT_MS: String(SESSION_TIMEOUT_MS),
  };
  const buses: KafkaBus[] = [];
  const terminals: TestTerminal[] = [];
  let testBus: KafkaBus;
  let results: { values: CommandResult[] };
  let instances: Instance[] = [];
  let terminal: TestTerminal;
  let holder: Instance;
  let crashed: Instance | undefined;

  /** A bus of its own per instance; kafkajs orders a group's members by client id, which decides who is elected. */
  function bus(clientId: string, network?: SwitchableNetwork): KafkaBus {
    const created = new KafkaBus({ brokers, clientId, logger: silentBusLogger, backoff: { initialMs: 20, maxMs: 200 }, topicPrefix, socketFactory: network?.socketFactory });
    buses.push(created);
    return created;
  }

  async function start(clientId: string, instanceId: string): Promise<Instance> {
    const network = new SwitchableNetwork();
    const gateway = await startGateway(bus(clientId, network), { INSTANCE_ID: instanceId, ...env });
    return { name: instanceId, gateway, network };
  }

  const reporters = () => instances.filter((instance) => instance.gateway.server.isOfflineReporter);
  const resultsOf = (commandId: string) => results.values.filter((result) => result.commandId === commandId);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  function command(commandId: string, terminalPhone: string): DownlinkCommand {
    return { commandId, terminalPhone, msgId: '0x8201', body: {}, requestedAt: Date.now(), timeoutMs: 20_000 };
  }

  /** Publishes the command every second until `done` (instances drop repeats by command id): consumers join at the latest offset. */
  async function publishUntil(value: DownlinkCommand, done: () => boolean, what: string): Promise<void> {
    const publish = () => void testBus.publish(Topics.downlinkCommand, { key: value.terminalPhone, value }).catch(() => undefined);
    publish();
    const resend = setInterval(publish, 1000);
    try {
      await waitUntil(done, 30_000, what);
    } finally {
      clearInterval(resend);
    }
  }

  /** A command to the held terminal: the terminal receives it and answers; exactly one result, success, follows. */
  async function expectDeliveredOnce(commandId: string): Promise<void> {
    const value = command(commandId, terminal.phone);
    let request: { serial: number } | undefined;
    const received = terminal.expect((m) => m.msgId === 0x8201, 30_000).then((m) => (request = m));
    await publishUntil(value, () => request !== undefined, `${commandId} at the terminal`);
    await received;
    terminal.send(0x0201, { replySerial: request!.serial, location: locationBody() });
    await waitUntil(() => resultsOf(commandId).length > 0, 15_000, `${commandId} result`);
    // Longer than the grace: a wrong "offline" from the reporter would have come by now.
    await sleep(GRACE_MS + 2000);
    expect(resultsOf(commandId)).toEqual([expect.objectContaining({ status: InstructionStatus.SUCCESS, replyMsgId: '0x0201' })]);
  }

  /** A command to a terminal nobody holds: exactly one "offline". */
  async function expectOfflineOnce(commandId: string): Promise<void> {
    const value = command(commandId, `0139${String(Date.now()).slice(-8)}`);
    await publishUntil(value, () => resultsOf(commandId).length > 0, `${commandId} offline`);
    await sleep(GRACE_MS + 2000);
    expect(resultsOf(commandId)).toEqual([expect.objectContaining({ status: InstructionStatus.DEVICE_OFFLINE })]);
  }

  beforeAll(async () => {
    testBus = bus(`zz-test-${run}`);
    results = await recordTopic<CommandResult>(testBus, Topics.commandResult, `results-${run}`);
    for (const n of [1, 2, 3]) instances.push(await start(`gw-${n}-${run}`, `gw-replica-${n}-${run}`));
    // Identical settings; the cluster elects one (kafkajs gives the partition to the first member id: gw-1's, once all joined).
    await waitUntil(() => reporters().length === 1 && reporters()[0] === instances[0], 60_000, 'one reporter elected');
  }, 120_000);

  afterAll(async () => {
    terminals.forEach((t) => t.close());
    // kafkajs restarts a crashed consumer on a timer that a disconnect in the middle of the crash does
    // not cancel: the cut-off instance gets its network back and time to reconnect before it is closed.
    crashed?.network.restore();
    const restoredAt = Date.now();
    for (const instance of instances) await instance.gateway.close().catch(() => undefined);
    if (crashed) {
      await sleep(Math.max(0, 15_000 - (Date.now() - restoredAt)));
      await crashed.gateway.close().catch(() => undefined);
    }
    await Promise.allSettled(buses.map((each) => each.close()));
  }, 90_000);

  it('elects exactly one reporter among identical instances', async () => {
    await sleep(2000);
    expect(reporters()).toHaveLength(1);
  });

  it('a command for a terminal held by another instance gets one result, success, and no "offline"', async () => {
    holder = instances.find((instance) => !instance.gateway.server.isOfflineReporter)!;
    terminal = await TestTerminal.open(holder.gateway.port, `0138${String(Date.now()).slice(-8)}`);
    terminals.push(terminal);
    await terminal.login();
    await waitUntil(() => instances.every((i) => i === holder || i.gateway.server.directory.heldElsewhere(terminal.phone)), 15_000, 'claim seen by the others');
    await expectDeliveredOnce(`c1-${run}`);
  }, 60_000);

  it('a command for a terminal nobody holds gets exactly one "offline"', async () => {
    await expectOfflineOnce(`c2-${run}`);
  }, 60_000);

  it('a crashed reporter is replaced within the session timeout, and the new one answers', async () => {
    const [reporter] = reporters();
    expect(reporter).not.toBe(holder);
    // The reporter's host goes away: no leave, its group session just expires.
    reporter.network.cut();
    const cutAt = Date.now();
    await waitUntil(() => instances.some((i) => i !== reporter && i.gateway.server.isOfflineReporter), SESSION_TIMEOUT_MS + 20_000, 'a new reporter');
    const tookMs = Date.now() - cutAt;
    console.log(`new reporter elected ${tookMs} ms after the reporter was cut off (session timeout ${SESSION_TIMEOUT_MS} ms)`);
    // The coordinator drops the silent member after the session timeout; the others learn it at their next heartbeat (a third of it).
    expect(tookMs).toBeLessThan(SESSION_TIMEOUT_MS + 5000);
    expect(instances.filter((i) => i !== reporter && i.gateway.server.isOfflineReporter)).toHaveLength(1);
    await expectOfflineOnce(`c3-${run}`);
    await expectDeliveredOnce(`c4-${run}`);
    // The crashed instance stays cut off; it is closed last, once its consumers had time to reconnect.
    crashed = reporter;
    instances = instances.filter((i) => i !== reporter);
  }, 90_000);

  it('a restarted instance elected reporter knows terminals held elsewhere: no false "offline"', async () => {
    const old = instances.find((i) => i !== holder)!;
    await old.gateway.close();
    instances = instances.filter((i) => i !== old);
    // Restarted under its id, with a client id that sorts first, so the fresh instance is elected.
    const restarted = await start(`gw-0-${run}`, old.name);
    instances.push(restarted);
    // The one it took the role from learns at its next heartbeat: wait until the restarted one is the only reporter.
    await waitUntil(() => reporters().length === 1 && reporters()[0] === restarted, 60_000, 'the restarted instance elected, alone');
    // Names, not the instances: a failure message must not print the gateways' Nest containers.
    expect(reporters().map((instance) => instance.name)).toEqual([restarted.name]);
    // Its directory was read from the start: it knows the terminal the holder claimed before it started.
    expect(restarted.gateway.server.directory.heldElsewhere(terminal.phone)).toBe(true);
    // It consumes commands and answers "offline" for an unknown terminal...
    await expectOfflineOnce(`c5-${run}`);
    // ...but not for the terminal held elsewhere.
    await expectDeliveredOnce(`c6-${run}`);
  }, 120_000);
});
