// Subpackaged uploads as outside terminals send them (JT/T 808-2013 §4.4.3, 0x0801 with table 82's
// 0x8800), and what an unauthenticated terminal may say, over real TCP.
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { Topics } from '@openfleet/contracts';
import { encodeBody } from '@openfleet/jt808';
import { performance } from 'node:perf_hooks';
import { recordTopic, waitUntil } from './testing/bus-recorder';
import { startGateway, type RunningGateway } from './testing/gateway-harness';
import { locationBody, TestTerminal } from './testing/test-terminal';

const PACKETS = 4;

describe('gateway-808 subpackages and pre-auth replies', () => {
  let bus: InProcessBus;
  let gateway: RunningGateway;
  const terminals: TestTerminal[] = [];

  beforeEach(async () => {
    bus = new InProcessBus({ logger: silentBusLogger });
    // The default 10 s wait before 0x8003: a stop-and-wait terminal must not need it.
    gateway = await startGateway(bus);
  });

  afterEach(async () => {
    terminals.splice(0).forEach((t) => t.close());
    await gateway.close();
  });

  it('answers every packet of a stop-and-wait 0x0801 upload at once, then 0x8800 with no retransmit fields', async () => {
    const uplinks = await recordTopic(bus, Topics.terminalUplink);
    const raw = await recordTopic(bus, Topics.rawFrames);
    const terminal = await TestTerminal.open(gateway.port, '013900000801');
    terminals.push(terminal);
    await terminal.login();
    const media = { mediaId: 77, mediaType: 0, format: 0, event: 1, channel: 1, location: { ...locationBody(), extras: [] }, data: 'ff'.repeat(2000) };
    const body = encodeBody(0x0801, media, '2013');
    const size = Math.ceil(body.length / PACKETS);
    const started = performance.now();
    const waits: number[] = [];
    for (let index = 1; index <= PACKETS; index++) {
      const part = body.subarray((index - 1) * size, index * size);
      const sent = performance.now();
      const serial = terminal.send(0x0801, { hex: part.toString('hex') }, { subpackage: { total: PACKETS, index } });
      // Stop-and-wait: the next packet goes only after this one's answer.
      expect((await terminal.expectAck(serial, 2000)).body).toMatchObject({ replyId: 0x0801, result: 0 });
      waits.push(performance.now() - sent);
    }
    const reply = await terminal.expect((m) => m.msgId === 0x8800, 2000);
    const elapsedMs = performance.now() - started;
    expect(reply.body).toEqual({ mediaId: 77 });
    expect(terminal.received.some((m) => m.msgId === 0x8003)).toBe(false);
    await waitUntil(() => uplinks.values.some((u) => u.msgId === '0x0801'), 2000, 'reassembled upload');
    expect(uplinks.values.find((u) => u.msgId === '0x0801')?.body).toMatchObject({ mediaId: 77, data: media.data });
    // On the wire the 0x8800 body is the 4-byte media id alone (message properties' length = 4).
    await waitUntil(() => raw.values.some((batch) => batch.frames.some((f) => f.hex.startsWith('7e8800'))), 2000, 'raw 0x8800');
    const frame = raw.values.flatMap((batch) => batch.frames).find((f) => f.hex.startsWith('7e8800'))!;
    expect(parseInt(frame.hex.slice(6, 10), 16) & 0x3ff).toBe(4);
    // Measured, not asserted as a timing: printed for the closing note (a 10 s stall per packet before).
    console.info(`stop-and-wait 0x0801, ${PACKETS} packets: ${elapsedMs.toFixed(1)} ms in all, slowest answer ${Math.max(...waits).toFixed(1)} ms`);
  });

  it('ignores a general reply (0x0001) sent before authentication instead of closing the connection', async () => {
    const terminal = await TestTerminal.open(gateway.port, '013900000802');
    terminals.push(terminal);
    terminal.send(0x0100, { province: 11, city: 100, makerId: 'OFLT1', model: 'M', terminalId: 'T000802', plateColor: 1, plate: '京A12345' });
    const registered = await terminal.expect((m) => m.msgId === 0x8100);
    // The outside client answers the platform's 0x8100 with a general reply.
    terminal.send(0x0001, { replySerial: registered.serial, replyId: 0x8100, result: 0 });
    const auth = terminal.send(0x0102, { authCode: (registered.body as { authCode: string }).authCode });
    expect((await terminal.expectAck(auth)).body).toMatchObject({ result: 0 });
    expect(terminal.closed).toBe(false);
    expect(terminal.received.filter((m) => m.msgId === 0x8001)).toHaveLength(0);
  });
});
