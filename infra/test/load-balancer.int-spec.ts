// The cluster's load balancer (infra/compose/haproxy.cfg) run by Debian's haproxy in front of stand-in
// replicas on this machine. The test rewrites only what compose's network gives differently: the DNS
// resolver and `server-template` slots become two `server` lines per service on 127.0.0.1 (their
// health port in place of 8080), binds get free ports, health checks run every 200 ms instead of 5 s,
// and maxconn suits a test. Modes, balancing, health checks, header rewriting, tunnel timeouts and
// the per-source limits are the file's own.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type Server as HttpServer } from 'node:http';
import { createConnection, createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePorts } from '@openfleet/service-kit';
import { WebSocket, WebSocketServer } from 'ws';

const root = join(__dirname, '../..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Replica {
  name: string;
  port: number;
  healthPort: number;
  healthy: boolean;
  close: () => Promise<void>;
}

const listen = (server: HttpServer | TcpServer) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
const closeServer = (server: HttpServer | TcpServer) => new Promise<void>((resolve) => server.close(() => resolve()));

/** An api replica: /health, /whoami (the X-Forwarded-For it got and the socket's address), a WebSocket echo. */
async function apiReplica(name: string): Promise<Replica> {
  const replica = { name, healthy: true } as Replica;
  const server = createHttpServer((req, res) => {
    if (req.url === '/health') return void res.writeHead(replica.healthy ? 200 : 503).end();
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ replica: name, forwardedFor: req.headers['x-forwarded-for'] ?? null, socket: req.socket.remoteAddress }));
  });
  const sockets = new WebSocketServer({ server });
  sockets.on('connection', (socket) => socket.on('message', (data) => socket.send(`${name}:${String(data)}`)));
  replica.port = replica.healthPort = await listen(server);
  replica.close = async () => {
    sockets.clients.forEach((client) => client.terminate());
    sockets.close();
    server.closeAllConnections();
    await closeServer(server);
  };
  return replica;
}

/** A vehicle-facing replica: greets every link with its name and keeps it; /health on a port of its own. */
async function linkReplica(name: string): Promise<Replica> {
  const replica = { name, healthy: true } as Replica;
  const links = new Set<Socket>();
  const server = createTcpServer((socket) => {
    links.add(socket);
    socket.on('close', () => links.delete(socket)).on('error', () => undefined);
    socket.write(`${name}\n`);
  });
  const health = createHttpServer((_req, res) => void res.writeHead(replica.healthy ? 200 : 503).end());
  replica.port = await listen(server);
  replica.healthPort = await listen(health);
  replica.close = async () => {
    links.forEach((socket) => socket.destroy());
    health.closeAllConnections();
    await Promise.all([closeServer(server), closeServer(health)]);
  };
  return replica;
}

/** haproxy.cfg with this machine's addresses in place of compose's (see the top of the file). */
function localConfig(text: string, binds: Map<number, number>, replicas: Map<string, Replica[]>): string {
  return text
    .replace(/^resolvers docker\n(?:[ \t]+.*\n|\s*\n)*/m, '')
    .replace(/^(\s*default-server .*)$/m, (line) => line.replace(' init-addr none', '').replace(' resolvers docker', '').replace('inter 5s', 'inter 200ms'))
    .replace(/^(\s*maxconn) \d+$/m, '$1 4096')
    .replace(/^(\s*bind) :(\d+)$/gm, (_line, bind: string, port: string) => `${bind} 127.0.0.1:${binds.get(Number(port))}`)
    .replace(/^(\s*)server-template (\S+) \d+ (\S+)$/gm, (_line, indent: string, prefix: string, target: string) =>
      replicas.get(target)!.map((replica, i) => `${indent}server ${prefix}${i + 1} 127.0.0.1:${replica.port} port ${replica.healthPort}`).join('\n'));
}

function get(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Record<string, string | null> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers, localAddress: '127.0.0.2', agent: false }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk)).on('end', () => resolve({ status: res.statusCode ?? 0, body: text.startsWith('{') ? JSON.parse(text) : {} }));
    });
    req.on('error', reject).end();
  });
}

/** Opens a link from `localAddress`: the replica's greeting, or null when the link is closed first. */
function link(port: number, localAddress: string): Promise<{ socket: Socket; greeting: string | null }> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port, localAddress });
    const done = (greeting: string | null) => {
      clearTimeout(timer);
      socket.removeAllListeners('data').removeAllListeners('close');
      resolve({ socket, greeting });
    };
    const timer = setTimeout(() => done(null), 3000);
    socket.on('error', () => undefined).once('data', (data) => done(String(data).trim())).once('close', () => done(null));
  });
}

describe('the load balancer (infra/compose/haproxy.cfg) in front of replicas', () => {
  const replicas = new Map<string, Replica[]>();
  const binds = new Map<number, number>();
  const links: Socket[] = [];
  let haproxy: ChildProcess;
  let output = '';

  const port = (published: number) => binds.get(published)!;
  const serverStates = async () => {
    const csv = await new Promise<string>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port: port(8404), path: '/stats;csv', agent: false }, (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk)).on('end', () => resolve(text));
      }).on('error', reject).end();
    });
    // pxname,svname,...,status (18th column).
    return new Map(csv.split('\n').filter((line) => line && !line.startsWith('#')).map((line) => line.split(',')).map((cells) => [`${cells[0]}/${cells[1]}`, cells[17]]));
  };
  const waitFor = async (expected: Record<string, string>) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      // Refused until haproxy listens.
      const states = await serverStates().catch(() => new Map<string, string>());
      if (Object.entries(expected).every(([server, status]) => states.get(server) === status)) return;
      if (Date.now() > deadline) throw new Error(`servers not ${JSON.stringify(expected)}: ${JSON.stringify([...states])}\n${output}`);
      await sleep(100);
    }
  };

  beforeAll(async () => {
    replicas.set('api:8080', [await apiReplica('api-1'), await apiReplica('api-2')]);
    for (const target of ['gateway-808:6808', 'energy:32960', 'energy:9610', 'alarm:6809', 'forwarder-809:7809']) {
      replicas.set(target, [await linkReplica(`${target}-1`), await linkReplica(`${target}-2`)]);
    }
    const text = readFileSync(join(root, 'infra/compose/haproxy.cfg'), 'utf8');
    const published = [...text.matchAll(/^\s*bind :(\d+)$/gm)].map((match) => Number(match[1]));
    const free = await freePorts(published.length);
    published.forEach((number, i) => binds.set(number, free[i]));
    const file = join(mkdtempSync(join(tmpdir(), 'openfleet-lb-')), 'haproxy.cfg');
    writeFileSync(file, localConfig(text, binds, replicas));
    haproxy = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    haproxy.stdout!.on('data', (chunk) => (output += chunk));
    haproxy.stderr!.on('data', (chunk) => (output += chunk));
    const spawned = await new Promise<Error | null>((resolve) => haproxy.once('spawn', () => resolve(null)).once('error', resolve));
    if (spawned) throw new Error(`haproxy could not start (${spawned.message}): install it (scripts/ensure-tools, Debian: apt-get install haproxy)`);
    await waitFor({ 'api/api1': 'UP', 'api/api2': 'UP', 'gateway_808/gateway-8081': 'UP', 'gateway_808/gateway-8082': 'UP', 'alarm_attachments/alarm1': 'UP', 'alarm_attachments/alarm2': 'UP' });
  });

  afterAll(async () => {
    links.forEach((socket) => socket.destroy());
    if (haproxy && haproxy.exitCode === null) {
      const exited = new Promise((resolve) => haproxy.once('exit', resolve));
      haproxy.kill('SIGTERM');
      await exited;
    }
    for (const list of replicas.values()) for (const replica of list) await replica.close();
  });

  it('sends HTTP to every api replica and tells it the client address, replacing what the client wrote', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await get(port(8080), '/whoami', { 'X-Forwarded-For': '203.0.113.9' }));
    expect(new Set(answers.map((answer) => answer.body.replica))).toEqual(new Set(['api-1', 'api-2']));
    // The client connects from 127.0.0.2; the replica's socket is the balancer's (127.0.0.1).
    for (const { status, body } of answers) expect({ status, forwardedFor: body.forwardedFor, socket: body.socket }).toEqual({ status: 200, forwardedFor: '127.0.0.2', socket: '127.0.0.1' });
  });

  it('carries the WebSocket upgrade socket.io uses, both ways, and keeps it open', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${port(8080)}/socket.io/?EIO=4&transport=websocket`, { localAddress: '127.0.0.2' });
    const next = () => new Promise<string>((resolve, reject) => socket.once('message', (data) => resolve(String(data))).once('error', reject));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.send('first');
    const first = await next();
    expect(first).toMatch(/^api-[12]:first$/);
    await sleep(1500);
    socket.send('second');
    expect(await next()).toBe(`${first.split(':')[0]}:second`);
    socket.close();
  });

  it('takes a replica whose /health fails out of rotation and back when it passes', async () => {
    const [, second] = replicas.get('api:8080')!;
    second.healthy = false;
    await waitFor({ 'api/api2': 'DOWN' });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await get(port(8080), '/whoami')).body.replica);
    expect(answers).toEqual(['api-1', 'api-1', 'api-1', 'api-1']);
    second.healthy = true;
    await waitFor({ 'api/api2': 'UP' });
  });

  it('gives each new 808 link to the gateway replica holding the fewest', async () => {
    const opened: { socket: Socket; greeting: string | null }[] = [];
    for (let i = 0; i < 4; i++) opened.push(await link(port(6808), '127.0.0.2'));
    links.push(...opened.map(({ socket }) => socket));
    const on = (name: string) => opened.filter((entry) => entry.greeting === name);
    expect([on('gateway-808:6808-1').length, on('gateway-808:6808-2').length]).toEqual([2, 2]);
    // The first replica's links end: both new links go to it (round robin would split them).
    for (const { socket } of on('gateway-808:6808-1')) socket.destroy();
    await sleep(200);
    const next = [await link(port(6808), '127.0.0.2'), await link(port(6808), '127.0.0.2')];
    links.push(...next.map(({ socket }) => socket));
    expect(next.map((entry) => entry.greeting)).toEqual(['gateway-808:6808-1', 'gateway-808:6808-1']);
  });

  it('refuses a source that opens attachment links faster than 64 in 10 s, and only that source', async () => {
    const opened = await Promise.all(Array.from({ length: 70 }, () => link(port(6809), '127.0.0.3')));
    links.push(...opened.map(({ socket }) => socket));
    expect(opened.filter((entry) => entry.greeting !== null)).toHaveLength(64);
    expect(opened.filter((entry) => entry.greeting === null)).toHaveLength(6);
    const other = await link(port(6809), '127.0.0.4');
    links.push(other.socket);
    expect(other.greeting).toMatch(/^alarm:6809-[12]$/);
  });

  it('routes the GB/T 32960 and HJ 1239 ports to the energy replicas', async () => {
    const gb = await link(port(32960), '127.0.0.2');
    const hj = await link(port(9610), '127.0.0.2');
    links.push(gb.socket, hj.socket);
    expect(gb.greeting).toMatch(/^energy:32960-[12]$/);
    expect(hj.greeting).toMatch(/^energy:9610-[12]$/);
  });
});
