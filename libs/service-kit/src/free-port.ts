import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';

/** A TCP port that was free a moment ago: for tests and tools that must name a port up front. */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port;
}

/** The lowest port a listener may pick from; below it only the well-known and registered ports. */
const LOWEST = 10_000;

/**
 * Where the system takes ports from for outgoing connections and `listen(0)`
 * (`net.ipv4.ip_local_port_range`); Linux's default when it cannot be read.
 */
export function ephemeralPortRange(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low > 0 && high >= low) return [low, high];
  } catch {
    // not Linux: the default below
  }
  return [32_768, 60_999];
}

/**
 * `count` distinct ports, free on every interface a moment ago, all held open together before any is
 * released (two separate calls cannot get the same one back).
 *
 * They are picked below the ephemeral range: a port taken by `listen(0)` lies inside it, and once
 * released any outgoing connection on the machine (to the database, to Kafka) may take it as its
 * local port before the process it was named for listens on it (EADDRINUSE; a 45 s server start on
 * a loaded CI machine is a long window). Outside the range, only another listener can take it.
 */
export async function freePorts(count: number): Promise<number[]> {
  const [ephemeralLow] = ephemeralPortRange();
  const high = ephemeralLow - 1;
  const servers: Server[] = [];
  // Random picks among ~20,000 ports: a few collide with each other or with a listener, never many.
  const attempts = 100 + count * 4;
  try {
    for (let attempt = 0; servers.length < count && attempt < attempts; attempt++) {
      const port = high > LOWEST ? LOWEST + Math.floor(Math.random() * (high - LOWEST + 1)) : 0;
      const server = await listenOn(port);
      if (server) servers.push(server);
    }
    if (servers.length < count) throw new Error(`no ${count} free ports below ${ephemeralLow} after ${attempts} tries`);
    return servers.map((server) => (server.address() as { port: number }).port);
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

/** A server on `port` of every interface (so neither a 0.0.0.0 nor a 127.0.0.1 listener holds it), or undefined when taken. */
function listenOn(port: number): Promise<Server | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen({ port, host: '0.0.0.0', exclusive: true }, () => resolve(server));
  });
}
