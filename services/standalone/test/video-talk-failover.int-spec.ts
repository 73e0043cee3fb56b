// Video talk-back when the replica that owns a talk dies (issue 31): two video replicas on one
// MariaDB database, the api's video proxy in front (its default replica is B), real TCP and HTTP.
// Replica A opens two talks (channels 1 and 2 of one vehicle) and a broadcast (another vehicle), the
// simulated terminal links to A's media port, then A dies abruptly (connections cut, database gone,
// nothing released). Through the api (so on B), with A's leases still running:
// - a user of another company closing A's talk id is refused with 3011 and nothing is sent or dropped;
// - a new talk on channel 2 (whose talk A never closed) opens at once on B: B finds A unreachable and
//   takes the channel's key over;
// - the talker closes the channel-1 talk: success, the terminal gets 0x9102 command 4, the keys go;
//   a new talk on channel 1 opens at once on B;
// - closing the channel-2 talk ends it without a 0x9102 (the channel is B's new talk now);
// - closing the broadcast sends 0x9102 command 0 close type 1.
// Then a replica that accepts connections but never answers (hung) holds a channel: a new talk there
// waits out the 2 s probe, takes the channel over and opens.
import { Module, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { PermissionCache, TokenService, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger, type EventBus, type Subscription } from '@openfleet/bus';
import { canonicalTerminalPhone, InstructionStatus, Topics, type InstructionRequest } from '@openfleet/contracts';
import { PlatformConfig, PlatformModule, freePorts, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import type { Server } from 'node:http';
import { createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { mountVideoProxy } from '@openfleet/api';
import { MediaIngestServer, StreamHub, StreamOwners, VideoModule } from '@openfleet/video';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startTalkLink } = require(join(__dirname, '../../../scripts/simulator/video-talk')) as {
  startTalkLink: (options: { host: string; port: number; sim: string; channel: number; dataType: number }) => { closed: boolean; close(): void };
};

jest.setTimeout(60_000);

const SIM = '013900000061';
const SIM_2 = '013900000062';
const LEASE_S = 15;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const user = (id: string, companyId: string): AuthUser => ({ id, companyId, userType: 2, roleIds: ['viewer'], superAdmin: false, scope: { companies: [companyId], fleets: [] } });
const waitFor = async (check: () => boolean, what: string, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
};

@Module({})
class ApiShell {}

/** One replica's connection to the shared bus: closing it ends only that replica's subscriptions. */
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

describe('video talk-back when its replica dies (mysql)', () => {
  const base = testStorageEnv('mysql', 'videotalkfailover');
  const bus = new InProcessBus({ logger: silentBusLogger });
  const requests: InstructionRequest[] = [];
  const talkLinks: { port: number; channel: number; link: ReturnType<typeof startTalkLink> }[] = [];
  const sockets = new Set<Socket>();
  let replicaA: INestApplication;
  let replicaB: INestApplication;
  let api: INestApplication;
  let ports: number[];
  let apiBase: string;
  let talker: string;
  let stranger: string;

  const startReplica = async (id: string, port: number) => {
    const env: NodeJS.ProcessEnv = {
      ...base,
      LOG_LEVEL: 'silent',
      AUTH_JWT_SECRET: 'video-talk-failover-secret-video-talk-failover-0123',
      VIDEO_URL_SECRET: 'video-talk-failover-url-secret-0123456789-012345',
      VIDEO_MEDIA_TCP_PORT: '0',
      VIDEO_MEDIA_UDP_PORT: '-1',
      VIDEO_FTP_PORT: '-1',
      VIDEO_MEDIA_HOST: '127.0.0.1',
      VIDEO_PUBLIC_HOST: '127.0.0.1',
      VIDEO_LOSS_REPORT_S: '0',
      VIDEO_REPLICA_ID: id,
      VIDEO_INTERNAL_URL: `http://127.0.0.1:${port}`,
      VIDEO_STREAM_LEASE_S: String(LEASE_S),
      VIDEO_COMMAND_TIMEOUT_S: '3',
    };
    const app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: `video-${id}`, config: loadConfig(PlatformConfig, env), bus: replicaBus(bus), env }), VideoModule] }).compile()).createNestApplication({ logger: false });
    await app.listen(port, '127.0.0.1');
    (app.getHttpServer() as Server).on('connection', (socket: Socket) => sockets.add(socket));
    return app;
  };

  const vehicle = (vehicleId: string, sim: string, companyId: string, now: number) => [
    bus.publish(Topics.vehicleRegistry, [{ key: vehicleId, value: { vehicleId, plateCode: `京V${vehicleId}`, plateColor: 1, vin: '', companyId, companyPath: [companyId], fleetPath: [], terminalPhone: sim, deleted: false, updatedAt: now } }]),
    bus.publish(Topics.terminalRegistry, [{ key: sim, value: { terminalPhone: sim, terminalId: `t${vehicleId}`, terminalCode: `T${vehicleId}`, vehicleId, plateCode: `京V${vehicleId}`, plateColor: 1, companyId, authCode: '', registrationState: 1, protocolVersion: '2013', videoChannels: 2, deleted: false, updatedAt: now } }]),
  ];

  beforeAll(async () => {
    const now = Date.now();
    // The terminals: every video command succeeds; a talk's 0x9101 (data type 2) opens a talk link to the port it names.
    await bus.subscribe(Topics.instructionRequest, {
      group: 'terminal',
      handle: async (messages) => {
        for (const { value } of messages) {
          requests.push(value);
          if (value.msgId === '0x9101' && value.body.dataType === 2) {
            const [port, channel] = [Number(value.body.tcpPort), Number(value.body.channel)];
            talkLinks.push({ port, channel, link: startTalkLink({ host: '127.0.0.1', port, sim: SIM, channel, dataType: 2 }) });
          }
          await bus.publish(Topics.instructionOrder, { key: value.vehicleId, value: { orderId: String(requests.length), batchId: value.requestId, vehicleId: value.vehicleId, terminalPhone: '', plateCode: '', commandType: value.commandType, msgId: value.msgId, status: InstructionStatus.SUCCESS, errorCode: 0, at: Date.now() } });
        }
      },
    });
    await bus.publish(Topics.rolePermissions, [{ key: 'viewer', value: { roleId: 'viewer', actionCodes: ['videoPlay'], deleted: false, updatedAt: now } }]);
    await Promise.all([...vehicle('v61', SIM, '10', now), ...vehicle('v62', SIM_2, '10', now), ...vehicle('v71', '013900000071', '20', now)]);
    ports = await freePorts(2);
    replicaA = await startReplica('replica-a', ports[0]);
    replicaB = await startReplica('replica-b', ports[1]);
    for (const app of [replicaA, replicaB]) await waitFor(() => app.get(PermissionCache).allows(user('x', '10'), ['videoPlay']), 'role');
    talker = `Bearer ${await replicaA.get(TokenService).sign(user('61', '10'))}`;
    // Another company's operator, with videoPlay and a vehicle of its own.
    stranger = `Bearer ${await replicaA.get(TokenService).sign(user('71', '20'))}`;
    api = (await Test.createTestingModule({ imports: [ApiShell] }).compile()).createNestApplication({ logger: false });
    mountVideoProxy(api, `http://127.0.0.1:${ports[1]}`, { cacheMs: 500 });
    await api.listen(0, '127.0.0.1');
    (api.getHttpServer() as Server).on('connection', (socket: Socket) => sockets.add(socket));
    apiBase = `127.0.0.1:${(api.getHttpServer().address() as { port: number }).port}`;
  });

  afterAll(async () => {
    talkLinks.forEach(({ link }) => link.close());
    sockets.forEach((socket) => socket.destroy());
    await api?.close();
    await replicaB?.close();
    await replicaA?.close().catch(() => undefined);
    await bus.close();
    await dropTestSchema(base, 'video');
  });

  const post = async (target: string, path: string, body: unknown, bearer = talker) => {
    const response = await fetch(`http://${target}${path}`, { method: 'POST', headers: { Authorization: bearer, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return (await response.json()) as { flag: boolean; errorCode: number; data: { talkId: string } };
  };
  const stops = () => requests.filter((request) => request.msgId === '0x9102');
  const talkOpens = () => requests.filter((request) => request.msgId === '0x9101' && request.body.dataType === 2);

  it('closes a dead replica\'s talk from the survivor (0x9102 sent, keys dropped), frees its channels at once, and refuses another company', async () => {
    const owners = replicaB.get(StreamOwners);
    const [channel1, channel2, broadcastChannel] = [`${canonicalTerminalPhone(SIM)}-1-talk`, `${canonicalTerminalPhone(SIM)}-2-talk`, `${canonicalTerminalPhone(SIM_2)}-1-talk`];
    const a = `127.0.0.1:${ports[0]}`;

    // A owns two talks and a broadcast; the terminal's talk links go to A's media port.
    const talk1 = await post(a, '/video/talk/open', { vehicleId: 'v61', channel: 1 });
    const talk2 = await post(a, '/video/talk/open', { vehicleId: 'v61', channel: 2 });
    const broadcast = await post(a, '/video/talk/broadcast', { vehicleIds: ['v62'] });
    for (const opened of [talk1, talk2, broadcast]) expect(opened.flag).toBe(true);
    expect(talkOpens().map((request) => request.body.tcpPort)).toEqual([replicaA.get(MediaIngestServer).tcpPort(), replicaA.get(MediaIngestServer).tcpPort()]);
    for (const key of [`talk:${talk1.data.talkId}`, channel1, channel2, broadcastChannel]) expect(await owners.ownerOf(key)).toMatchObject({ replicaId: 'replica-a' });
    await waitFor(() => talkLinks.length === 2 && talkLinks.every(({ link }) => !link.closed), 'the talk links to A');

    // A dies abruptly: every connection cut, its database gone, nothing released; its leases keep running.
    (replicaA.getHttpServer() as Server).closeAllConnections();
    await replicaA.get<DataSource>(getDataSourceToken('video')).destroy();
    await replicaA.close().catch(() => undefined);
    const diedAt = Date.now();
    await waitFor(() => talkLinks.every(({ link }) => link.closed), 'the talk links to drop');
    expect(await owners.ownerOf(channel1)).toMatchObject({ replicaId: 'replica-a' });
    const stopsBefore = stops().length;
    expect(stopsBefore).toBe(0);

    // Another company's operator knows the talk id: refused like a session that is not theirs, nothing sent, nothing dropped.
    expect(await post(apiBase, '/video/talk/close', { talkId: talk1.data.talkId }, stranger)).toMatchObject({ flag: false, errorCode: 3011 });
    expect(stops()).toHaveLength(0);
    expect(await owners.ownerOf(`talk:${talk1.data.talkId}`)).toMatchObject({ replicaId: 'replica-a' });
    expect(await owners.ownerOf(channel1)).toMatchObject({ replicaId: 'replica-a' });

    // Channel 2, whose talk nobody closed: a new talk through the api opens at once on B, which takes the channel over.
    const mediaPortB = replicaB.get(MediaIngestServer).tcpPort();
    const newTalk2 = await post(apiBase, '/video/talk/open', { vehicleId: 'v61', channel: 2 });
    expect(newTalk2).toMatchObject({ flag: true });
    expect(talkOpens()[2].body).toMatchObject({ tcpPort: mediaPortB, channel: 2, dataType: 2 });
    expect(await owners.ownerOf(channel2)).toMatchObject({ replicaId: 'replica-b' });

    // The talker closes the channel-1 talk through the api (B): success, 0x9102 command 4 to the terminal, the keys gone.
    expect(await post(apiBase, '/video/talk/close', { talkId: talk1.data.talkId })).toMatchObject({ flag: true });
    expect(stops()).toHaveLength(1);
    expect(stops()[0]).toMatchObject({ vehicleId: 'v61', msgId: '0x9102', operatorId: '61', body: { channel: 1, command: 4, closeType: 0, switchStreamType: 0 } });
    expect(await owners.rowOf(`talk:${talk1.data.talkId}`)).toBeUndefined();
    expect(await owners.rowOf(channel1)).toBeUndefined();
    // Closed: a second close answers 3011 like any ended session.
    expect(await post(apiBase, '/video/talk/close', { talkId: talk1.data.talkId })).toMatchObject({ flag: false, errorCode: 3011 });

    // The channel opens again at once on the survivor, well within A's lease.
    const newTalk1 = await post(apiBase, '/video/talk/open', { vehicleId: 'v61', channel: 1 });
    expect(newTalk1).toMatchObject({ flag: true });
    expect(talkOpens()[3].body).toMatchObject({ tcpPort: mediaPortB, channel: 1, dataType: 2 });
    expect(await owners.ownerOf(channel1)).toMatchObject({ replicaId: 'replica-b' });
    expect(Date.now() - diedAt).toBeLessThan((LEASE_S - 5) * 1000);

    // The dead channel-2 talk closes too, but its channel is B's new talk now: no 0x9102 for it, B's key stays.
    expect(await post(apiBase, '/video/talk/close', { talkId: talk2.data.talkId })).toMatchObject({ flag: true });
    expect(stops()).toHaveLength(1);
    expect(await owners.rowOf(`talk:${talk2.data.talkId}`)).toBeUndefined();
    expect(await owners.ownerOf(channel2)).toMatchObject({ replicaId: 'replica-b' });

    // The broadcast: 0x9102 command 0 with close type 1 (the channel's audio only).
    expect(await post(apiBase, '/video/talk/close', { talkId: broadcast.data.talkId })).toMatchObject({ flag: true });
    expect(stops()).toHaveLength(2);
    expect(stops()[1]).toMatchObject({ vehicleId: 'v62', body: { channel: 1, command: 0, closeType: 1, switchStreamType: 0 } });
    expect(await owners.rowOf(broadcastChannel)).toBeUndefined();

    // B's own talks close as usual (0x9102 each), their keys gone.
    for (const opened of [newTalk1, newTalk2]) expect(await post(apiBase, '/video/talk/close', { talkId: opened.data.talkId })).toMatchObject({ flag: true });
    expect(stops().map((request) => request.body.channel).slice(2).sort()).toEqual([1, 2]);
    for (const key of [channel1, channel2]) expect(await owners.rowOf(key)).toBeUndefined();
  });

  it('takes a channel over from a replica that accepts connections but never answers, after the probe times out', async () => {
    const hung = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const hungUrl = `http://127.0.0.1:${(hung.address() as { port: number }).port}`;
    const config = { VIDEO_REPLICA_ID: 'replica-c', VIDEO_INTERNAL_URL: hungUrl, VIDEO_STREAM_LEASE_S: LEASE_S } as ConstructorParameters<typeof StreamOwners>[0];
    const replicaC = new StreamOwners(config, {}, replicaB.get<DataSource>(getDataSourceToken('video')), replicaB.get(StreamHub));
    const key = `${canonicalTerminalPhone(SIM)}-1-talk`;
    expect(await replicaC.claim(key, Date.now(), { sessionId: 'c-session', detail: JSON.stringify({ userId: '61', vehicleId: 'v61', terminalPhone: SIM, channel: 1, dataType: 2 }) })).toEqual({ mine: true });
    try {
      const started = Date.now();
      const opened = await post(apiBase, '/video/talk/open', { vehicleId: 'v61', channel: 1 });
      expect(opened).toMatchObject({ flag: true });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
      expect(await replicaB.get(StreamOwners).rowOf(key)).toMatchObject({ replicaId: 'replica-b', sessionId: opened.data.talkId });
      expect(await post(apiBase, '/video/talk/close', { talkId: opened.data.talkId })).toMatchObject({ flag: true });
    } finally {
      hung.close();
    }
  });
});
