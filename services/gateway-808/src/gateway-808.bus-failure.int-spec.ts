import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { Topics, type Position } from '@openfleet/contracts';
import { FlakyBus, waitUntil } from './testing/bus-recorder';
import { startGateway, type RunningGateway } from './testing/gateway-harness';
import { locationBody, TestTerminal } from './testing/test-terminal';

describe('gateway-808 when the bus fails mid-stream', () => {
  let bus: FlakyBus;
  let gateway: RunningGateway;
  let terminal: TestTerminal;

  beforeEach(async () => {
    bus = new FlakyBus(new InProcessBus({ logger: silentBusLogger }));
    gateway = await startGateway(bus, { GATEWAY_808_MAX_PENDING_PER_SESSION: '4' });
    terminal = await TestTerminal.open(gateway.port, '013800000001');
    await terminal.login();
  });

  afterEach(async () => {
    terminal.close();
    bus.failing = false;
    await gateway.close();
  });

  const acceptedSerials = () =>
    new Set(((bus.accepted.get(Topics.position.name) ?? []) as Position[]).map((p) => p.serial));
  const ackedSerials = () =>
    new Set(terminal.received.filter((m) => m.msgId === 0x8001 && (m.body as { replyId: number }).replyId === 0x0200).map((m) => (m.body as { replySerial: number }).replySerial));

  it('acks nothing while the bus is down, pauses the socket, and loses no acknowledged frame', async () => {
    const before = Array.from({ length: 10 }, (_, i) => terminal.send(0x0200, locationBody(i)));
    await waitUntil(() => before.every((s) => ackedSerials().has(s)), 3000, 'acks before the outage');

    bus.failing = true;
    const during = Array.from({ length: 20 }, (_, i) => terminal.send(0x0200, locationBody(100 + i)));
    await new Promise((r) => setTimeout(r, 800));
    const ackedDuringOutage = during.filter((s) => ackedSerials().has(s));
    expect(ackedDuringOutage).toEqual([]);
    const conn = gateway.server.sessionOf(terminal.phone)!;
    expect(conn.paused).toBe(true);
    // Back-pressure: at most one socket read's worth of frames is held, not an unbounded queue.
    expect(conn.pendingPublishes).toBeLessThanOrEqual(20);

    bus.failing = false;
    await waitUntil(() => during.every((s) => ackedSerials().has(s)), 10_000, 'acks after the bus returned');
    const after = Array.from({ length: 5 }, (_, i) => terminal.send(0x0200, locationBody(200 + i)));
    await waitUntil(() => after.every((s) => ackedSerials().has(s)), 3000, 'acks after recovery');

    const accepted = acceptedSerials();
    const missing = [...ackedSerials()].filter((s) => !accepted.has(s));
    expect(missing).toEqual([]);
    expect(conn.paused).toBe(false);
  });

  it('never acks a frame whose terminal left while the bus was down', async () => {
    bus.failing = true;
    const serials = Array.from({ length: 5 }, (_, i) => terminal.send(0x0200, locationBody(i)));
    await new Promise((r) => setTimeout(r, 300));
    terminal.close();
    await new Promise((r) => setTimeout(r, 100));
    bus.failing = false;
    await new Promise((r) => setTimeout(r, 1500));
    const accepted = acceptedSerials();
    expect(serials.filter((s) => accepted.has(s))).toEqual([]);
    expect(ackedSerials().size).toBe(0);
  });
});
