// The simulator against a real gateway (in-process bus): it registers, reports, and answers
// every command family with the reply the gateway matches to a successful result.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { InstructionStatus, Topics } from '@openfleet/contracts';
import { recordTopic, waitUntil } from '../../services/gateway-808/src/testing/bus-recorder';
import { startGateway, type RunningGateway } from '../../services/gateway-808/src/testing/gateway-harness';

const COMMANDS: [string, Record<string, unknown>, string][] = [
  ['0x8103', { items: [{ id: 0x0029, type: 'dword', value: 5 }] }, '0x0001'],
  ['0x8104', {}, '0x0104'],
  ['0x8106', { ids: [0x0029] }, '0x0104'],
  ['0x8107', {}, '0x0107'],
  ['0x8105', { command: 5 }, '0x0001'],
  ['0x8201', {}, '0x0201'],
  ['0x8202', { intervalS: 1, validityS: 5 }, '0x0001'],
  ['0x8300', { flags: 8, text: '请注意安全' }, '0x0001'],
  ['0x8500', { flag: 1 }, '0x0500'],
  ['0x8601', { ids: [1, 2] }, '0x0001'],
  ['0x8608', { type: 1, ids: [] }, '0x0608'],
  ['0x8801', { channel: 1, command: 1, intervalS: 0, saveFlag: 0, resolution: 1, quality: 5, brightness: 128, contrast: 64, saturation: 64, chroma: 128 }, '0x0805'],
  ['0x8108', { type: 0, makerId: 'OFSIM', version: '1.1', package: '00112233' }, '0x0001'],
];

describe('terminal simulator', () => {
  let bus: InProcessBus;
  let gateway: RunningGateway;
  let simulator: ChildProcess;

  beforeAll(async () => {
    bus = new InProcessBus({ logger: silentBusLogger });
    gateway = await startGateway(bus);
    simulator = spawn(
      process.execPath,
      [join(__dirname, 'simulate.js'), '--vehicles', '2', '--interval', '1', '--port', String(gateway.port), '--duration', '60', '--alarm-rate', '0.5'],
      { stdio: 'ignore' },
    );
  });

  afterAll(async () => {
    simulator.kill();
    await gateway.close();
  });

  it('reports positions and answers every command with the matching reply', async () => {
    const positions = await recordTopic(bus, Topics.position);
    const results = await recordTopic(bus, Topics.commandResult);
    await waitUntil(() => gateway.server.sessions.size === 2, 15_000, 'two simulated terminals online');
    await waitUntil(() => positions.values.length >= 2, 10_000, 'positions');
    expect(positions.values[0].latitudeE6).toBeGreaterThan(39_700_000);
    expect(positions.values[0].latitudeE6).toBeLessThan(40_100_000);
    const phone = [...gateway.server.sessions.keys()][0];
    for (const [i, [msgId, body]] of COMMANDS.entries())
      await bus.publish(Topics.downlinkCommand, {
        key: phone,
        value: { commandId: `sim-${i}`, terminalPhone: phone, msgId, body, requestedAt: Date.now(), timeoutMs: 10_000 },
      });
    await waitUntil(() => results.values.length === COMMANDS.length, 15_000, 'all command results');
    for (const [i, [msgId, , reply]] of COMMANDS.entries()) {
      const result = results.values.find((r) => r.commandId === `sim-${i}`);
      expect({ msgId, status: result?.status, reply: result?.replyMsgId }).toEqual({ msgId, status: InstructionStatus.SUCCESS, reply });
    }
  }, 60_000);
});
