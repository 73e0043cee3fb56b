// Hostile clients over real TCP: a bad-checksum flood and a connection that never authenticates.
// Everyone else keeps being served.
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { encodeFrame } from '@openfleet/jt808';
import { connect, type Socket } from 'node:net';
import { startGateway, type RunningGateway } from './testing/gateway-harness';
import { locationBody, TestTerminal } from './testing/test-terminal';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function badChecksumFrame(serial: number): Buffer {
  const frame = Buffer.from(encodeFrame({ msgId: 0x0200, version: '2013', phone: '013900000666', serial, body: locationBody() }));
  frame[frame.length - 2] ^= 0x55;
  if (frame[frame.length - 2] === 0x7e || frame[frame.length - 2] === 0x7d) frame[frame.length - 2] ^= 0x01;
  return frame;
}

async function openSocket(port: number): Promise<{ socket: Socket; closed: Promise<void> }> {
  const socket = connect({ host: '127.0.0.1', port });
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  return { socket, closed };
}

describe('gateway-808 against hostile clients', () => {
  let gateway: RunningGateway;
  const terminals: TestTerminal[] = [];

  beforeEach(async () => {
    gateway = await startGateway(new InProcessBus({ logger: silentBusLogger }), { GATEWAY_808_PREAUTH_TIMEOUT_S: '1', GATEWAY_808_MAX_BAD_FRAMES: '10' });
  });

  afterEach(async () => {
    terminals.splice(0).forEach((t) => t.close());
    jest.restoreAllMocks();
    await gateway.close();
  });

  it('rate-limits the logs of a bad-checksum flood, counts it, closes the flooding connections and keeps serving others', async () => {
    const warn = jest.spyOn(gateway.server.logger, 'warn');
    const honest = await TestTerminal.open(gateway.port, '013900000665');
    terminals.push(honest);
    await honest.login();
    let sent = 0;
    let closedConnections = 0;
    // 20 connections from one address, each writing 500 bad frames at once (10,000 in all).
    for (let round = 0; round < 20; round++) {
      const { socket, closed } = await openSocket(gateway.port);
      socket.write(Buffer.concat(Array.from({ length: 500 }, (_, i) => badChecksumFrame(sent + i))));
      sent += 500;
      await Promise.race([closed.then(() => closedConnections++), sleep(3000)]);
      socket.destroy();
      // The honest terminal is answered between the bursts.
      const serial = honest.send(0x0200, locationBody(round));
      expect((await honest.expectAck(serial)).body).toMatchObject({ result: 0 });
    }
    expect(closedConnections).toBe(20);
    const badLines = warn.mock.calls.filter(([line]) => /bad frame|closing/.test(String(line)));
    // Five lines a minute for the source, not one per frame.
    expect(badLines.length).toBeLessThanOrEqual(5);
    const metrics = await gateway.server.metrics.badFrameLogsSuppressed.get();
    expect(metrics.values[0].value).toBeGreaterThan(100);
    expect(honest.closed).toBe(false);
  });

  it('rate-limits the warnings of a client guessing auth codes, one connection per guess', async () => {
    const warn = jest.spyOn(gateway.server.logger, 'warn');
    for (let guess = 0; guess < 40; guess++) {
      const terminal = await TestTerminal.open(gateway.port, '013900000669');
      terminals.push(terminal);
      const serial = terminal.send(0x0102, { authCode: `GUESS${guess}` });
      expect((await terminal.expectAck(serial)).body).toMatchObject({ result: 1 });
      await terminal.waitClosed();
    }
    expect(warn.mock.calls.filter(([line]) => /unknown auth code/.test(String(line))).length).toBeLessThanOrEqual(5);
    expect((await gateway.server.metrics.refusalLogsSuppressed.get()).values[0].value).toBeGreaterThanOrEqual(35);
  });

  it('closes a connection that interleaves good and bad frames once it sent ten times the limit', async () => {
    const terminal = await TestTerminal.open(gateway.port, '013900000667');
    terminals.push(terminal);
    await terminal.login();
    for (let i = 0; i < 100 && !terminal.closed; i++) {
      terminal.writeRaw(badChecksumFrame(i));
      const serial = terminal.send(0x0002, {});
      await terminal.expectAck(serial).catch(() => undefined);
    }
    await terminal.waitClosed(2000);
  });

  it('closes a connection that never authenticates after the pre-auth timeout (slowloris), not the idle timeout', async () => {
    const { socket, closed } = await openSocket(gateway.port);
    const started = Date.now();
    // One byte of a frame every 200 ms: never a whole frame, never idle.
    const trickle = setInterval(() => socket.write(Buffer.from([0x7e])), 200);
    const honest = await TestTerminal.open(gateway.port, '013900000668');
    terminals.push(honest);
    await honest.login();
    await Promise.race([closed, sleep(5000)]);
    clearInterval(trickle);
    expect(socket.destroyed || socket.readableEnded).toBe(true);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(4000);
    // The authenticated terminal outlives the pre-auth timeout.
    const serial = honest.send(0x0002, {});
    expect((await honest.expectAck(serial)).body).toMatchObject({ result: 0 });
  });
});
