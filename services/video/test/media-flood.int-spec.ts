// The media port flooded past VIDEO_MAX_LINKS on the whole video module over real TCP and HTTP
// (issue 32): four terminals stream the simulator's sample to their open streams, one of them to a
// browser's WebSocket; then more terminals than the budget allows name open streams, and junk links
// pour in from the same address. The links past the budget are closed ('budget'), the junk is refused
// at accept or closed at its deadline, and meanwhile the identified links keep streaming, the viewer
// keeps receiving fragments and /health answers.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { Topics } from '@openfleet/contracts';
import { samplePackets } from '@openfleet/jt1078';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { MEDIA_TOKENS, MediaIngestServer, StreamHub, VideoModule, type MediaTokens } from '../src';

jest.setTimeout(90_000);

const SAMPLE = { video: readFileSync(join(__dirname, '../../../scripts/simulator/media/sample.h264')), audio: readFileSync(join(__dirname, '../../../scripts/simulator/media/sample.g711a')) };
const MAX_LINKS = 4;
const TERMINALS = 8;
const JUNK_LINKS = 40;
const PER_ADDRESS = 8;
const sims = Array.from({ length: TERMINALS }, (_, i) => `01330000${String(700 + i).padStart(4, '0')}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A terminal's media link sending the sample in real time, looped; stops when the server closes it. */
function terminalLink(port: number, sim: string): { socket: Socket; closed: () => boolean; stop: () => void } {
  const socket = connect(port, '127.0.0.1');
  socket.setNoDelay(true);
  let closed = false;
  socket.on('error', () => undefined);
  socket.on('close', () => (closed = true));
  const startedAt = Date.now();
  const packets = samplePackets(SAMPLE, { sim, simBytes: 6, channel: 1, startAt: startedAt });
  const lengthMs = packets.at(-1)!.atMs + 40;
  let next = 0;
  let pass = 0;
  const timer = setInterval(() => {
    const elapsed = Date.now() - startedAt;
    while (!closed && pass * lengthMs + packets[next].atMs <= elapsed) {
      socket.write(packets[next].packet);
      if (++next === packets.length) [next, pass] = [0, pass + 1];
    }
  }, 20);
  return { socket, closed: () => closed, stop: () => (clearInterval(timer), socket.destroy()) };
}

describe.each(['sqlite', 'mysql'] as const)('the media port flooded past VIDEO_MAX_LINKS (%s)', (engine) => {
  const env: NodeJS.ProcessEnv = {
    ...testStorageEnv(engine, 'videoflood'),
    LOG_LEVEL: 'silent',
    AUTH_JWT_SECRET: 'video-flood-secret-video-flood-secret-0123456789',
    VIDEO_URL_SECRET: 'video-flood-url-secret-0123456789-0123456789',
    VIDEO_MEDIA_TCP_PORT: '0',
    VIDEO_MEDIA_UDP_PORT: '-1',
    VIDEO_FTP_PORT: '-1',
    VIDEO_MEDIA_HOST: '127.0.0.1',
    VIDEO_PUBLIC_HOST: '127.0.0.1',
    VIDEO_MAX_LINKS: String(MAX_LINKS),
    VIDEO_IDENTIFY_S: '2',
    VIDEO_MAX_UNIDENTIFIED_PER_ADDRESS: String(PER_ADDRESS),
    VIDEO_MAX_UNIDENTIFIED_LINKS: '16',
  };
  let app: INestApplication;
  let base: string;
  const links: ReturnType<typeof terminalLink>[] = [];
  const junk: Socket[] = [];

  beforeAll(async () => {
    const bus = new InProcessBus({ logger: silentBusLogger });
    const now = Date.now();
    await bus.publish(Topics.terminalRegistry, sims.map((sim, i) => ({ key: sim.slice(1), value: { terminalPhone: sim.slice(1), terminalId: `ft${i}`, terminalCode: `FLOOD${i}`, vehicleId: `fv${i}`, plateCode: `京F${i}`, plateColor: 2, companyId: '1', authCode: '', registrationState: 1, protocolVersion: '2013', videoChannels: 1, deleted: false, updatedAt: now } })));
    await bus.publish(Topics.vehicleRegistry, sims.map((sim, i) => ({ key: `fv${i}`, value: { vehicleId: `fv${i}`, plateCode: `京F${i}`, plateColor: 2, vin: '', companyId: '1', companyPath: ['1'], fleetPath: [], terminalPhone: sim.slice(1), vehicleType: 1, deleted: false, updatedAt: now } })));
    app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'video-flood-test', config: loadConfig(PlatformConfig, env), bus, env }), VideoModule] }).compile()).createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    base = `127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
    await sleep(300);
  });

  afterAll(async () => {
    links.forEach((link) => link.stop());
    junk.forEach((socket) => socket.destroy());
    await app?.close();
    await dropTestSchema(env, 'video');
  });

  it('closes the links past the budget and the junk, while the identified links stream on to their viewer and /health answers', async () => {
    const hub = app.get(StreamHub);
    const ingest = app.get(MediaIngestServer);
    const port = ingest.tcpPort();
    // Every terminal's channel is open, as the signalling opens it for 0x9101.
    const streams = sims.map((sim, i) => hub.open({ vehicleId: `fv${i}`, plateCode: `京F${i}`, companyId: '1', terminalPhone: sim, channel: 1, kind: 'live', streamType: 1, dataType: 0, openedBy: 'flood-test' }));
    for (let i = 0; i < MAX_LINKS; i++) links.push(terminalLink(port, sims[i]));
    const token = app.get<symbol, MediaTokens>(MEDIA_TOKENS).issue(streams[0].key, 'viewer').token;
    const fragments: number[] = [];
    const ws = new WebSocket(`ws://${base}/video/ws/${encodeURIComponent(streams[0].key)}?token=${encodeURIComponent(token)}`);
    ws.on('message', (_data, isBinary) => isBinary && fragments.push(Date.now()));
    for (let i = 0; i < 100 && ingest.linkServer.counts().identified < MAX_LINKS; i++) await sleep(50);
    expect(ingest.linkServer.counts().identified).toBe(MAX_LINKS);
    await sleep(1000);
    const framesBefore = streams.slice(0, MAX_LINKS).map((stream) => stream.framesIn);
    const fragmentsBefore = fragments.length;

    // The flood: terminals past the budget naming open streams, and junk from the same address.
    const extra = sims.slice(MAX_LINKS).map((sim) => terminalLink(port, sim));
    links.push(...extra);
    let junkClosed = 0;
    for (let i = 0; i < JUNK_LINKS; i++) {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      socket.on('close', () => junkClosed++);
      socket.on('connect', () => socket.write(Buffer.alloc(64, 0x5a)));
      junk.push(socket);
    }
    const health = await fetch(`http://${base}/health`);
    expect(health.status).toBe(200);
    // The identification deadline (2 s) passes for the junk that was let in.
    await sleep(3500);

    expect(extra.map((link) => link.closed())).toEqual(extra.map(() => true));
    expect(ingest.linkServer.closes('budget')).toBe(TERMINALS - MAX_LINKS);
    expect(streams.slice(MAX_LINKS).map((stream) => stream.framesIn)).toEqual(extra.map(() => 0));
    expect(junkClosed).toBe(JUNK_LINKS);
    expect(ingest.linkServer.closes('refused')).toBeGreaterThanOrEqual(JUNK_LINKS - PER_ADDRESS);
    // The identified links never stopped: about 25 frames a second each, and the viewer got them.
    expect(links.slice(0, MAX_LINKS).map((link) => link.closed())).toEqual([false, false, false, false]);
    streams.slice(0, MAX_LINKS).forEach((stream, i) => expect(stream.framesIn - framesBefore[i]).toBeGreaterThan(50));
    expect(fragments.length - fragmentsBefore).toBeGreaterThan(50);
    expect(ingest.linkServer.counts().identified).toBe(MAX_LINKS);
    expect((await fetch(`http://${base}/health`)).status).toBe(200);
    ws.close();
  });
});
