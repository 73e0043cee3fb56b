// Issue 31, "the test that proves it": the services of docker-compose.yml at compose's replica count
// (`deploy.replicas`: two of every scalable service, forwarder-809 included since its link lease
// landed; video as its two blocks, `video` and `video-2`) as Node processes with compose's environment on real Kafka and
// MariaDB (infra/test/support/compose-processes.ts, shared with cluster.int-spec.ts). No LB container
// here: the simulated fleet is split in two shares, each pointed straight at one replica of the 808 and
// the 32960/HJ 1239 gateways, provisioned through one api replica each under strict registration:
// CLUSTER_N_TERMINALS JT/T 808 terminals (default 2,000, see TERMINALS; alarms, two cameras each), a twentieth as many
// GB/T 32960 electric vehicles and as many HJ 1239 trucks. A socket.io live viewer watches through the
// first api replica; an operator sends a text (0x8300) and requests a track export mid-run. Then one
// replica of every service is killed (SIGKILL) in turn, a few seconds apart, and restarted. Checked:
// every position a gateway acknowledged is stored, none twice (per terminal, by time); every
// acknowledged 32960 report stored, none twice; every truck's HJ 1239 stream stored; every alarm once;
// the text reaches its terminal once and is answered (the one exception: it arrived in its gateway's
// last moments, see the check); the export finishes; the viewer gets positions
// again after its api replica died. An 809 superior platform (libs/jt809's simulator) is configured
// through the api for the company's vehicles: the forwarder replica holding its link lease is the one
// killed, the survivor must hold the link within 30 s, and every stored position of a terminal must
// reach the superior (0x1202 or 0x1203), twice only in the kill's window (docs/forwarder-809.md). A
// rectangular fence bound to every terminal's vehicle: every crossing of its edge that the stored
// positions show is one fence event, entries and exits alternating, across the fence replica's kill.
// With CLUSTER_N_VIDEO=1 an operator also watches live video (support/live-video-viewer.ts, the
// console tile without a browser): channel 1 of a terminal of the second share, opened through api
// replica 1 (so video replica 1 owns the stream and sends the 0x9101) and watched through api replica 2
// (routed to the owner by stream key). The video replica killed is the stream's owner (the registry's
// `video_stream_owner` row); the viewer reopens as the tile does, the survivor finds the dead owner gone
// (its holder probe refused), takes the stream over and asks the terminal again, and fMP4 must flow again within
// VIDEO_STREAM_LEASE_S + 30 s of the kill (the gap is logged). Opt-in: four runs of five passed (stop 42: 2,000 terminals, gap 9.5 s); one (stop 41) saw too little
// media 30 s after the first open, before any kill, and is not explained (docs/infra.md). Without it the cameras answer but
// nobody watches. Budget: 10 minutes on 2 cores
// (jest's timeout for the start and for the run; measured figures at TERMINALS), CLUSTER_N_BUDGET_S
// for a larger fleet.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { SuperiorPlatformSimulator, type BusinessBody, type Gnss2011 } from '@openfleet/jt809';
import { createConnection, type Connection, type RowDataPacket } from 'mysql2/promise';
import { io, type Socket } from 'socket.io-client';
import { ComposeProcesses, sleep, type ServiceProcess, testDotEnv } from './support/compose-processes';
import { LiveVideoViewer } from './support/live-video-viewer';
import { machineLoad } from './support/machine-load';
import { outOfOrder, positionLogOrder } from './support/position-log-order';

const BUDGET_MS = Number(process.env.CLUSTER_N_BUDGET_S ?? 600) * 1000;
jest.setTimeout(BUDGET_MS);

const RUN = `${process.pid}${randomBytes(2).toString('hex')}`;
const PASSWORD = 'ClusterN12345';
// 2,000, the issue's figure, by default since stop 42. Until then provisioning did not fit the budget:
// at stop 41 (load average 33) the imports took 374 s for 2,000 terminals, a few statements a row.
// Now each file is a few statements (docs/admin.md, "Excel import"): 2,000 terminals, 100 electric
// vehicles and 100 trucks provisioned in 40 s, and the whole test took 411-444 s (two runs, one with
// video). 200 took 333 s in that stop's trial. CLUSTER_N_TERMINALS=200 for a quicker run.
const TERMINALS = Number(process.env.CLUSTER_N_TERMINALS ?? 2000);
const EVS = Math.max(2, Math.round(TERMINALS / 20));
const TRUCKS = EVS;
const INTERVAL_S = 10;
/** Live video watched across its replica's death (opt-in, see the top). */
const VIDEO = process.env.CLUSTER_N_VIDEO === '1';
/** The superior platform's account and cipher keys (2011 edition, clear text). */
const SUPERIOR = { userId: 5001, password: 'pw5001', accessCode: 880001 };
const KEYS_809 = { m1: 0xfffffff0, ia1: 0xfffffff1, ic1: 0xfffffff2 };
/** A 6 km square around the fleet's centre (Beijing), corners in whole 1e-6 degrees as positions carry them. */
const FENCE = { northWest: [116.3774, 39.9312] as [number, number], southEast: [116.4374, 39.8772] as [number, number] };
const insideFence = (lng: number, lat: number) => lng >= FENCE.northWest[0] && lng <= FENCE.southEast[0] && lat <= FENCE.northWest[1] && lat >= FENCE.southEast[1];

const DOT_ENV = testDotEnv(`clustern${RUN}.`, PASSWORD);

/** The order replicas die in: the ingest path first, the api (the viewer's) last but one. */
const KILL_ORDER = ['gateway-808', 'tracking', 'alarm', 'energy', 'instruction', 'fence', 'admin', 'vehicle-service', 'industry', 'frame-archive', 'forwarder-809', 'video', 'api'];

interface VehicleSummary {
  kind: 'jt808' | 'gb32960' | 'hj1239';
  key: string;
  plate: string;
  reports: number;
  acked: number;
  refused: number;
  alarms: number;
  connects: number;
  /** When (epoch ms) each command arrived, by message id in hex (0x8300: [t]; sent twice: [t1, t2]). */
  downlinkAt?: Record<string, number[]>;
  /** Its sessions (808 terminals): authenticated at `up`, link closed at `down`. */
  sessions?: { up: number; down?: number }[];
}
interface Progress {
  online: number;
  acked: number;
  evAcked: number;
  truckReports: number;
}
interface Share {
  child: ChildProcess;
  progress?: Progress;
  summary?: VehicleSummary[];
  output: string;
}

const started = Date.now();
const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;
const log = (text: string) => process.stderr.write(`[cluster-n ${elapsed()}] ${text}\n`);

describe(`cluster at compose's replica count: ${TERMINALS} terminals, one replica of each service killed in turn`, () => {
  let cluster: ComposeProcesses;
  const shares: Share[] = [];
  let viewer: Socket | undefined;
  let videoViewer: LiveVideoViewer | undefined;
  let db: Connection | undefined;
  const superior = new SuperiorPlatformSimulator({ edition: '2011', accounts: [SUPERIOR], keys: KEYS_809, encrypt: false });

  beforeAll(async () => {
    cluster = await ComposeProcesses.configure({ run: RUN, dotEnv: DOT_ENV, replicas: (_service, composeReplicas) => composeReplicas });
    await cluster.startAll(240_000);
    log(`${cluster.all().length} processes healthy; ${await machineLoad()}`);
    db = await createConnection({ host: '127.0.0.1', port: 3306, user: 'root' });
    await superior.listen();
  });

  afterAll(async () => {
    viewer?.close();
    videoViewer?.close();
    shares.forEach((share) => share.child.kill('SIGKILL'));
    await db?.end();
    await cluster?.stopAll();
    await superior.close();
  });

  const query = async <T>(sql: string, params: unknown[] = []) => (await db!.query<RowDataPacket[]>(sql, params))[0] as T[];

  it("runs compose's replica count of every service, each replica with its own INSTANCE_ID and ports", () => {
    const counts = Object.fromEntries([...cluster.byService].map(([service, replicas]) => [service, replicas.length]));
    for (const service of ['api', 'admin', 'gateway-808', 'tracking', 'instruction', 'fence', 'alarm', 'energy', 'vehicle-service', 'industry', 'frame-archive']) expect([service, counts[service]]).toEqual([service, 2]);
    // Whatever compose says for these two: forwarder-809 runs two since its link lease landed, video one until its stream routing does.
    expect(counts['forwarder-809']).toBeGreaterThanOrEqual(1);
    expect(counts.video).toBeGreaterThanOrEqual(1);
    const all = cluster.all();
    expect(new Set(all.map((p) => p.env.INSTANCE_ID)).size).toBe(all.length);
    expect(new Set(all.map((p) => p.httpPort)).size).toBe(all.length);
    expect(cluster.replica('gateway-808', 1)!.env.GATEWAY_808_PORT).not.toBe(cluster.replica('gateway-808', 2)!.env.GATEWAY_808_PORT);
  });

  it('loses and duplicates nothing acknowledged while one replica of each service is killed in turn', async () => {
    // Two shares of the fleet, each at one replica of the gateways, provisioned through one api replica.
    const half = Math.ceil(TERMINALS / 2);
    const evHalf = Math.ceil(EVS / 2);
    const truckHalf = Math.ceil(TRUCKS / 2);
    for (const replica of [1, 2]) {
      const energy = cluster.replica('energy', replica)!;
      const config = {
        api: cluster.url('api', replica),
        password: PASSWORD,
        host: '127.0.0.1',
        port808: Number(cluster.replica('gateway-808', replica)!.env.GATEWAY_808_PORT),
        port32960: Number(energy.env.ENERGY_32960_PORT),
        portHj1239: Number(energy.env.ENERGY_HJ1239_PORT),
        first: replica === 1 ? 0 : half,
        terminals: replica === 1 ? half : TERMINALS - half,
        evs: replica === 1 ? evHalf : EVS - evHalf,
        trucks: replica === 1 ? truckHalf : TRUCKS - truckHalf,
        interval: INTERVAL_S,
        alarmRate: 0.02,
        provision: true,
      };
      const child = fork(join(__dirname, 'support/fleet-driver.js'), [JSON.stringify(config)], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
      const share: Share = { child, output: '' };
      child.stdout!.on('data', (chunk) => (share.output = (share.output + chunk).slice(-10_000)));
      child.stderr!.on('data', (chunk) => (share.output = (share.output + chunk).slice(-10_000)));
      child.on('message', (message: { progress?: Progress; summary?: VehicleSummary[] }) => {
        if (message.progress) share.progress = message.progress;
        if (message.summary) share.summary = message.summary;
      });
      shares.push(share);
    }
    await Promise.all(
      shares.map(
        (share) =>
          new Promise<void>((resolve, reject) => {
            share.child.once('message', () => resolve());
            share.child.once('exit', (code) => reject(new Error(`fleet share exited with ${code} while provisioning:\n${share.output}`)));
          }),
      ),
    );
    log(`provisioned ${TERMINALS} terminals, ${EVS} electric vehicles, ${TRUCKS} trucks`);

    const signIn = (await (await fetch(`${cluster.url('api', 2)}/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: PASSWORD }) })).json()) as { flag: boolean; data: { access_token: string } };
    expect(signIn.flag).toBe(true);
    const token = signIn.data.access_token;
    /** Through api replica `via` (2 unless said: the first dies last but one). */
    const call = async (method: string, path: string, body?: unknown, via = 2) => {
      const response = await fetch(`${cluster.url('api', via)}${path}`, { method, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) });
      return (await response.json()) as { flag: boolean; errorCode: number; data: unknown };
    };
    type VehicleRecord = { id: string | number; plateCode: string; companyId: string | number; terminalId: unknown };
    const vehicles: VehicleRecord[] = [];
    for (let current = 1; vehicles.length < TERMINALS + EVS + TRUCKS; current++) {
      const page = (await call('GET', `/basic/vehicle?current=${current}&size=1000&keyword=${encodeURIComponent('京A')}`)).data as { records: VehicleRecord[] };
      if (!page.records.length) break;
      vehicles.push(...page.records);
    }
    const companyId = String(vehicles[0].companyId);

    // The superior platform: every vehicle of the company forwarded to it over JT/T 809-2011.
    const created809 = await call('POST', '/platform809/platforms', { name: '省级监管平台', edition: '2011', mainIp: '127.0.0.1', mainPort: superior.port, slaveIp: '127.0.0.1', slavePort: Number(cluster.replica('forwarder-809', 1)!.env.FORWARDER_809_SLAVE_PORT), ...SUPERIOR, platformCode: '12345678901', ...KEYS_809, encrypt: false, keepAliveS: 5 });
    expect(created809).toMatchObject({ flag: true });
    const platformId = Number((created809.data as { id: number }).id);
    expect(await call('PUT', `/platform809/platforms/${platformId}/targets`, { targets: [{ kind: 'company', refId: companyId }] })).toMatchObject({ flag: true });
    type LinkStatus = { platformId: number; main: string; holder: string };
    const linkStatus = async (via: number) => {
      try {
        return ((await call('GET', '/platform809/platforms/status', undefined, via)).data as LinkStatus[]).find((row) => row.platformId === platformId);
      } catch {
        return undefined; // that api replica (or its forwarder) is down
      }
    };
    for (let waited = 0; waited < 30_000 && (await linkStatus(1))?.main !== 'online'; waited += 500) await sleep(500);
    expect(await linkStatus(1)).toMatchObject({ main: 'online' });

    // A fence every terminal's vehicle is bound to: those driving across its edge enter and leave it.
    const fence = await call('POST', '/gps/fence', { name: `cluster-n ${RUN}`, type: 2, geometry: { type: 'rectangle', ...FENCE }, attributes: 8 | 32, companyId });
    expect(fence).toMatchObject({ flag: true });
    const fenceId = String((fence.data as { id: number }).id);
    const terminalVehicles = vehicles.filter((vehicle) => vehicle.terminalId).map((vehicle) => String(vehicle.id));
    expect(terminalVehicles.length).toBe(TERMINALS);
    // The fence replica checks each vehicle against its registry, which follows the vehicles just
    // provisioned through the registry topic: on a busy machine it can still be behind (a trial of
    // stop 47 got 8002 for the first bind, run beside other suites). Bound once it knows them all.
    const bindStarted = Date.now();
    let bound = await call('POST', `/gps/fence/${fenceId}/bind`, { vehicleIds: terminalVehicles });
    let tries = 1;
    for (; !bound.flag && bound.errorCode === 8002 && Date.now() - bindStarted < 30_000; tries++) {
      await sleep(1_000);
      bound = await call('POST', `/gps/fence/${fenceId}/bind`, { vehicleIds: terminalVehicles });
    }
    log(`fence bound to ${terminalVehicles.length} vehicles: ${tries} ${tries === 1 ? 'try' : 'tries'}, ${Date.now() - bindStarted} ms`);
    expect(bound.flag ? 'bound' : `refused with ${bound.errorCode}`).toBe('bound');
    // The other fence replica and the other forwarder learn of them within 10 s (catalogue reload, lease renewal).
    await sleep(11_000);
    shares.forEach((share) => share.child.send({ go: true }));


    // The live viewer, through the first api replica (killed last), reconnecting as the console does.
    const pushedAt: number[] = [];
    let viewerConnects = 0;
    viewer = io(cluster.url('api', 1), { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnectionDelay: 500, reconnectionDelayMax: 2_000 });
    viewer.on('connect', () => viewerConnects++);
    viewer.on('positions', (batch: unknown[]) => pushedAt.push(...batch.map(() => Date.now())));

    // Every terminal online (registrations refused while the gateways' registry catches up retry after 3 s).
    const online = () => shares.reduce((sum, share) => sum + (share.progress?.online ?? 0), 0);
    for (let waited = 0; waited < 120_000 && online() < TERMINALS; waited += 1_000) await sleep(1_000);
    log(`${online()}/${TERMINALS} terminals online`);
    expect(online()).toBe(TERMINALS);
    expect(pushedAt.length).toBeGreaterThan(0);

    // The operator: a text to one vehicle, and a track export of a hundred vehicles.
    type Latest = { vehicleId: string; plateCode: string; terminalPhone: string };
    const latest = ((await call('GET', '/gps/position/findLatestPositions')).data ?? []) as Latest[];

    // CLUSTER_N_VIDEO=1: live video of channel 1 of a terminal at the gateway replica that stays up,
    // opened through api replica 1 (its VIDEO_URL is video replica 1, which claims the stream and
    // sends the 0x9101) and watched through api replica 2, which routes the socket to the owner by key.
    const video = cluster.schema('video');
    const videoOwner = async (key: string) => (await query<{ replicaId: string }>(`SELECT replica_id AS replicaId FROM \`${video}\`.video_stream_owner WHERE stream_key = ?`, [key]))[0]?.replicaId;
    let videoKey = '';
    if (VIDEO) {
      expect(cluster.byService.get('video')!.length).toBe(2); // a survivor to move the stream to
      const watched = latest.find((row) => row.plateCode === `京A${String(10000 + half).slice(-5)}`)!;
      expect(watched).toBeDefined();
      const opened = await call('POST', '/video/live/open', { vehicleId: String(watched.vehicleId), channel: 1 }, 1);
      expect(opened).toMatchObject({ flag: true });
      videoKey = (opened.data as { streamKey: string }).streamKey;
      videoViewer = new LiveVideoViewer({ api: cluster.url('api', 2), token, vehicleId: String(watched.vehicleId), channel: 1, log });
      expect(await videoViewer.open()).toEqual({ ok: true, streamKey: videoKey });
      const playing = await videoViewer.waitForFragments(25, 30_000);
      // What the viewer got, for a run that fails here (stop 41: nothing said why).
      if (!playing) log(`video: ${videoViewer.fragments} fragments, ${videoViewer.bytes} bytes in 30 s on ${videoViewer.sockets.length} socket(s); owner ${await videoOwner(videoKey)}`);
      expect(playing).toBe(true);
      expect(await videoOwner(videoKey)).toBe(cluster.replica('video', 1)!.env.INSTANCE_ID);
      log(`video: ${watched.plateCode} channel 1 (${videoKey}) playing through api-2 from video-1, ${videoViewer.fragments} fragments, ${videoViewer.bytes} bytes`);
    }
    const target = latest.find((row) => row.plateCode === '京A10007')!;
    expect(target).toBeDefined();
    // Two minutes to answer: its gateway may die before sending it and replay it once restarted (parked until the terminal is back).
    const textAt = Date.now();
    const text = await call('POST', '/gps/sendOrder/send', { commandType: 'text', vehicleIds: [target.vehicleId], params: { display: true, text: 'cluster-n 调度' }, offlinePolicy: 'queue', timeoutS: 120 });
    expect(text).toMatchObject({ flag: true });
    const orderId = (text.data as { orderId: string }[])[0].orderId;
    const window = { startTime: chinaTime(Date.now() - 600_000), endTime: chinaTime(Date.now() + 600_000) };
    const exported = await call('POST', '/gps/export-task', { kind: 'track', params: { vehicleIds: latest.slice(0, 100).map((row) => row.vehicleId).join(','), ...window } });
    expect(exported).toMatchObject({ flag: true });
    await sleep(3_000);

    // One replica of each service dies in turn, a few seconds apart, and comes back.
    const restarts: Promise<void>[] = [];
    let viewerKilledAt = 0;
    let forwarderKilledAt = 0;
    let videoKilledAt = 0;
    let videoVictim: ServiceProcess | undefined;
    let videoOwnerAtKill: string | undefined;
    const killedAt = new Map<string, number>();
    /** How long each restarted replica took to answer /health again (a slow machine shows here first). */
    const restartTook: string[] = [];
    let takeover: Promise<{ holder: string; afterMs: number } | undefined> = Promise.resolve(undefined);
    for (const service of KILL_ORDER) {
      // The forwarder replica that dies is the one holding the 809 link lease.
      const holder = service === 'forwarder-809' ? (await linkStatus(2))?.holder : undefined;
      // The video replica that dies is the one serving the watched stream (its registry row's owner).
      const watchedVideo = service === 'video' && VIDEO;
      const streamOwner = watchedVideo ? await videoOwner(videoKey) : undefined;
      const victim: ServiceProcess =
        (holder && cluster.byService.get(service)!.find((replica) => holder.startsWith(`${replica.env.INSTANCE_ID}:`))) ||
        (streamOwner && cluster.byService.get(service)!.find((replica) => replica.env.INSTANCE_ID === streamOwner)) ||
        cluster.replica(service, 1)!;
      if (service === 'api') viewerKilledAt = Date.now();
      await cluster.kill(victim);
      killedAt.set(victim.name, Date.now());
      if (watchedVideo) [videoKilledAt, videoVictim, videoOwnerAtKill] = [Date.now(), victim, streamOwner];
      log(`killed ${victim.name}${holder ? ` (the 809 link's holder ${holder})` : ''}${watchedVideo ? ` (${videoKey}'s owner: ${streamOwner ?? 'nobody'}; ${videoViewer!.fragments} fragments watched)` : ''}`);
      if (holder) {
        forwarderKilledAt = Date.now();
        const survivor = cluster.byService.get(service)!.find((replica) => replica !== victim)!;
        // The survivor's 0x1001 reaching the superior is the takeover (the api replicas may be down meanwhile).
        const logins = superior.loginResults.length;
        takeover = (async () => {
          for (;;) {
            if (superior.loginResults.slice(logins).includes(0)) return { holder: survivor.name, afterMs: Date.now() - forwarderKilledAt };
            if (Date.now() - forwarderKilledAt > 60_000) return undefined;
            await sleep(200);
          }
        })();
      }
      await sleep(2_000);
      cluster.start(victim);
      const restartedAt = Date.now();
      // 180 s: thirteen replicas restart within a minute beside the fleet on 2 cores. Measured in stop 48:
      // 28-53 s each, api-1 (restarted last) 59-83 s; one trial's api-1 missed 120 s while its /health
      // still probed the routed services.
      restarts.push(cluster.healthy(victim, 180_000).then(() => void restartTook.push(`${victim.name} ${((Date.now() - restartedAt) / 1000).toFixed(0)} s`)));
      await sleep(2_000);
    }
    await Promise.all(restarts);
    const shareState = () => shares.map((share, i) => `share ${i + 1}: ${share.progress?.online ?? 0} online, ${share.progress?.acked ?? 0} acked`).join('; ');
    log(`every killed replica healthy again (${shareState()}); healthy after its restart in: ${restartTook.join(', ')}`);
    log(await machineLoad());
    await sleep(INTERVAL_S * 1000); // every driving vehicle reports once more to the restarted replicas

    // Live video: the viewer's socket dropped with its replica, a reopen reached the survivor, which
    // took the stream over from the dead owner, and fMP4 flows again within VIDEO_STREAM_LEASE_S + 30 s of the kill.
    if (VIDEO) {
      const leaseS = Number(videoVictim!.env.VIDEO_STREAM_LEASE_S || 15);
      const resumeBy = videoKilledAt + (leaseS + 30) * 1000;
      while (videoViewer!.firstFragmentAfter(videoKilledAt) === undefined && !videoViewer!.stopped && Date.now() < resumeBy) await sleep(500);
      const resumedAt = videoViewer!.firstFragmentAfter(videoKilledAt);
      const lastBefore = videoViewer!.lastFragmentBefore(videoKilledAt);
      const owner = await videoOwner(videoKey);
      log(
        `video: gap ${resumedAt && lastBefore ? resumedAt - lastBefore : 'unbounded'} ms (last fragment before the kill of ${videoVictim!.name} to the first after), ` +
          `resumed ${resumedAt ? resumedAt - videoKilledAt : 'never'} ms after the kill (lease ${leaseS} s), ${videoViewer!.reopens} reopens, ${videoViewer!.sockets.length} sockets, ` +
          `owner now ${owner ?? 'nobody'}${videoViewer!.stopped ? `, stopped: ${videoViewer!.stopped}` : ''}; sockets, ms from the kill: ` +
          videoViewer!.sockets
            .filter((socket) => socket.droppedAt === undefined || socket.droppedAt >= videoKilledAt)
            .map((socket) => `open ${socket.openedAt - videoKilledAt}${socket.firstFragmentAt && socket.firstFragmentAt > videoKilledAt ? ` media ${socket.firstFragmentAt - videoKilledAt}` : ''}${socket.droppedAt ? ` drop ${socket.droppedAt - videoKilledAt}` : ''}`)
            .join(', '),
      );
      expect(videoOwnerAtKill).toBe(videoVictim!.env.INSTANCE_ID); // the replica killed served the stream
      expect(videoViewer!.stopped).toBeUndefined();
      expect(videoViewer!.sockets.some((socket) => socket.droppedAt !== undefined && socket.droppedAt >= videoKilledAt - 1_000 && socket.fragments > 0)).toBe(true);
      expect(resumedAt).toBeDefined();
      expect(resumedAt! - videoKilledAt).toBeLessThanOrEqual((leaseS + 30) * 1000);
      // Served by the survivor now, which asked the terminal again.
      const survivor = cluster.byService.get('video')!.find((replica) => replica !== videoVictim)!;
      expect(owner).toBe(survivor.env.INSTANCE_ID);
      const before = videoViewer!.fragments;
      expect(await videoViewer!.waitForFragments(before + 25, 15_000)).toBe(true);
      videoViewer!.close();
    }

    // A text still queued (5: its terminal was away when it was sent or when its gateway answered
    // "offline") goes out once the terminal is online: the fleet runs until it has, for up to 60 s.
    const orderNow = async () => (await call('GET', `/gps/sendOrder/${orderId}`)).data as { status: number; replyMsgId: string };
    const queuedSince = Date.now();
    let queuedChecks = 0;
    for (; (await orderNow()).status === 5 && Date.now() - queuedSince < 60_000; queuedChecks++) await sleep(1_000);
    if (queuedChecks) log(`text order still queued after the restarts: waited ${Date.now() - queuedSince} ms for it`);
    log(`fleet stopping (${shareState()}); ${await machineLoad()}`);
    // The fleet stops; its counts per vehicle.
    await Promise.all(shares.map((share) => new Promise<void>((resolve) => {
      share.child.once('exit', () => resolve());
      share.child.send({ stop: true });
    })));
    const fleet = shares.flatMap((share) => share.summary ?? []);
    const terminals = fleet.filter((v) => v.kind === 'jt808');
    const evs = fleet.filter((v) => v.kind === 'gb32960');
    const trucks = fleet.filter((v) => v.kind === 'hj1239');
    expect([terminals.length, evs.length, trucks.length]).toEqual([TERMINALS, EVS, TRUCKS]);
    const acked = terminals.reduce((sum, v) => sum + v.acked, 0);
    log(`fleet stopped: ${acked} positions acknowledged, ${evs.reduce((s, v) => s + v.acked, 0)} 32960 reports acknowledged`);
    expect(terminals.every((v) => v.refused === 0)).toBe(true);
    // The first share's terminals (at the killed gateway replica) reconnected to it once it was back.
    expect(terminals.filter((v) => v.connects > 1).length).toBeGreaterThanOrEqual(half * 0.9);

    // Positions: per terminal, every acknowledged one stored (once Kafka's consumers caught up), none twice.
    const tracking = cluster.schema('tracking');
    const storedPerTerminal = async () => {
      const rows = await query<{ phone: string; points: number; times: number }>(`SELECT terminal_phone AS phone, COUNT(*) AS points, COUNT(DISTINCT gps_time) AS times FROM \`${tracking}\`.track_point GROUP BY terminal_phone`);
      return new Map(rows.map((row) => [row.phone.replace(/^0+/, ''), { points: Number(row.points), times: Number(row.times) }]));
    };
    let stored = await storedPerTerminal();
    const missing = () => terminals.filter((v) => (stored.get(v.key)?.points ?? 0) < v.acked);
    for (let waited = 0; waited < 90_000 && missing().length > 0; waited += 2_000) {
      await sleep(2_000);
      stored = await storedPerTerminal();
    }
    log(`positions stored: ${[...stored.values()].reduce((sum, row) => sum + row.points, 0)}`);
    expect(missing().map((v) => `${v.key}: acked ${v.acked}, stored ${stored.get(v.key)?.points ?? 0}`)).toEqual([]);
    // A report sent and not answered (its gateway died first) may be stored: never more than were sent.
    expect(terminals.filter((v) => (stored.get(v.key)?.points ?? 0) > v.reports).map((v) => v.key)).toEqual([]);
    expect([...stored].filter(([, row]) => row.points !== row.times).map(([phone]) => phone)).toEqual([]);

    // GB/T 32960: every acknowledged report stored, once; HJ 1239 (no acknowledgements): every truck's stream stored, never more than sent.
    // Like the positions, once the energy ingest has caught up: the replica restarted last rejoins its
    // group shortly before the fleet stops, and the reports of that rebalance wait for it (stop 42's
    // CI: 54 vehicles 1-2 reports short when read at once).
    const energy = cluster.schema('energy');
    const storedPerVin = async () => new Map((await query<{ vin: string; n: number }>(`SELECT vin, COUNT(*) AS n FROM \`${energy}\`.energy_report GROUP BY vin`)).map((row) => [row.vin, Number(row.n)]));
    let evRows = await storedPerVin();
    const evsMissing = () => evs.filter((v) => (evRows.get(v.key) ?? 0) < v.acked);
    const evWaitStarted = Date.now();
    while (Date.now() - evWaitStarted < 90_000 && evsMissing().length > 0) {
      await sleep(2_000);
      evRows = await storedPerVin();
    }
    log(`32960 reports stored: ${[...evRows.values()].reduce((sum, n) => sum + n, 0)} (caught up ${((Date.now() - evWaitStarted) / 1000).toFixed(0)} s after the positions)`);
    expect(evs.filter((v) => (evRows.get(v.key) ?? 0) < v.acked || (evRows.get(v.key) ?? 0) > v.reports).map((v) => `${v.key}: acked ${v.acked} of ${v.reports}, stored ${evRows.get(v.key) ?? 0}`)).toEqual([]);
    expect(evs.every((v) => v.acked > 0)).toBe(true);
    const truckRows = new Map((await query<{ vin: string; n: number }>(`SELECT vin, COUNT(*) AS n FROM \`${energy}\`.emission_stream GROUP BY vin`)).map((row) => [row.vin, Number(row.n)]));
    expect(trucks.filter((v) => !truckRows.get(v.key) || truckRows.get(v.key)! > v.reports).map((v) => `${v.key}: sent ${v.reports}, stored ${truckRows.get(v.key) ?? 0}`)).toEqual([]);

    // Alarms: each once (one row per terminal, type and start), for our terminals only.
    const alarm = cluster.schema('alarm');
    const alarms = await query<{ phone: string; type: string; started: number; n: number }>(`SELECT terminal_phone AS phone, type, started_at AS started, COUNT(*) AS n FROM \`${alarm}\`.alarm GROUP BY terminal_phone, type, started_at`);
    expect(alarms.length).toBeGreaterThan(terminals.reduce((sum, v) => sum + v.alarms, 0) / 10);
    expect(alarms.filter((row) => Number(row.n) > 1)).toEqual([]);

    // The text reached its terminal, and only it, and the order says what happened. JT/T 808 repeats
    // no reply: a text that reached the terminal in the last moments of its gateway (gateway-808-1,
    // the first share's) has its 0x0001 die with that gateway, and the order times out (4) 30 s after
    // its own timeout; had the gateway also not committed the command, its restart sends it once more,
    // and that one is answered. Anything else is one delivery, answered (1).
    const receivedText = terminals.filter((v) => v.downlinkAt?.['0x8300']?.length);
    const textTimes = receivedText.find((v) => v.plate === '京A10007')?.downlinkAt?.['0x8300'] ?? [];
    const gatewayKilledAt = killedAt.get(cluster.replica('gateway-808', 1)!.name)!;
    const inKillWindow = textTimes.length > 0 && textTimes[0] <= gatewayKilledAt && textTimes[0] > gatewayKilledAt - 5_000;
    let order = await orderNow();
    log(`text order: status ${order.status}, reply ${order.replyMsgId || 'none'}, received by ${receivedText.map((v) => v.plate).join(', ') || 'nobody'} at ${textTimes.map((t) => `${t - gatewayKilledAt} ms`).join(', ')} from gateway-808-1's kill`);
    // What to read a failure against: the order as stored and the target's sessions, in ms from the kill.
    const targetSummary = terminals.find((v) => v.plate === '京A10007');
    if (receivedText.length !== 1 || order.status !== 1) {
      const fromKill = (t?: number) => (t ? t - gatewayKilledAt : 'none');
      log(`text order record: ${JSON.stringify(order)}; sent ${textAt - gatewayKilledAt} ms from the kill`);
      log(`京A10007: ${targetSummary?.connects} connects, ${targetSummary?.reports} reports, ${targetSummary?.acked} acked; sessions (ms from the kill): ${(targetSummary?.sessions ?? []).map((s) => `${fromKill(s.up)}..${fromKill(s.down)}`).join(', ') || 'none'}`);
    }
    expect(receivedText.map((v) => v.plate)).toEqual(['京A10007']);
    if (!inKillWindow) {
      expect(textTimes).toHaveLength(1);
      // Delivered after the kills (requeued while its terminal was away, sent when it came back): its
      // answer may still be on its way through a results group that rebalances as replicas return.
      while (order.status === 7 && Date.now() < textTimes[0] + 180_000) {
        await sleep(2_000);
        order = await orderNow();
      }
      log(`text order settled: ${JSON.stringify(order)}`);
      expect(order).toMatchObject({ status: 1, replyMsgId: '0x0001' });
    } else if (textTimes.length === 2) {
      expect(order).toMatchObject({ status: 1, replyMsgId: '0x0001' });
    } else {
      expect(textTimes).toHaveLength(1);
      // Answered, or the answer died with the gateway: then the lost-reply sweep times the order out.
      while (order.status === 7 && Date.now() < textAt + 200_000) {
        await sleep(2_000);
        order = await orderNow();
      }
      log(`text order settled: status ${order.status}`);
      expect([1, 4]).toContain(order.status);
      if (order.status === 1) expect(order.replyMsgId).toBe('0x0001');
    }

    // The export finished although a tracking replica died.
    let task: { taskStatus?: number; rowCount?: number } | undefined;
    for (let waited = 0; waited < 60_000 && task?.taskStatus !== 1; waited += 1_000) {
      task = ((await call('GET', '/gps/export-task')).data as { records: (typeof task)[] }).records[0];
      if (task?.taskStatus !== 1) await sleep(1_000);
    }
    expect(task).toMatchObject({ taskStatus: 1 });

    // The 809 superior: the survivor took the link over within 30 s of the holder's death, and every
    // position tracking stored for a forwarded vehicle reached the superior (0x1202 live, 0x1203 from
    // the backlog); one sent twice only in the window docs/forwarder-809.md leaves open (the batch in
    // flight when the holder died, redelivered after the takeover or the rebalance that follows its restart).
    const moved = await takeover;
    log(`809 link logged in again ${moved ? `${moved.afterMs} ms after the holder's kill` : 'never'}`);
    expect(moved?.afterMs).toBeLessThanOrEqual(30_000);
    // By the survivor, which still holds it (the restarted replica never claimed an unexpired lease).
    const survivorId = cluster.byService.get('forwarder-809')!.find((replica) => replica.name === moved!.holder)!.env.INSTANCE_ID;
    expect((await linkStatus(2)) ?? (await linkStatus(1))).toMatchObject({ main: 'online', holder: expect.stringMatching(new RegExp(`^${survivorId}:`)) });
    const plateOfPhone = new Map(terminals.map((v) => [v.key, v.plate]));
    const expected809 = new Set<string>();
    for (const row of await query<{ phone: string; at: number }>(`SELECT terminal_phone AS phone, gps_time AS at FROM \`${tracking}\`.track_point`)) {
      const plate = plateOfPhone.get(row.phone.replace(/^0+/, ''));
      if (plate) expected809.add(`${plate}|${Number(row.at)}`);
    }
    const secondsOf = (time: string) => Date.parse(`${time.replace(' ', 'T')}+08:00`) / 1000;
    /** Per plate and GNSS second: how many times the superior received it, and when first (epoch ms). */
    const firstReceived = new Map<string, number>();
    const received809 = () => {
      const counts = new Map<string, number>();
      const add = (plate: string, gnss: Gnss2011, at: number) => {
        const key = `${plate}|${secondsOf(gnss.time)}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
        if (!firstReceived.has(key)) firstReceived.set(key, at);
      };
      for (const message of superior.messages(0x1200, 0x1202)) add((message.body as BusinessBody).vehicleNo ?? '', (message.body as BusinessBody).data.position as Gnss2011, message.receivedAt);
      for (const message of superior.messages(0x1200, 0x1203)) for (const gnss of (message.body as BusinessBody).data.positions as Gnss2011[]) add((message.body as BusinessBody).vehicleNo ?? '', gnss, message.receivedAt);
      return counts;
    };
    let forwarded = received809();
    const missing809 = () => [...expected809].filter((key) => !forwarded.has(key));
    for (let waited = 0; waited < 60_000 && missing809().length > 0; waited += 2_000) {
      await sleep(2_000);
      forwarded = received809();
    }
    const twice = [...forwarded].filter(([, n]) => n > 1).map(([key]) => key);
    log(`809: ${expected809.size} positions expected, ${forwarded.size} distinct received, ${twice.length} twice; ${superior.loginResults.length} logins`);
    expect(missing809().slice(0, 20)).toEqual([]);
    // The window is when the first copy reached the superior (the batch in flight when the holder died, or
    // in the rebalance after its restart), not the position's GNSS time: under load the forwarder runs
    // tens of seconds behind the terminals (2,000 terminals: positions 28-38 s old were in flight).
    const killWindow = [forwarderKilledAt - 20_000, forwarderKilledAt + 60_000];
    expect(twice.filter((key) => { const at = firstReceived.get(key)!; return at < killWindow[0] || at > killWindow[1]; }).map((key) => `${key} first received ${firstReceived.get(key)! - forwarderKilledAt} ms from the kill`)).toEqual([]);

    // Fence events: every crossing of the fence's edge that the stored positions show is stored once
    // (the event ids are stable: a replayed batch repeats them), nothing else, and per terminal the
    // entries and exits alternate. The evaluator reads each terminal's positions in their partition's
    // order, skips one older than it has seen (a late backfill cannot replay an entry) and sorts each
    // bus batch by GNSS time. So the crossings are exact for every terminal whose positions are in the
    // log in GNSS order (read back from Kafka), back-filled or not. A terminal with a position in the
    // log after a newer one (on a busy machine: its backlog behind a live report, or a publish retried
    // after later ones) is held to the alternation, and each of its events must sit on a stored
    // position on that side of the edge. (Until stop 44 every back-filled terminal was left out, and a
    // CI run whose terminals came online slowly left 100 of 2,000 to check; stop 44 checked them all
    // exactly, and a busier CI run found 22 crossings of back-filled terminals without an event there.)
    // A handler that failed and was handed its batch again (delivery's rate-limited retry line), per
    // replica still running: the lead when an event check below fails (the killed ones' output is gone).
    const retried = cluster.all().map((p) => [p.name, p.output.split('\n').filter((line) => line.includes('handler failed, retrying'))] as const).filter(([, lines]) => lines.length > 0);
    log(`handler retries logged: ${retried.length ? retried.map(([name, lines]) => `${name} ${lines.length} (first: ${lines[0].slice(0, 300)})`).join('; ') : 'none'}`);
    const fenceSchema = cluster.schema('fence');
    // The crossings are read from the stored positions once tracking has stored every position of the
    // log, not only the acknowledged ones waited for above: a report published whose answer died with
    // its gateway is in the log too, the fence evaluator reads it, and a busy tracking can store it
    // later (stop 46's CI read the points 106 positions short of the log and found an exit "where no
    // position is stored"). A position in the log that tracking never stores is lost: that fails here.
    // And every stored position came through the log. The log is read again while tracking stores
    // positions it does not hold yet: a gateway still publishing a slow broker's backlog after its
    // terminals left writes them after the first read (stop 48's CI: 82 stored after it).
    type PointRow = { phone: string; at: number; lat: number; lng: number; blind: number };
    const readPoints = () => query<PointRow>(`SELECT terminal_phone AS phone, gps_time AS at, latitude_e6 AS lat, longitude_e6 AS lng, blind_area AS blind FROM \`${tracking}\`.track_point ORDER BY terminal_phone, gps_time`);
    const keyOf = (p: PointRow) => `${p.phone.replace(/^0+/, '')}|${Number(p.at)}`;
    let logOrder = new Map<string, number[]>();
    let loggedKeys = new Set<string>();
    let points: PointRow[] = [];
    const notStored = () => {
      const storedKeys = new Set(points.map(keyOf));
      return [...loggedKeys].filter((key) => !storedKeys.has(key));
    };
    const notLogged = () => points.filter((p) => !loggedKeys.has(keyOf(p))).map(keyOf);
    for (let read = 1; ; read++) {
      logOrder = await positionLogOrder(cluster.replica('tracking', 1)!.env.KAFKA_BROKERS, DOT_ENV.BUS_TOPIC_PREFIX, `cluster-n-log-order-${RUN}-${read}`);
      loggedKeys = new Set([...logOrder].flatMap(([phone, times]) => times.map((at) => `${phone}|${at}`)));
      points = await readPoints();
      for (let waited = 0; waited < 90_000 && notStored().length > 0; waited += 2_000) {
        await sleep(2_000);
        points = await readPoints();
      }
      expect(notStored().slice(0, 20)).toEqual([]);
      const unlogged = notLogged().length;
      if (unlogged === 0 || read === 4) break;
      log(`position log read ${read}: ${unlogged} stored positions written to it after the read; reading it again`);
      await sleep(5_000);
    }
    expect(notLogged().slice(0, 20)).toEqual([]);
    const late = new Set([...logOrder].filter(([, times]) => outOfOrder(times)).map(([phone]) => phone));
    const logged = [...logOrder.values()].reduce((sum, times) => sum + times.length, 0);
    // Every stored position came through the log, so the log holds at least as many.
    expect(logged).toBeGreaterThanOrEqual(points.length);
    const backfilled = new Set(points.filter((p) => Number(p.blind)).map((p) => p.phone.replace(/^0+/, '')));
    const crossings = new Set<string>();
    const insideNow = new Map<string, boolean>();
    const sideAt = new Map<string, boolean>();
    for (const point of points) {
      const phone = point.phone.replace(/^0+/, '');
      if (!plateOfPhone.has(phone)) continue;
      const inside = insideFence(Number(point.lng) / 1e6, Number(point.lat) / 1e6);
      sideAt.set(`${phone}|${Number(point.at) * 1000}`, inside);
      if (inside !== (insideNow.get(phone) ?? false)) crossings.add(`${phone}|${inside ? 'enter' : 'exit'}|${Number(point.at) * 1000}`);
      insideNow.set(phone, inside);
    }
    const exact = [...crossings].filter((key) => !late.has(key.split('|')[0]));
    type FenceRow = { eventId: string; phone: string; kind: string; at: number };
    const fenceEvents = () => query<FenceRow>(`SELECT event_id AS eventId, terminal_phone AS phone, kind, at FROM \`${fenceSchema}\`.fence_event WHERE fence_id = ? AND kind IN ('enter', 'exit') ORDER BY terminal_phone, at`, [fenceId]);
    let events = await fenceEvents();
    const eventKeys = () => new Set(events.map((e) => `${e.phone.replace(/^0+/, '')}|${e.kind}|${Number(e.at)}`));
    for (let waited = 0; waited < 90_000 && exact.some((key) => !eventKeys().has(key)); waited += 2_000) {
      await sleep(2_000);
      events = await fenceEvents();
    }
    log(`fence: ${logged} positions read back from the log for ${points.length} stored; ${crossings.size} crossings in the stored positions (${exact.length} of terminals whose positions are in the log in GNSS order), ${events.length} events stored, ${backfilled.size} terminals back-filled, ${late.size} with a position in the log after a newer one`);
    expect(exact.length).toBeGreaterThan(0);
    const storedEvents = eventKeys();
    const label = (phone: string) => (backfilled.has(phone) ? 'back-filled' : 'live only');
    expect(exact.filter((key) => !storedEvents.has(key)).map((key) => `${key} (${label(key.split('|')[0])})`).slice(0, 20)).toEqual([]);
    const phoneOf = (e: FenceRow) => e.phone.replace(/^0+/, '');
    const sideOf = (e: FenceRow) => ({ true: 'inside', false: 'outside', undefined: 'no position stored' })[String(sideAt.get(`${phoneOf(e)}|${Number(e.at)}`)) as 'true' | 'false' | 'undefined'];
    expect(events.filter((e) => !late.has(phoneOf(e)) && !crossings.has(`${phoneOf(e)}|${e.kind}|${Number(e.at)}`)).map((e) => `${e.eventId} (${label(phoneOf(e))}; stored there: ${sideOf(e)})`).slice(0, 20)).toEqual([]);
    expect(events.filter((e) => late.has(phoneOf(e)) && sideAt.get(`${phoneOf(e)}|${Number(e.at)}`) !== (e.kind === 'enter')).map((e) => `${e.eventId} (late arrivals; stored there: ${sideOf(e)})`).slice(0, 20)).toEqual([]);
    const notAlternating = events.filter((e, i) => (i === 0 || events[i - 1].phone !== e.phone ? e.kind !== 'enter' : events[i - 1].kind === e.kind));
    expect(notAlternating.map((e) => e.eventId).slice(0, 20)).toEqual([]);

    // The viewer came back after its api replica died, and positions flow to it again.
    expect(viewerConnects).toBeGreaterThanOrEqual(2);
    expect(pushedAt.filter((at) => at > viewerKilledAt + 2_000).length).toBeGreaterThan(0);
    log('done');
  });
});

/** yyyy-MM-dd HH:mm:ss in China time, the form the /gps queries take. */
function chinaTime(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}
