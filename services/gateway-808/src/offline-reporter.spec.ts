import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { InstructionStatus, Topics, type CommandResult, type DownlinkCommand } from '@openfleet/contracts';
import type { GatewayContext } from './gateway-context';
import { OfflineReporter } from './offline-reporter';
import { SessionDirectory, sessionDirectoryTopic } from './session-directory';

const GRACE_MS = 80;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('OfflineReporter and SessionDirectory (in-process bus)', () => {
  let bus: InProcessBus;
  let directory: SessionDirectory;
  let reporter: OfflineReporter;
  let results: CommandResult[];
  let optedIn: boolean;

  async function start(gatewayId = 'gw-a'): Promise<void> {
    directory = new SessionDirectory(bus, gatewayId);
    const ctx = {
      gatewayId,
      bus,
      config: { GATEWAY_808_OFFLINE_REPORTER: optedIn, GATEWAY_808_OFFLINE_GRACE_MS: GRACE_MS, GATEWAY_808_REPORTER_SESSION_TIMEOUT_MS: 10_000 },
      logger: { log: () => undefined, warn: () => undefined },
      metrics: { offlineReporter: { set: () => undefined } },
      sessions: new Map(),
      directory,
    } as unknown as GatewayContext;
    reporter = new OfflineReporter(ctx, directory);
    await directory.start();
    await directory.ready;
    await reporter.start();
  }

  const claim = (phone: string, gatewayId: string, held = true) =>
    bus.publish(sessionDirectoryTopic, { key: `${phone}|${gatewayId}`, value: held ? { at: Date.now() } : null });
  const command = (commandId: string, terminalPhone: string, requestedAt = Date.now()): DownlinkCommand => ({ commandId, terminalPhone, msgId: '0x8201', body: {}, requestedAt, timeoutMs: 30_000 });

  beforeEach(async () => {
    bus = new InProcessBus({ logger: silentBusLogger });
    results = [];
    optedIn = true;
    await bus.subscribe(Topics.commandResult, { group: 'results', handle: async (messages) => void results.push(...messages.map((m) => m.value)) });
  });

  afterEach(async () => {
    await reporter?.stop();
    await directory?.stop();
    await bus.close();
  });

  it('is the reporter alone on the in-process bus and answers "offline" once, after the grace', async () => {
    await start();
    expect(reporter.isReporter).toBe(true);
    reporter.consider(command('c1', '13800000001'));
    await sleep(GRACE_MS / 2);
    expect(results).toEqual([]);
    await sleep(GRACE_MS * 3);
    expect(results).toEqual([expect.objectContaining({ commandId: 'c1', terminalPhone: '13800000001', status: InstructionStatus.DEVICE_OFFLINE })]);
  });

  it('stays silent when a gateway claims the terminal during the grace, even if it released it again', async () => {
    await start();
    reporter.consider(command('c2', '013800000002'));
    reporter.consider(command('c3', '13800000003'));
    await claim('13800000002', 'gw-b');
    await claim('13800000003', 'gw-b');
    await claim('13800000003', 'gw-b', false);
    await sleep(GRACE_MS * 4);
    expect(results).toEqual([]);
  });

  it('stays silent for a terminal another gateway holds when the grace ends', async () => {
    await claim('13800000004', 'gw-b');
    await start();
    reporter.consider(command('c4', '13800000004'));
    await sleep(GRACE_MS * 4);
    expect(results).toEqual([]);
  });

  it('never answers when opted out, nor for commands requested before it started (replays)', async () => {
    optedIn = false;
    await start();
    expect(reporter.isReporter).toBe(false);
    reporter.consider(command('c5', '13800000005'));
    await reporter.stop();
    optedIn = true;
    await start();
    reporter.consider(command('c6', '13800000006', Date.now() - 60_000));
    await sleep(GRACE_MS * 4);
    expect(results).toEqual([]);
  });

  it('rebuilds who holds what from the directory history, one key per terminal and gateway', async () => {
    // The terminal moved from gw-b to gw-c; gw-b's release came after gw-c's claim.
    await claim('13800000007', 'gw-b');
    await claim('13800000007', 'gw-c');
    await claim('13800000007', 'gw-b', false);
    await claim('13800000008', 'gw-a');
    await start('gw-a');
    expect(directory.heldElsewhere('013800000007')).toBe(true);
    // Its own id's claims are not "elsewhere", and are listed for release at start.
    expect(directory.heldElsewhere('13800000008')).toBe(false);
    expect(directory.heldHere()).toEqual(['13800000008']);
    await claim('13800000007', 'gw-c', false);
    expect(await directory.sync(1000)).toBe(true);
    expect(directory.heldElsewhere('13800000007')).toBe(false);
  });
});
