// Video at two replicas (issue 31) on one MariaDB database, with the api's video proxy in front, over
// real TCP, HTTP and WebSocket. The stream is opened on replica A: the 0x9101 names A's media port and
// the simulated terminal streams there; a viewer through the api is routed to A by stream key. A second
// viewer whose open lands on B gets A's stream (no second 0x9101) and is routed to A too. Then A dies
// abruptly (its connections cut, its database gone, nothing released): the viewer reopens through the
// api; B finds A gone (A's internal URL refuses B's probe) and takes the stream over at once, before
// A's lease lapses, with a new 0x9101 naming B's port; the terminal connects to B, and the viewer gets
// fMP4 again from B.
// Talk-back first: a talk opened through the api lands on B (the api's default replica), whose 0x9101
// names B's media port; B owns the session (`talk:<talkId>`) and the channel (`<phone>-1-talk`) in the
// registry. The talker's socket, through an api whose default replica is A, is routed to B by the talk
// id; a second talk on the channel via A answers 3020; the browser's audio reaches the terminal's talk
// link; the close sent to A is forwarded to B, which sends 0x9102 command 4; the other way round too.
import { Module, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { PermissionCache, TokenService, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger, type EventBus, type Subscription } from '@openfleet/bus';
import { canonicalTerminalPhone, InstructionStatus, Topics, type InstructionRequest } from '@openfleet/contracts';
import { DataType, PayloadType, samplePackets, type Jt1078Packet } from '@openfleet/jt1078';
import { PlatformConfig, PlatformModule, freePorts, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { alaw } from 'alawmulaw';
import type { DataSource } from 'typeorm';
import { WebSocket } from 'ws';
import { mountVideoProxy } from '@openfleet/api';
import { MediaIngestServer, StreamHub, StreamOwners, VideoModule } from '@openfleet/video';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startTalkLink } = require(join(__dirname, '../../../scripts/simulator/video-talk')) as {
  startTalkLink: (options: { host: string; port: number; sim: string; channel: number; dataType: number; onPacket?: (packet: Jt1078Packet) => void }) => { closed: boolean; close(): void };
};

jest.setTimeout(60_000);

const SAMPLE = { video: readFileSync(join(__dirname, '../../../scripts/simulator/media/sample.h264')), audio: readFileSync(join(__dirname, '../../../scripts/simulator/media/sample.g711a')) };
const SIM = '013900000031';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const operator = (id: string): AuthUser => ({ id, companyId: '10', userType: 2, roleIds: ['viewer'], superAdmin: false, scope: { companies: ['10'], fleets: [] } });
const waitFor = async (check: () => boolean, what: string, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
};

@Module({})
class ApiShell {}

/** One replica's connection to the shared bus, as a process has its own client: closing it ends only that replica's subscriptions. */
function replicaBus(shared: InProcessBus): EventBus {
  const subscriptions: Subscription[] = [];
  return {
    kind: shared.kind,
    publish: (topic, records) => shared.publish(topic, records),
    subscribe: async (topic, options) => {
      const subscription = await shared.subscribe(topic, options);
      subscriptions.push(subscription);
      return subscription;
    },
    isHealthy: () => shared.isHealthy(),
    close: async () => void (await Promise.all(subscriptions.map((subscription) => subscription.close()))),
  };
}

/** The terminal's media link to the address a 0x9101 named: the sample in real time, looped, until stopped or closed. */
function terminalLink(port: number): { stop: () => void; closed: () => boolean } {
  const socket: Socket = connect(port, '127.0.0.1');
  let closed = false;
  socket.on('error', () => undefined);
  socket.on('close', () => (closed = true));
  const startedAt = Date.now();
  const packets = samplePackets(SAMPLE, { sim: SIM, simBytes: 6, channel: 1, startAt: startedAt });
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
  return { stop: () => (clearInterval(timer), socket.destroy()), closed: () => closed };
}

/** A viewer's media WebSocket: the binary frames (init segment, then one fMP4 fragment per frame) it receives. */
function watch(url: string): { ws: WebSocket; binary: Buffer[]; texts: string[]; closed: () => boolean } {
  const ws = new WebSocket(url);
  const binary: Buffer[] = [];
  const texts: string[] = [];
  let closed = false;
  ws.on('message', (data, isBinary) => (isBinary ? binary.push(data as Buffer) : texts.push(String(data))));
  ws.on('error', () => undefined);
  ws.on('close', () => (closed = true));
  return { ws, binary, texts, closed: () => closed };
}

const isFragment = (buffer: Buffer) => buffer.subarray(4, 8).toString('latin1') === 'moof';

/** The talker's browser: the talk WebSocket's texts and the terminal's audio (PCM) it received. */
function talker(url: string): Promise<{ ws: WebSocket; texts: Record<string, unknown>[]; pcm: number[]; closed: () => boolean }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const texts: Record<string, unknown>[] = [];
    const pcm: number[] = [];
    let closed = false;
    ws.on('message', (data, isBinary) => {
      if (!isBinary) return void texts.push(JSON.parse(String(data)) as Record<string, unknown>);
      const bytes = data as Buffer;
      for (let i = 0; i + 1 < bytes.length; i += 2) pcm.push(bytes.readInt16LE(i));
    });
    ws.on('close', () => (closed = true));
    ws.once('open', () => resolve({ ws, texts, pcm, closed: () => closed }));
    ws.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    ws.once('error', reject);
  });
}

/** Power of `hz` in 8 kHz PCM (Goertzel), per sample. */
function powerAt(pcm: ArrayLike<number>, hz: number): number {
  const k = 2 * Math.cos((2 * Math.PI * hz) / 8000);
  let s1 = 0;
  let s2 = 0;
  for (let i = 0; i < pcm.length; i++) [s1, s2] = [pcm[i] + k * s1 - s2, s1];
  return (s1 * s1 + s2 * s2 - k * s1 * s2) / pcm.length;
}

describe('video at two replicas behind the api (mysql)', () => {
  const base = testStorageEnv('mysql', 'videoreplicas');
  const bus = new InProcessBus({ logger: silentBusLogger });
  const requests: InstructionRequest[] = [];
  /** When each request reached the terminal (epoch ms), by index. */
  const requestTimes: number[] = [];
  const links: ReturnType<typeof terminalLink>[] = [];
  /** The terminal's talk links (0x9101 data type 2), with the packets the platform sent down each. */
  const talkLinks: { port: number; link: ReturnType<typeof startTalkLink>; received: Jt1078Packet[] }[] = [];
  const viewers: ReturnType<typeof watch>[] = [];
  let replicaA: INestApplication;
  let replicaB: INestApplication;
  let api: INestApplication;
  /** A second api whose default video replica is A (another api replica, or a load balancer's other choice). */
  let apiToA: INestApplication;
  let apiToABase: string;
  let ports: number[];
  let apiBase: string;
  let bearer: string;
  const sockets = new Set<Socket>();

  const startReplica = async (id: string, port: number) => {
    const env: NodeJS.ProcessEnv = {
      ...base,
      LOG_LEVEL: 'silent',
      AUTH_JWT_SECRET: 'video-replicas-secret-video-replicas-secret-0123',
      VIDEO_URL_SECRET: 'video-replicas-url-secret-0123456789-0123456789',
      VIDEO_MEDIA_TCP_PORT: '0',
      VIDEO_MEDIA_UDP_PORT: '-1',
      VIDEO_FTP_PORT: '-1',
      VIDEO_MEDIA_HOST: '127.0.0.1',
      VIDEO_PUBLIC_HOST: '127.0.0.1',
      VIDEO_LOSS_REPORT_S: '0',
      VIDEO_REPLICA_ID: id,
      VIDEO_INTERNAL_URL: `http://127.0.0.1:${port}`,
      VIDEO_STREAM_LEASE_S: '3',
      VIDEO_COMMAND_TIMEOUT_S: '3',
    };
    const app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: `video-${id}`, config: loadConfig(PlatformConfig, env), bus: replicaBus(bus), env }), VideoModule] }).compile()).createNestApplication({ logger: false });
    await app.listen(port, '127.0.0.1');
    (app.getHttpServer() as Server).on('connection', (socket: Socket) => sockets.add(socket));
    return app;
  };

  beforeAll(async () => {
    const now = Date.now();
    // The terminal: answers every video command as the instruction service would after its 0x0001, and
    // for a 0x9101 opens its media link to the address and port the command names (dropping any older one).
    await bus.subscribe(Topics.instructionRequest, {
      group: 'terminal',
      handle: async (messages) => {
        for (const { value } of messages) {
          requests.push(value);
          requestTimes.push(Date.now());
          if (value.msgId === '0x9101' && value.body.dataType === 2) {
            const received: Jt1078Packet[] = [];
            const port = Number(value.body.tcpPort);
            talkLinks.push({ port, received, link: startTalkLink({ host: '127.0.0.1', port, sim: SIM, channel: Number(value.body.channel), dataType: 2, onPacket: (packet) => received.push({ ...packet, body: Buffer.from(packet.body) }) }) });
          } else if (value.msgId === '0x9102' && value.body.command === 4) {
            talkLinks.forEach(({ link }) => link.close());
          } else if (value.msgId === '0x9101') {
            links.forEach((link) => link.stop());
            links.push(terminalLink(Number(value.body.tcpPort)));
          }
          await bus.publish(Topics.instructionOrder, { key: value.vehicleId, value: { orderId: String(requests.length), batchId: value.requestId, vehicleId: value.vehicleId, terminalPhone: '', plateCode: '', commandType: value.commandType, msgId: value.msgId, status: InstructionStatus.SUCCESS, errorCode: 0, at: Date.now() } });
        }
      },
    });
    await bus.publish(Topics.rolePermissions, [{ key: 'viewer', value: { roleId: 'viewer', actionCodes: ['videoPlay'], deleted: false, updatedAt: now } }]);
    await bus.publish(Topics.vehicleRegistry, [{ key: 'v31', value: { vehicleId: 'v31', plateCode: '京V00031', plateColor: 1, vin: '', companyId: '10', companyPath: ['10'], fleetPath: [], terminalPhone: SIM, deleted: false, updatedAt: now } }]);
    await bus.publish(Topics.terminalRegistry, [{ key: SIM, value: { terminalPhone: SIM, terminalId: 't31', terminalCode: 'T31', vehicleId: 'v31', plateCode: '京V00031', plateColor: 1, companyId: '10', authCode: '', registrationState: 1, protocolVersion: '2013', videoChannels: 2, deleted: false, updatedAt: now } }]);
    ports = await freePorts(2);
    replicaA = await startReplica('replica-a', ports[0]);
    replicaB = await startReplica('replica-b', ports[1]);
    for (const app of [replicaA, replicaB]) await waitFor(() => app.get(PermissionCache).allows(operator('x'), ['videoPlay']), 'role');
    bearer = `Bearer ${await replicaA.get(TokenService).sign(operator('11'))}`;
    // The api: signalling goes to its VIDEO_URL (here B, as a load balancer might choose), media by stream key to the owner.
    api = (await Test.createTestingModule({ imports: [ApiShell] }).compile()).createNestApplication({ logger: false });
    mountVideoProxy(api, `http://127.0.0.1:${ports[1]}`, { cacheMs: 500 });
    await api.listen(0, '127.0.0.1');
    (api.getHttpServer() as Server).on('connection', (socket: Socket) => sockets.add(socket));
    apiBase = `127.0.0.1:${(api.getHttpServer().address() as { port: number }).port}`;
    apiToA = (await Test.createTestingModule({ imports: [ApiShell] }).compile()).createNestApplication({ logger: false });
    mountVideoProxy(apiToA, `http://127.0.0.1:${ports[0]}`, { cacheMs: 500 });
    await apiToA.listen(0, '127.0.0.1');
    (apiToA.getHttpServer() as Server).on('connection', (socket: Socket) => sockets.add(socket));
    apiToABase = `127.0.0.1:${(apiToA.getHttpServer().address() as { port: number }).port}`;
  });

  afterAll(async () => {
    links.forEach((link) => link.stop());
    talkLinks.forEach(({ link }) => link.close());
    viewers.forEach((viewer) => viewer.ws.terminate());
    // Upgraded (WebSocket) connections are no longer the HTTP server's to close: end them here.
    sockets.forEach((socket) => socket.destroy());
    await api?.close();
    await apiToA?.close();
    await replicaB?.close();
    await replicaA?.close().catch(() => undefined);
    await bus.close();
    await dropTestSchema(base, 'video');
  });

  const openLive = async (target: string) => {
    const response = await fetch(`http://${target}/video/live/open`, { method: 'POST', headers: { Authorization: bearer, 'Content-Type': 'application/json' }, body: JSON.stringify({ vehicleId: 'v31', channel: 1 }) });
    return (await response.json()) as { flag: boolean; errorCode: number; data: { streamKey: string; wsUrl: string; hlsUrl: string } };
  };
  const liveOpens = () => requests.filter((request) => request.msgId === '0x9101' && request.body.dataType !== 2);
  const post = async (target: string, path: string, body: unknown) => {
    const response = await fetch(`http://${target}${path}`, { method: 'POST', headers: { Authorization: bearer, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return (await response.json()) as { flag: boolean; errorCode: number; data: { talkId: string; wsUrl: string } };
  };
  const talkOpens = () => requests.filter((request) => request.msgId === '0x9101' && request.body.dataType === 2);
  const talkCloses = () => requests.filter((request) => request.msgId === '0x9102' && request.body.command === 4);

  it('talks through the replica that opened the talk: socket routed there, one talker per channel across replicas, closed from the other', async () => {
    const [ownersA, ownersB] = [replicaA.get(StreamOwners), replicaB.get(StreamOwners)];
    const mediaPortB = replicaB.get(MediaIngestServer).tcpPort();
    const channelKey = `${canonicalTerminalPhone(SIM)}-1-talk`;

    // Opened through the api, whose signalling goes to B: the 0x9101 (data type 2) names B's media port, B owns the session and the channel.
    const opened = await post(apiBase, '/video/talk/open', { vehicleId: 'v31', channel: 1 });
    expect(opened).toMatchObject({ flag: true, data: { kind: 'talk' } });
    const { talkId, wsUrl } = opened.data;
    expect(talkOpens()).toHaveLength(1);
    expect(talkOpens()[0].body).toMatchObject({ serverAddress: '127.0.0.1', tcpPort: mediaPortB, channel: 1, dataType: 2 });
    expect(await ownersA.ownerOf(`talk:${talkId}`)).toMatchObject({ replicaId: 'replica-b', internalUrl: `http://127.0.0.1:${ports[1]}` });
    expect(await ownersA.ownerOf(channelKey)).toMatchObject({ replicaId: 'replica-b' });

    // One talker per channel across replicas: a second talk via A is refused, and A sends no 0x9101.
    expect(await post(`127.0.0.1:${ports[0]}`, '/video/talk/open', { vehicleId: 'v31', channel: 1 })).toMatchObject({ flag: false, errorCode: 3020 });
    expect(talkOpens()).toHaveLength(1);

    // The talker's socket through the api that would send it to A: routed to B by the talk id. A forged token learns nothing.
    await expect(talker(`ws://${apiToABase}${wsUrl.replace(/token=[^&]+/, 'token=forged')}`)).rejects.toThrow('HTTP 401');
    const browser = await talker(`ws://${apiToABase}${wsUrl}`);
    await waitFor(() => browser.texts.some((text) => text.type === 'linked'), 'the terminal linked at B');
    expect(browser.texts.find((text) => text.type === 'linked')).toEqual({ type: 'linked', vehicleId: 'v31', channel: 1, payloadType: PayloadType.G711A });

    // The browser's microphone (1 kHz, 20 ms chunks) reaches the terminal's talk link as G.711A audio packets, and its echo comes back.
    const tone = Int16Array.from({ length: 8000 }, (_, n) => Math.round(12000 * Math.sin((2 * Math.PI * 1000 * n) / 8000)));
    for (let at = 0; at < tone.length; at += 160) {
      browser.ws.send(Buffer.from(tone.buffer, at * 2, 320));
      if (at % 800 === 0) await sleep(20);
    }
    const [{ port, received }] = talkLinks;
    expect(port).toBe(mediaPortB);
    await waitFor(() => received.length >= 25, '25 audio frames at the terminal');
    expect(received[0]).toMatchObject({ dataType: DataType.AUDIO, payloadType: PayloadType.G711A, channel: 1 });
    const heard = alaw.decode(Buffer.concat(received.slice(0, 25).map((packet) => Buffer.from(packet.body))));
    expect(10 * Math.log10(powerAt(heard, 1000) / powerAt(tone, 1000))).toBeGreaterThan(-1);
    await waitFor(() => browser.pcm.length >= 8000 && powerAt(browser.pcm, 1000) > 1e6, 'the echo back at the talker');

    // Closed via A: forwarded to B, which tells the terminal (0x9102 command 4) and the browser, and lets the keys go.
    expect(await post(`127.0.0.1:${ports[0]}`, '/video/talk/close', { talkId })).toMatchObject({ flag: true });
    expect(talkCloses()).toHaveLength(1);
    expect(talkCloses()[0].body).toEqual({ channel: 1, command: 4, closeType: 0, switchStreamType: 0 });
    await waitFor(() => browser.closed(), 'the talker told');
    expect(browser.texts.at(-1)).toEqual({ type: 'closed', reason: 'closed' });
    await waitFor(() => talkLinks[0].link.closed, 'the talk link dropped');
    await sleep(100);
    expect(await ownersA.ownerOf(`talk:${talkId}`)).toBeUndefined();
    expect(await ownersA.ownerOf(channelKey)).toBeUndefined();
    // A session nobody has any more: 3011 wherever the close lands.
    expect(await post(`127.0.0.1:${ports[0]}`, '/video/talk/close', { talkId })).toMatchObject({ flag: false, errorCode: 3011 });

    // The channel is free again for any replica: opened on A now, closed through the api (B), which forwards to A.
    const again = await post(`127.0.0.1:${ports[0]}`, '/video/talk/open', { vehicleId: 'v31', channel: 1 });
    expect(again).toMatchObject({ flag: true });
    expect(talkOpens()[1].body).toMatchObject({ tcpPort: replicaA.get(MediaIngestServer).tcpPort(), dataType: 2 });
    expect(await ownersB.ownerOf(channelKey)).toMatchObject({ replicaId: 'replica-a' });
    expect(await post(apiBase, '/video/talk/close', { talkId: again.data.talkId })).toMatchObject({ flag: true });
    expect(talkCloses()).toHaveLength(2);
    expect(await ownersB.ownerOf(channelKey)).toBeUndefined();
  });

  it('serves a stream from the replica that opened it, routes every viewer there, and moves it to a live replica when that one dies', async () => {
    const hubA = replicaA.get(StreamHub);
    const hubB = replicaB.get(StreamHub);

    // Opened on A (the load balancer chose A): the 0x9101 names A's media port, A claims the key.
    const first = await openLive(`127.0.0.1:${ports[0]}`);
    expect(first.flag).toBe(true);
    const key = first.data.streamKey;
    expect(liveOpens()).toHaveLength(1);
    const mediaPortA = Number(liveOpens()[0].body.tcpPort);
    expect(liveOpens()[0].body.serverAddress).toBe('127.0.0.1');
    expect(await replicaB.get(StreamOwners).ownerOf(key)).toMatchObject({ replicaId: 'replica-a', internalUrl: `http://127.0.0.1:${ports[0]}` });

    // Viewer 1 through the api: routed to A by the key in the path, although the api's default target is B.
    const one = watch(`ws://${apiBase}${first.data.wsUrl}`);
    viewers.push(one);
    await waitFor(() => one.binary.filter(isFragment).length >= 10, 'fMP4 fragments from A through the api');
    expect(JSON.parse(one.texts[0])).toMatchObject({ type: 'init' });
    expect(hubA.get(key)?.viewerCount).toBe(1);
    expect(hubB.get(key)).toBeUndefined();

    // Viewer 2 opens through the api, which sends the signalling to B: B answers A's stream, no second 0x9101.
    const second = await openLive(apiBase);
    expect(second).toMatchObject({ flag: true, data: { streamKey: key } });
    expect(liveOpens()).toHaveLength(1);
    expect(hubB.get(key)).toBeUndefined();
    const two = watch(`ws://${apiBase}${second.data.wsUrl}`);
    viewers.push(two);
    await waitFor(() => two.binary.filter(isFragment).length >= 10, 'fMP4 fragments for the second viewer');
    expect(hubA.get(key)?.viewerCount).toBe(2);
    // HLS by key goes to A as well (B has no such stream and would answer 3011).
    const playlist = await fetch(`http://${apiBase}${second.data.hlsUrl}`);
    expect(playlist.status).toBe(200);
    expect(await playlist.text()).toContain('#EXTM3U');

    // A dies abruptly: every connection cut, its database unreachable, nothing released.
    const framesBefore = one.binary.length;
    const leaseOfA = (await replicaB.get(StreamOwners).rowOf(key))!.expiresAt;
    replicaA.getHttpServer().closeAllConnections();
    await replicaA.get<DataSource>(getDataSourceToken('video')).destroy();
    await replicaA.close().catch(() => undefined);
    await waitFor(() => one.closed(), 'viewer 1 to notice');
    expect(links[0].closed()).toBe(true);
    const diedAt = Date.now();

    // The viewer reconnects on its own, through the api, until the stream plays again.
    let again: ReturnType<typeof watch> | undefined;
    const deadline = Date.now() + 30_000;
    while (!again && Date.now() < deadline) {
      const reopened = await openLive(apiBase);
      if (reopened.flag) {
        const candidate = watch(`ws://${apiBase}${reopened.data.wsUrl}`);
        viewers.push(candidate);
        const until = Date.now() + 3000;
        while (Date.now() < until && !candidate.closed() && candidate.binary.filter(isFragment).length < 10) await sleep(50);
        if (candidate.binary.filter(isFragment).length >= 10) again = candidate;
        else candidate.ws.terminate();
      }
      if (!again) await sleep(500);
    }
    expect(again).toBeDefined();
    // B did not wait for A's lease to lapse: its probe of A's internal URL was refused, so the reopen took the stream over at once.
    const takeoverAt = requestTimes[requests.indexOf(liveOpens()[1])];
    expect(takeoverAt).toBeLessThan(leaseOfA);
    expect(takeoverAt - diedAt).toBeLessThan(2000);

    // B took the stream over: a new 0x9101 naming B's media port, the terminal streams to B, B owns the key.
    expect(liveOpens()).toHaveLength(2);
    const mediaPortB = Number(liveOpens()[1].body.tcpPort);
    expect(mediaPortB).not.toBe(mediaPortA);
    expect(hubB.get(key)?.connected).toBe(true);
    expect(hubB.get(key)?.viewerCount).toBe(1);
    expect(await replicaB.get(StreamOwners).ownerOf(key)).toMatchObject({ replicaId: 'replica-b', internalUrl: `http://127.0.0.1:${ports[1]}` });
    expect(JSON.parse(again!.texts[0])).toMatchObject({ type: 'init' });
    expect(framesBefore).toBeGreaterThan(0);
  });
});
