import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { InstructionStatus, Topics, type DownlinkCommand } from '@openfleet/contracts';
import { encodeBody, type Jt808Message } from '@openfleet/jt808';
import { recordTopic, waitUntil } from './testing/bus-recorder';
import { startGateway, type RunningGateway } from './testing/gateway-harness';
import { locationBody, TestTerminal } from './testing/test-terminal';

describe('gateway-808 over TCP with the in-process bus', () => {
  let bus: InProcessBus;
  let gateway: RunningGateway;
  const terminals: TestTerminal[] = [];
  let phoneCounter = 0;

  const open = async (phone = `0139${String(++phoneCounter).padStart(8, '0')}`) => {
    const terminal = await TestTerminal.open(gateway.port, phone);
    terminals.push(terminal);
    return terminal;
  };

  beforeEach(async () => {
    bus = new InProcessBus({ logger: silentBusLogger });
    gateway = await startGateway(bus, {
      GATEWAY_808_IDLE_TIMEOUT_S: '1',
      GATEWAY_808_SUBPACKAGE_TIMEOUT_MS: '150',
      GATEWAY_808_SUBPACKAGE_RETRIES: '1',
      GATEWAY_808_MAX_BAD_FRAMES: '3',
    });
  });

  afterEach(async () => {
    terminals.splice(0).forEach((t) => t.close());
    await gateway.close();
  });

  it('registers, authenticates, acks 0x0200 after publishing it and maps the position', async () => {
    const positions = await recordTopic(bus, Topics.position);
    const uplinks = await recordTopic(bus, Topics.terminalUplink);
    const sessions = await recordTopic(bus, Topics.terminalSession);
    const terminal = await open();
    await terminal.login();
    const serial = terminal.send(0x0200, locationBody());
    const ack = await terminal.expectAck(serial);
    expect(ack.body).toEqual({ replySerial: serial, replyId: 0x0200, result: 0 });
    await waitUntil(() => positions.values.length === 1, 2000, 'position');
    expect(positions.values[0]).toMatchObject({
      terminalPhone: terminal.phone,
      latitudeE6: 39_900_000,
      longitudeE6: 116_400_000,
      speedDkmh: 425,
      mileageHm: 12345,
      hasMileage: true,
      fuelDl: 332,
      hasFuel: true,
      blindArea: false,
      serial,
      extrasJson: '{"signalStrength":25}',
    });
    // Location reports travel only as position records.
    expect(uplinks.values.map((u) => u.msgId)).toEqual(['0x0100', '0x0102']);
    await waitUntil(() => sessions.values.some((s) => s.state === 'online'), 2000, 'online event');
  });

  it('answers 0x0004 with the server time and keeps 0x0704 items in order', async () => {
    const positions = await recordTopic(bus, Topics.position);
    const terminal = await open();
    await terminal.login();
    terminal.send(0x0004, {});
    const reply = await terminal.expect((m) => m.msgId === 0x8004);
    expect((reply.body as { time: string }).time).toMatch(/^\d{12}$/);
    const items = [0, 1, 2].map((i) => locationBody(i, new Date(Date.now() - (3 - i) * 60_000)));
    const serial = terminal.send(0x0704, { type: 1, items });
    await terminal.expectAck(serial);
    await waitUntil(() => positions.values.length === 3, 2000, 'blind-area positions');
    expect(positions.values.map((p) => [p.blindArea, p.sequence, p.latitudeE6])).toEqual([
      [true, 0, 39_900_000],
      [true, 1, 39_900_100],
      [true, 2, 39_900_200],
    ]);
  });

  it('acks a driver card report (0x0702) of its own, and not one that answers a 0x8702 request', async () => {
    const results = await recordTopic(bus, Topics.commandResult);
    const terminal = await open();
    await terminal.login();
    const card = { status: 1, time: '261120083000', icResult: 0, name: '张三', certificate: '110101199001011234', issuer: '北京', expiry: '20301231' };
    await terminal.expectAck(terminal.send(0x0702, card));
    await bus.publish(Topics.downlinkCommand, { key: terminal.phone, value: { commandId: 'd1', terminalPhone: terminal.phone, msgId: '0x8702', body: {}, requestedAt: Date.now(), timeoutMs: 5000 } });
    await terminal.expect((m) => m.msgId === 0x8702);
    const answerSerial = terminal.send(0x0702, card);
    await waitUntil(() => results.values.some((r) => r.commandId === 'd1'), 3000, 'the 0x8702 result');
    expect(results.values.find((r) => r.commandId === 'd1')).toMatchObject({ status: InstructionStatus.SUCCESS, replyMsgId: '0x0702' });
    await expect(terminal.expectAck(answerSerial, 300)).rejects.toThrow(/timed out/);
  });

  it('rejects unknown auth codes and unauthenticated traffic, then closes', async () => {
    const a = await open();
    const serial = a.send(0x0102, { authCode: 'WRONG' });
    expect((await a.expectAck(serial)).body).toMatchObject({ result: 1 });
    await a.waitClosed();

    const b = await open();
    const s2 = b.send(0x0200, locationBody());
    expect((await b.expectAck(s2)).body).toMatchObject({ result: 1 });
    await b.waitClosed();
  });

  it('replaces the old connection of a terminal and times idle sessions out', async () => {
    const sessions = await recordTopic(bus, Topics.terminalSession);
    const first = await open('013900000777');
    await first.login();
    const second = await open('013900000777');
    await second.login();
    await first.waitClosed();
    await waitUntil(() => sessions.values.some((s) => s.reason === 'replaced'), 2000, 'replaced event');
    const serial = second.send(0x0002, {});
    await second.expectAck(serial);
    // Idle timeout is 1 s in this suite.
    await second.waitClosed(4000);
    await waitUntil(() => sessions.values.some((s) => s.reason === 'idle-timeout'), 2000, 'idle event');
    expect(gateway.server.sessions.size).toBe(0);
  });

  it('drops malformed frames without ack, keeps serving, and closes after too many in a row', async () => {
    const raw = await recordTopic(bus, Topics.rawFrames);
    const terminal = await open();
    await terminal.login();
    const good = terminal.send(0x0200, locationBody());
    await terminal.expectAck(good);
    const bad = Buffer.from(encodeFrameWithBadChecksum(terminal, 0x0200));
    terminal.writeRaw(bad);
    const next = terminal.send(0x0200, locationBody(1));
    await terminal.expectAck(next);
    expect(terminal.received.filter((m) => m.msgId === 0x8001)).toHaveLength(0);
    const metrics = await gateway.server.metrics.decodeErrors.get();
    expect(metrics.values.find((v) => v.labels.code === 'CHECKSUM_MISMATCH')?.value).toBeGreaterThanOrEqual(1);
    // Raw capture: every frame in and out, the rejected one with its error code and exact bytes.
    const frames = () => raw.values.flatMap((batch) => batch.frames.map((f) => ({ ...f, gatewayId: batch.gatewayId })));
    await waitUntil(() => frames().filter((f) => f.direction === 'down').length >= 4, 2000, 'raw frames');
    expect(frames().find((f) => f.error === 'CHECKSUM_MISMATCH')).toMatchObject({
      terminalPhone: terminal.phone,
      direction: 'up',
      hex: bad.toString('hex'),
      gatewayId: gateway.server.gatewayId,
    });
    const ups = frames().filter((f) => f.direction === 'up' && !f.error).map((f) => parseInt(f.hex.slice(2, 6), 16));
    expect(ups).toEqual([0x0100, 0x0102, 0x0200, 0x0200]);
    const downs = frames().filter((f) => f.direction === 'down').map((f) => parseInt(f.hex.slice(2, 6), 16));
    expect(downs).toEqual([0x8100, 0x8001, 0x8001, 0x8001]);
    for (let i = 0; i < 3; i++) terminal.writeRaw(Buffer.from([0x7e, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0x7e]));
    await terminal.waitClosed();
  });

  it('reassembles subpackages, asks for missing parts with 0x8003 and acks every part after publishing', async () => {
    const positions = await recordTopic(bus, Topics.position);
    const terminal = await open();
    await terminal.login();
    const body = encodeBody(0x0200, locationBody(), '2013');
    const half = Math.ceil(body.length / 2);
    const parts = [body.subarray(0, half), body.subarray(half)];
    const first = terminal.send(0x0200, { hex: parts[0].toString('hex') }, { subpackage: { total: 2, index: 1 } });
    const request = await terminal.expect((m) => m.msgId === 0x8003, 2000);
    expect(request.body).toEqual({ originalSerial: first, indexes: [2] });
    const second = terminal.send(0x0200, { hex: parts[1].toString('hex') }, { subpackage: { total: 2, index: 2 } });
    await terminal.expectAck(first);
    await terminal.expectAck(second);
    await waitUntil(() => positions.values.length === 1, 2000, 'reassembled position');
    expect(positions.values[0]).toMatchObject({ terminalPhone: terminal.phone, latitudeE6: 39_900_000, speedDkmh: 425, serial: first });
  });

  it('gives up on a subpackaged message whose parts never come', async () => {
    const terminal = await open();
    await terminal.login();
    terminal.send(0x0200, { hex: 'aabb' }, { subpackage: { total: 3, index: 1 } });
    await terminal.expect((m) => m.msgId === 0x8003, 2000);
    await waitUntil(() => gateway.server.sessionOf(terminal.phone)?.existingAssembler?.size === 0, 2000, 'abandon');
  });

  it('delivers commands, matches replies and publishes results (success, failure, timeout, offline)', async () => {
    const results = await recordTopic(bus, Topics.commandResult);
    const terminal = await open();
    await terminal.login();
    // Heartbeats keep the session inside this suite's 1 s idle timeout.
    const heartbeat = setInterval(() => terminal.send(0x0002, {}), 300);
    const command = (commandId: string, msgId: string, body: Record<string, unknown>, timeoutMs = 5000): DownlinkCommand => ({
      commandId,
      terminalPhone: terminal.phone,
      msgId,
      body,
      requestedAt: Date.now(),
      timeoutMs,
    });
    await bus.publish(Topics.downlinkCommand, {
      key: terminal.phone,
      value: command('c1', '0x8103', { items: [{ id: 0x0001, type: 'dword', value: 30 }] }),
    });
    const setParams = await terminal.expect((m) => m.msgId === 0x8103);
    terminal.send(0x0001, { replySerial: setParams.serial, replyId: 0x8103, result: 0 });

    await bus.publish(Topics.downlinkCommand, { key: terminal.phone, value: command('c2', '0x8201', {}) });
    const query = await terminal.expect((m) => m.msgId === 0x8201);
    terminal.send(0x0201, { replySerial: query.serial, location: locationBody() });

    await bus.publish(Topics.downlinkCommand, { key: terminal.phone, value: command('c3', '0x8105', { command: 4 }) });
    const control = await terminal.expect((m: Jt808Message) => m.msgId === 0x8105);
    terminal.send(0x0001, { replySerial: control.serial, replyId: 0x8105, result: 1 });

    await bus.publish(Topics.downlinkCommand, { key: terminal.phone, value: command('c4', '0x8201', {}, 1000) });
    await bus.publish(Topics.downlinkCommand, { key: '013999999999', value: { ...command('c5', '0x8201', {}), terminalPhone: '013999999999' } });

    await waitUntil(() => results.values.length === 5, 5000, 'five results').finally(() => clearInterval(heartbeat));
    const byId = Object.fromEntries(results.values.map((r) => [r.commandId, r]));
    expect(byId.c1).toMatchObject({ status: InstructionStatus.SUCCESS, replyMsgId: '0x0001', replyResult: 0 });
    expect(byId.c2).toMatchObject({ status: InstructionStatus.SUCCESS, replyMsgId: '0x0201' });
    expect(byId.c3).toMatchObject({ status: InstructionStatus.FAILED, replyResult: 1 });
    expect(byId.c4).toMatchObject({ status: InstructionStatus.RESPONSE_TIMEOUT });
    expect(byId.c5).toMatchObject({ status: InstructionStatus.DEVICE_OFFLINE });
  });
});

function encodeFrameWithBadChecksum(terminal: TestTerminal, msgId: number): Buffer {
  // Encode a valid frame through a throwaway terminal, then corrupt the checksum byte.
  const { encodeFrame } = jest.requireActual<typeof import('@openfleet/jt808')>('@openfleet/jt808');
  const frame = Buffer.from(encodeFrame({ msgId, version: '2013', phone: terminal.phone, serial: 999, body: locationBody() }));
  frame[frame.length - 2] ^= 0x55;
  if (frame[frame.length - 2] === 0x7e || frame[frame.length - 2] === 0x7d) frame[frame.length - 2] ^= 0x01;
  return frame;
}
