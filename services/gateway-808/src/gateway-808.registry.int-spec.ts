// Strict registration against the admin registry, with the SIM number spelt as the registry holds it
// (11 digits) while the terminals send it zero-padded in their headers (2013: 12 digits, 2019: 20).
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { InstructionStatus, TerminalRegistrationState, Topics, type TerminalRegistryEntry } from '@openfleet/contracts';
import { recordTopic, waitUntil } from './testing/bus-recorder';
import { startGateway, type RunningGateway } from './testing/gateway-harness';
import { locationBody, TestTerminal } from './testing/test-terminal';

const registered = (terminalPhone: string, vehicleId: string, terminalCode: string): TerminalRegistryEntry => ({
  terminalPhone,
  terminalId: `t-${vehicleId}`,
  terminalCode,
  vehicleId,
  plateCode: '京A12345',
  plateColor: 1,
  companyId: '7',
  authCode: '',
  registrationState: TerminalRegistrationState.UNREGISTERED,
  protocolVersion: '2013',
  deleted: false,
  updatedAt: Date.now(),
});

describe('gateway-808 with a strict terminal registry', () => {
  let bus: InProcessBus;
  let gateway: RunningGateway;
  const terminals: TestTerminal[] = [];

  beforeEach(async () => {
    bus = new InProcessBus({ logger: silentBusLogger });
    await bus.publish(Topics.terminalRegistry, [
      { key: '13800000042', value: registered('13800000042', '42', 'T800042') },
      { key: '13900000043', value: registered('13900000043', '43', 'T900043') },
    ]);
    gateway = await startGateway(bus, { GATEWAY_808_REGISTRATION: 'strict' });
    await waitUntil(() => gateway.server.registry.size === 2, 2000, 'registry cache');
  });

  afterEach(async () => {
    terminals.splice(0).forEach((t) => t.close());
    await gateway.close();
  });

  it.each([
    ['2013', '013800000042', '42', 'T800042'],
    ['2019', '00000000013900000043', '43', 'DEVICE-2019-ID-OF-THIRTY-BYTES'],
  ] as const)('admits a %s terminal whose header pads the registered SIM number, and routes its commands', async (version, headerPhone, vehicleId, deviceId) => {
    const positions = await recordTopic(bus, Topics.position);
    const results = await recordTopic(bus, Topics.commandResult);
    const registrations = await recordTopic(bus, Topics.terminalRegistration);
    const terminal = await TestTerminal.open(gateway.port, headerPhone, version);
    terminals.push(terminal);
    const authCode = await terminal.login(deviceId);
    // Stored by admin before the terminal learnt its code: canonical phone, device id and the random code.
    expect(registrations.values).toEqual([expect.objectContaining({ terminalPhone: headerPhone.replace(/^0+/, ''), change: 'registered', deviceId, authCode, protocolVersion: version })]);
    const serial = terminal.send(0x0200, locationBody());
    await terminal.expectAck(serial);
    await waitUntil(() => positions.values.length === 1, 2000, 'position');
    expect(positions.values[0]).toMatchObject({ terminalPhone: headerPhone, vehicleId });

    // The instruction side names the terminal as the registry does.
    const registryPhone = headerPhone.replace(/^0+/, '');
    const command = { commandId: `c-${version}`, terminalPhone: registryPhone, msgId: '0x8201', body: {}, requestedAt: Date.now(), timeoutMs: 5000 };
    await bus.publish(Topics.downlinkCommand, { key: registryPhone, value: command });
    const query = await terminal.expect((m) => m.msgId === 0x8201);
    expect(query.phone).toBe(headerPhone);
    terminal.send(0x0201, { replySerial: query.serial, location: locationBody() });
    await waitUntil(() => results.values.length === 1, 3000, 'command result');
    expect(results.values[0]).toMatchObject({ commandId: command.commandId, status: InstructionStatus.SUCCESS });
  });

  it('refuses another device with a provisioned SIM: 4 before the terminal registered, 3 after, and no code either way', async () => {
    const register = async (deviceId: string) => {
      const terminal = await TestTerminal.open(gateway.port, '013800000042');
      terminals.push(terminal);
      terminal.send(0x0100, { province: 11, city: 100, makerId: 'EVIL1', model: 'X', terminalId: deviceId, plateColor: 1, plate: '京A12345' });
      return (await terminal.expect((m) => m.msgId === 0x8100)).body as { result: number; authCode?: string };
    };
    expect(await register('EVIL001')).toEqual(expect.objectContaining({ result: 4 }));
    const owner = await TestTerminal.open(gateway.port, '013800000042');
    terminals.push(owner);
    const code = await owner.login('T800042');
    const taker = await register('EVIL001');
    expect(taker.result).toBe(3);
    expect(taker.authCode ?? '').toBe('');
    // The owner's session is untouched; after its 0x0003 log-off the old code no longer authenticates.
    const logout = owner.send(0x0003, {});
    expect((await owner.expectAck(logout)).body).toMatchObject({ result: 0 });
    const replay = await TestTerminal.open(gateway.port, '013800000042');
    terminals.push(replay);
    const auth = replay.send(0x0102, { authCode: code });
    expect((await replay.expectAck(auth)).body).toMatchObject({ result: 1 });
  });

  it('refuses a terminal the registry does not know (0x8100 result 4)', async () => {
    const terminal = await TestTerminal.open(gateway.port, '013700000099');
    terminals.push(terminal);
    await expect(terminal.login()).rejects.toThrow(/"result":4/);
  });
});
