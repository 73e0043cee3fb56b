import { decodeFrame } from '@openfleet/jt808';
import { canonicalTerminalPhone, type DownlinkCommand } from '@openfleet/contracts';
import { DownlinkDispatcher } from './downlink-dispatcher';
import type { GatewayContext } from './gateway-context';
import type { OfflineReporter } from './offline-reporter';
import { PendingCommands } from './pending-commands';
import type { TerminalConnection } from './terminal-connection';

const PHONE = '013800000007';
/** Sessions are keyed by the canonical phone, as the uplink handler keys them. */
const KEY = canonicalTerminalPhone(PHONE);

/** The dispatcher's collaborators as plain objects: which terminals are held here or elsewhere, and what the reporter is told. */
function setup(options: { replay: boolean; heldElsewhere?: boolean }) {
  const sessions = new Map<string, TerminalConnection>();
  const considered: DownlinkCommand[] = [];
  const warnings: string[] = [];
  const ctx = {
    gatewayId: 'gw-test',
    sessions,
    directory: { heldElsewhere: () => options.heldElsewhere ?? false },
    metrics: { countFrame: () => undefined },
    raw: { record: () => undefined },
    logger: { warn: (line: string) => warnings.push(line) },
    bus: { publish: async () => undefined },
  } as unknown as GatewayContext;
  const offline = { isReplay: () => options.replay, consider: (command: DownlinkCommand) => considered.push(command) } as unknown as OfflineReporter;
  const dispatcher = new DownlinkDispatcher(ctx, offline);
  const written: Buffer[] = [];
  let serial = 0;
  const commands = new PendingCommands();
  const connect = () =>
    sessions.set(KEY, {
      closed: false,
      announced: undefined,
      version: '2013',
      phone: PHONE,
      socket: { write: (frame: Buffer) => written.push(frame) },
      nextSerial: () => ++serial,
      commands,
    } as unknown as TerminalConnection);
  return { dispatcher, considered, written, connect, warnings };
}

const text = (commandId: string, requestedAt: number, timeoutMs = 30_000): DownlinkCommand => ({
  commandId,
  terminalPhone: PHONE,
  msgId: '0x8300',
  body: { flags: 0x08, text: '调度' },
  requestedAt,
  timeoutMs,
});

describe('DownlinkDispatcher: replayed commands wait for their terminal', () => {
  it('sends a replayed command once, when its terminal authenticates here within the command deadline', async () => {
    const { dispatcher, considered, written, connect, warnings } = setup({ replay: true });
    await dispatcher.dispatch(text('a', Date.now() - 5_000));
    expect(written).toHaveLength(0);
    // Nobody answers a replay "offline": parking it is the only way it still reaches the terminal.
    expect(considered).toHaveLength(0);
    connect();
    await dispatcher.sessionStarted(KEY);
    expect(warnings).toEqual([]);
    expect(written.map((frame) => decodeFrame(frame).msgId)).toEqual([0x8300]);
    // Sent once: a later session and a redelivery by the bus send nothing more.
    await dispatcher.sessionStarted(KEY);
    await dispatcher.dispatch(text('a', Date.now() - 5_000));
    expect(written).toHaveLength(1);
  });

  it('drops a parked command whose deadline passed before the terminal came back', async () => {
    const { dispatcher, written, connect } = setup({ replay: true });
    await dispatcher.dispatch(text('late', Date.now() - 29_000, 30_000));
    await dispatcher.dispatch(text('past', Date.now() - 31_000, 30_000));
    const realNow = Date.now;
    const later = realNow() + 2_000;
    jest.spyOn(Date, 'now').mockImplementation(() => later);
    try {
      connect();
      await dispatcher.sessionStarted(KEY);
    } finally {
      jest.restoreAllMocks();
    }
    expect(written).toHaveLength(0);
  });

  it('leaves a live command (not a replay) to the offline reporter and parks nothing', async () => {
    const { dispatcher, considered, written, connect } = setup({ replay: false });
    await dispatcher.dispatch(text('live', Date.now()));
    expect(considered.map((command) => command.commandId)).toEqual(['live']);
    connect();
    await dispatcher.sessionStarted(KEY);
    expect(written).toHaveLength(0);
  });

  it('parks nothing for a terminal another instance holds', async () => {
    const { dispatcher, considered, written, connect } = setup({ replay: true, heldElsewhere: true });
    await dispatcher.dispatch(text('elsewhere', Date.now() - 1_000));
    connect();
    await dispatcher.sessionStarted(KEY);
    expect([written.length, considered.length]).toEqual([0, 0]);
  });
});
