// Cluster mode as docker-compose.yml runs it, without a Docker engine: every service compose defines
// (those built from our Dockerfile) starts as its own Node process with exactly the environment
// compose resolves for it (`docker-compose config`: the service's `environment` and `env_file`, the
// secrets from a throwaway .env), with compose's host names pointed at 127.0.0.1 (real Kafka from
// `scripts/infra`, real MariaDB on 3306), free ports, and a schema and topic prefix of its own.
// A provisioned simulator then drives terminals through the gateway to the api and socket.io, and
// tracking is killed (SIGKILL) mid-stream and restarted: nothing the gateway acknowledged is lost.
// Last, a password reset in admin reaches tracking and the api's live hub through Kafka within 5 s.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { ComposeProcesses, root, sleep, type ServiceProcess, testDotEnv } from './support/compose-processes';

jest.setTimeout(300_000);

const RUN = `${process.pid}${randomBytes(2).toString('hex')}`;
const PASSWORD = 'Cluster12345';
const VEHICLES = 3;
const PLATES = ['京A10000', '京A10001', '京A10002'];

const DOT_ENV = testDotEnv(`cluster${RUN}.`, PASSWORD);

describe('cluster mode: the services of docker-compose.yml as processes on Kafka and MariaDB', () => {
  // One process per service (compose runs two of most: infra/test/cluster-n.int-spec.ts).
  const running = new Map<string, ServiceProcess>();
  let cluster: ComposeProcesses;
  const others: ChildProcess[] = [];
  let socket: Socket | undefined;
  let api = '';
  let token = '';

  const get = async (path: string) => {
    const response = await fetch(`${api}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    return { status: response.status, body: (await response.json()) as { flag: boolean; errorCode: number; data: unknown } };
  };

  beforeAll(async () => {
    cluster = await ComposeProcesses.configure({ run: RUN, dotEnv: DOT_ENV });
    for (const [name, [service]] of cluster.byService) running.set(name, service);
    api = cluster.url('api');
    await cluster.startAll(120_000);
  });

  afterAll(async () => {
    socket?.close();
    others.forEach((child) => child.kill('SIGKILL'));
    await cluster?.stopAll();
  });

  it('starts every service compose defines, with the secrets compose gives it', () => {
    expect([...running.keys()].sort()).toEqual(expect.arrayContaining(['admin', 'alarm', 'api', 'energy', 'fence', 'forwarder-809', 'frame-archive', 'gateway-808', 'industry', 'instruction', 'tracking', 'vehicle-service', 'video']));
    expect(running.get('api')!.env.AUTH_JWT_SECRET).toBe(DOT_ENV.AUTH_JWT_SECRET);
    expect(running.get('gateway-808')!.env.GATEWAY_808_AUTH_SECRET).toBe(DOT_ENV.GATEWAY_808_AUTH_SECRET);
  });

  it('drives a provisioned simulator through the gateway to the api and socket.io; a killed tracking loses nothing', async () => {
    const upstreams = await (await fetch(`${api}/health/upstreams`)).json();
    expect(upstreams).toMatchObject({ status: 'ok', upstreams: { tracking: 'up', admin: 'up' } });

    const simulator = spawn(
      process.execPath,
      [join(root, 'scripts/simulator/simulate.js'), '--provision', '--api', api, '--password', PASSWORD, '--vehicles', String(VEHICLES), '--interval', '1', '--register-retry', '3', '--phone-prefix', '147', '--port', running.get('gateway-808')!.env.GATEWAY_808_PORT, '--duration', '45'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    others.push(simulator);
    let simOutput = '';
    simulator.stdout!.on('data', (chunk) => (simOutput += chunk));
    simulator.stderr!.on('data', (chunk) => (simOutput += chunk));
    const simExit = new Promise<number | null>((resolve) => simulator.on('exit', resolve));

    // Sign in through the api (proxied to admin) once the simulator has provisioned its fleet.
    for (let waited = 0; waited < 20_000 && !simOutput.includes('provisioned'); waited += 200) await sleep(200);
    expect(simOutput).toContain(`provisioned ${VEHICLES} vehicles`);
    const login = (await (await fetch(`${api}/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: PASSWORD }) })).json()) as { flag: boolean; data: { access_token: string } };
    expect(login.flag).toBe(true);
    token = login.data.access_token;

    const pushed: { plateCode?: string; terminalPhone?: string }[] = [];
    socket = io(api, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
    socket.on('positions', (batch: typeof pushed) => pushed.push(...batch));
    await new Promise<void>((resolve, reject) => socket!.on('connect', resolve).on('connect_error', reject));

    // Positions visible through the api (/gps is routed to tracking) and pushed live. Ten services,
    // Kafka and MariaDB share two cores here: a terminal may authenticate only after a few retries.
    type Latest = { vehicleId: string; plateCode: string; terminalPhone: string; latitude: number | null };
    let latest: Latest[] = [];
    for (let waited = 0; waited < 120_000; waited += 300) {
      latest = ((await get('/gps/position/findLatestPositions')).body.data ?? []) as Latest[];
      if (latest.filter((row) => row.latitude !== null).length === VEHICLES) break;
      await sleep(300);
    }
    // A registration refused while the gateway's registry copy catches up with the provisioning is retried after 3 s.
    const located = latest.filter((row) => row.latitude !== null).map((row) => row.plateCode).sort();
    if (located.length !== VEHICLES) throw new Error(`located ${located.join(', ')}; simulator said:\n${simOutput}`);
    expect(located).toEqual(PLATES);
    expect(latest.map((row) => row.terminalPhone).sort()).toEqual(['14700000001', '14700000002', '14700000003']);
    for (let waited = 0; waited < 5_000 && pushed.length === 0; waited += 100) await sleep(100);
    expect(PLATES).toContain(pushed[0]?.plateCode);

    // A roll call through the api (routed to the instruction service), Kafka, the gateway and a simulated terminal.
    const target = latest[0];
    const sent = (await (await fetch(`${api}/gps/sendOrder/send`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify({ commandType: 'rollcall', vehicleIds: [target.vehicleId], offlinePolicy: 'queue' }) })).json()) as { flag: boolean; data: { orderId: string }[] };
    expect(sent.flag).toBe(true);
    let rollcall: { status: number; replyMsgId: string } | undefined;
    for (let waited = 0; waited < 20_000 && rollcall?.status !== 1; waited += 300) {
      rollcall = (await get(`/gps/sendOrder/${sent.data[0].orderId}`)).body.data as typeof rollcall;
      await sleep(300);
    }
    expect(rollcall).toMatchObject({ status: 1, replyMsgId: '0x0201' });

    // Tracking dies mid-stream: the api answers the envelope and names it in /health/upstreams, and
    // stays ready itself (/health: the load balancer keeps it, for the routes whose services are up).
    const tracking = running.get('tracking')!;
    await cluster.kill(tracking);
    const whileDown = await get('/gps/position/findLatestPositions');
    expect([502, 503, 504]).toContain(whileDown.status);
    expect(whileDown.body).toMatchObject({ flag: false });
    const upstreamsWhileDown = await fetch(`${api}/health/upstreams`);
    expect([upstreamsWhileDown.status, ((await upstreamsWhileDown.json()) as { down: string[] }).down]).toEqual([503, ['tracking']]);
    expect((await fetch(`${api}/health`)).status).toBe(200);
    expect((await get('/basic/vehicle?current=1&size=1')).status).toBe(200);
    await sleep(3_000); // the gateway keeps acknowledging into Kafka meanwhile
    cluster.start(tracking);
    await cluster.healthy(tracking);

    expect(await simExit).toBe(0);
    const stats = simOutput.trim().split('\n').at(-1)!;
    const [reports, acked, refused] = [/reports (\d+)/, /acked (\d+)/, /refused (\d+)/].map((pattern) => Number(pattern.exec(stats)?.[1]));
    // The run's output when the stream was thin (e.g. registrations refused while the gateway's registry copy caught up).
    if (!(acked > VEHICLES * 10)) process.stderr.write(`cluster test: the simulator said:\n${simOutput}\n`);
    expect(refused).toBe(0);
    expect(acked).toBeGreaterThan(VEHICLES * 10);
    expect(acked).toBeLessThanOrEqual(reports);

    // Every acknowledged report is stored once tracking has caught up (its old member times out of the group).
    const window = `startTime=${encodeURIComponent(chinaTime(Date.now() - 600_000))}&endTime=${encodeURIComponent(chinaTime(Date.now() + 600_000))}`;
    let stored = 0;
    for (let waited = 0; waited < 60_000; waited += 1_000) {
      stored = 0;
      for (const row of latest) {
        const history = await get(`/gps/vtrack/findHistoryTrack?vehicleId=${row.vehicleId}&isAllLocations=1&${window}`);
        stored += Number((history.body.data as { pointCount?: number } | null)?.pointCount ?? 0);
      }
      if (stored >= acked) break;
      await sleep(1_000);
    }
    expect(stored).toBeGreaterThanOrEqual(acked);
    // The roll call's 0x0201 answer carries a located position, stored as a track point too.
    expect(stored).toBeLessThanOrEqual(reports + 1);
    const finalHealth = await fetch(`${api}/health/upstreams`);
    expect([finalHealth.status, await finalHealth.text()]).toEqual([200, expect.anything()]);
  });

  it('a password reset in admin ends the session in tracking and the api live hub within 5 s', async () => {
    const signIn = async (password: string) => {
      const response = await fetch(`${api}/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }) });
      const body = (await response.json()) as { flag: boolean; data: { access_token: string; user_id: number } };
      expect(body.flag).toBe(true);
      return body.data;
    };
    // /gps is served by the tracking process, /basic by admin, /socket.io by the api: three processes.
    const latestWith = async (bearer: string) => {
      const response = await fetch(`${api}/gps/position/findLatestPositions`, { headers: { Authorization: `Bearer ${bearer}` } });
      return { status: response.status, body: (await response.json()) as { flag: boolean; errorCode: number; data: unknown } };
    };
    const session = await signIn(PASSWORD);
    expect(await latestWith(session.access_token)).toMatchObject({ status: 200, body: { flag: true } });
    const live = io(api, { path: '/socket.io', auth: { token: session.access_token }, transports: ['websocket'], reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => live.on('connect', resolve).on('connect_error', reject));
      const closed = new Promise<string>((resolve) => live.on('disconnect', resolve));

      const reset = await fetch(`${api}/basic/user/${session.user_id}/password`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.access_token}` },
        body: JSON.stringify({ password: 'Rotated12345' }),
      });
      expect(((await reset.json()) as { flag: boolean }).flag).toBe(true);
      const resetAt = Date.now();
      let answer = await latestWith(session.access_token);
      while (answer.status !== 401 && Date.now() - resetAt < 5_000) {
        await sleep(100);
        answer = await latestWith(session.access_token);
      }
      expect(answer).toMatchObject({ status: 401, body: { flag: false, errorCode: 401, data: null } });
      const reason = await Promise.race([closed, sleep(Math.max(0, resetAt + 5_000 - Date.now())).then(() => 'still connected after 5 s')]);
      expect(reason).toBe('io server disconnect');
    } finally {
      live.close();
    }
    const renewed = await signIn('Rotated12345');
    expect(await latestWith(renewed.access_token)).toMatchObject({ status: 200, body: { flag: true } });
  });
});

/** yyyy-MM-dd HH:mm:ss in China time, the form the /gps queries take. */
function chinaTime(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}
