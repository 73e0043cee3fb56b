// Validates docker-compose.yml with Debian's docker-compose (`config -q` needs no Docker engine).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const root = join(__dirname, '../..');

// The secrets docker-compose.yml requires from .env; the tests supply throwaway values.
const SECRETS = { MYSQL_ROOT_PASSWORD: 'test-only', AUTH_JWT_SECRET: 'test-only-jwt-secret-0123456789abcdef', GATEWAY_808_AUTH_SECRET: 'test-only-gateway-secret', FORWARDER_809_SECRET: 'test-only-forwarder-809-secret-0123456789', VIDEO_URL_SECRET: 'test-only-video-url-secret-0123456789abcd', VIDEO_PUBLIC_HOST: '192.0.2.10', VIDEO_2_PUBLIC_HOST: '192.0.2.11' };

// Two replicas each behind lb (docs/deployment.md); a video replica is told to terminals by its own
// address and ports, so video runs one service block per replica (`video`, `video-2`), each publishing its own.
const REPLICATED = ['api', 'admin', 'gateway-808', 'tracking', 'instruction', 'fence', 'alarm', 'energy', 'vehicle-service', 'industry', 'frame-archive', 'forwarder-809'];
const SINGLE = ['video', 'video-2'];
// What lb fronts: published port, the frontend's mode, and the replica port behind it (as the service's environment names it).
const LB_ROUTES = [
  { published: 8080, mode: 'http', service: 'api', port: 'HTTP_PORT' },
  { published: 6808, mode: 'tcp', service: 'gateway-808', port: 'GATEWAY_808_PORT' },
  { published: 32960, mode: 'tcp', service: 'energy', port: 'ENERGY_32960_PORT' },
  { published: 9610, mode: 'tcp', service: 'energy', port: 'ENERGY_HJ1239_PORT' },
  { published: 6809, mode: 'tcp', service: 'alarm', port: 'ALARM_ATTACHMENT_PORT' },
  { published: 7809, mode: 'tcp', service: 'forwarder-809', port: 'FORWARDER_809_SLAVE_PORT' },
];

type ComposePort = { published?: number | string; target: number; protocol?: string };
type ComposeService = { image?: string; deploy?: { replicas?: number }; ports?: ComposePort[]; volumes?: string[]; environment?: Record<string, string | number | null> };

/** haproxy.cfg as sections (`frontend api` -> its directive lines). */
function haproxySections(text: string): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  let current: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*/, '').trimEnd();
    if (!line.trim()) continue;
    if (/^\S/.test(line)) sections.set(line.trim(), (current = []));
    else current.push(line.trim().replace(/\s+/g, ' '));
  }
  return sections;
}

function composeConfig(env: Record<string, string>, ...args: string[]) {
  const inherited = { ...process.env };
  for (const name of Object.keys(SECRETS)) delete inherited[name];
  return spawnSync('docker-compose', ['config', ...args], { cwd: root, env: { ...inherited, ...env }, encoding: 'utf8' });
}

describe('docker-compose.yml (cluster mode)', () => {
  it('is a valid Compose file', () => {
    const result = composeConfig(SECRETS, '-q');
    expect(result.error).toBeUndefined();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it.each(Object.keys(SECRETS))('refuses to start without %s instead of using a default', (secret) => {
    const { [secret]: _missing, ...others } = SECRETS as Record<string, string>;
    const result = composeConfig(others, '-q');
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(secret);
  });

  it('documents every variable it reads from .env in infra/compose.env.example and the README', () => {
    const compose = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
    const variables = [...new Set([...compose.matchAll(/\$\{([A-Z0-9_]+)/g)].map((match) => match[1]))].sort();
    const example = readFileSync(join(root, 'infra/compose.env.example'), 'utf8');
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const clusterSection = readme.slice(readme.indexOf('## Cluster mode'), readme.indexOf('\n## ', readme.indexOf('## Cluster mode') + 1));
    expect(variables).toEqual(expect.arrayContaining(Object.keys(SECRETS)));
    expect(variables.filter((name) => !new RegExp(`^${name}=`, 'm').test(example))).toEqual([]);
    expect(variables.filter((name) => !clusterSection.includes(`\`${name}\``))).toEqual([]);
  });

  it('runs Kafka, MySQL and every service that has a cluster entry, each with a healthcheck', () => {
    const result = composeConfig(SECRETS, '--services');
    const composeServices = result.stdout.trim().split('\n').sort();
    const clusterEntries = readdirSync(join(root, 'services'))
      .filter((name) => name !== 'standalone' && existsSync(join(root, 'services', name, 'src/main.ts')))
      .sort();
    expect(composeServices).toEqual(expect.arrayContaining(['kafka', 'mysql', ...clusterEntries]));
    const full = composeConfig(SECRETS).stdout;
    for (const service of ['kafka', 'mysql', ...clusterEntries]) {
      const block = full.split(/\n {2}(?=[a-z0-9-]+:\n)/).find((part) => part.startsWith(`${service}:`)) ?? '';
      expect({ service, hasHealthcheck: block.includes('healthcheck:') }).toEqual({ service, hasHealthcheck: true });
    }
  });

  describe('replicas behind the load balancer', () => {
    const services = () => (parse(composeConfig(SECRETS).stdout) as { services: Record<string, ComposeService> }).services;

    it('runs two replicas of every service that can have them, and video as two single blocks', () => {
      const all = services();
      expect(Object.fromEntries(REPLICATED.map((name) => [name, all[name]?.deploy?.replicas]))).toEqual(Object.fromEntries(REPLICATED.map((name) => [name, 2])));
      for (const name of SINGLE) expect({ name, replicas: all[name].deploy?.replicas ?? 1 }).toEqual({ name, replicas: 1 });
    });

    it('publishes no port of a replicated service: only lb (and the single replicas) publish, no host port twice', () => {
      const all = services();
      expect(REPLICATED.filter((name) => (all[name].ports ?? []).length > 0)).toEqual([]);
      const published = Object.entries(all).flatMap(([name, service]) => (service.ports ?? []).map((port) => ({ name, host: `${port.published}/${port.protocol ?? 'tcp'}` })));
      const owners = new Map<string, string[]>();
      for (const { name, host } of published) owners.set(host, [...(owners.get(host) ?? []), name]);
      expect([...owners].filter(([, names]) => names.length > 1)).toEqual([]);
      expect([...new Set(published.map(({ name }) => name))].sort()).toEqual(['lb', 'video', 'video-2']);
      expect((all.lb.ports ?? []).map((port) => Number(port.published)).sort()).toEqual(LB_ROUTES.map((route) => route.published).sort());
    });

    it('gives each replica its own instance id (the container host name: nothing sets INSTANCE_ID)', () => {
      const all = services();
      expect(REPLICATED.filter((name) => all[name].environment && 'INSTANCE_ID' in all[name].environment!)).toEqual([]);
    });

    it('runs the official haproxy image with infra/compose/haproxy.cfg routing each port to the replicas, with health checks', () => {
      const all = services();
      expect(all.lb.image).toMatch(/^haproxy:/);
      expect(all.lb.volumes).toEqual(expect.arrayContaining([expect.stringMatching(/infra\/compose\/haproxy\.cfg:\/usr\/local\/etc\/haproxy\/haproxy\.cfg:ro$/)]));
      const cfg = haproxySections(readFileSync(join(root, 'infra/compose/haproxy.cfg'), 'utf8'));
      for (const route of LB_ROUTES) {
        const target = all.lb.ports!.find((port) => Number(port.published) === route.published)!.target;
        const frontend = [...cfg].find(([name, lines]) => name.startsWith('frontend ') && lines.includes(`bind :${target}`));
        expect({ route: route.published, frontend: frontend?.[0] }).toEqual({ route: route.published, frontend: expect.any(String) });
        const lines = frontend![1];
        expect(lines).toContain(`mode ${route.mode}`);
        const backendName = lines.find((line) => line.startsWith('default_backend '))!.split(' ')[1];
        const backend = cfg.get(`backend ${backendName}`) ?? [];
        const replicaPort = all[route.service].environment![route.port];
        expect(backend).toEqual(expect.arrayContaining([`mode ${route.mode}`, 'balance leastconn', 'option httpchk GET /health', 'http-check expect status 200']));
        // Replicas by compose's DNS name on the port the service listens on, room to scale.
        expect(backend).toContainEqual(expect.stringMatching(new RegExp(`^server-template \\S+ ([2-9]|\\d{2,}) ${route.service}:${replicaPort}$`)));
        // A TCP source that opens links too fast is refused at the LB (the services see only lb's address).
        if (route.mode === 'tcp') expect(lines).toEqual(expect.arrayContaining(['tcp-request connection track-sc0 src', expect.stringMatching(/^tcp-request connection reject if \{ sc0_conn_rate gt \d+ \}$/)]));
        else {
          expect(backend).toContainEqual(expect.stringMatching(/^timeout tunnel \d+[smh]$/)); // WebSocket (socket.io)
          // The client's address, written by lb (not appended to the client's header) and trusted one hop deep.
          expect(lines).toContain('http-request set-header X-Forwarded-For %[src]');
          expect(all[route.service].environment!.API_TRUSTED_PROXY_HOPS).toBe(1);
        }
      }
      // Checks run on the services' HTTP port (/health), not on the vehicle-facing port, and find replicas through compose's DNS.
      expect(cfg.get('defaults')).toEqual(expect.arrayContaining([expect.stringMatching(/^default-server .*\binit-addr none\b.*\bresolvers docker\b.*\bcheck port 8080\b/)]));
      expect(cfg.get('resolvers docker')).toContain('nameserver compose 127.0.0.11:53');
    });

    it('raises the per-address limits of the services lb fronts to their totals (every link has lb\'s address)', () => {
      const env = (name: string) => services()[name].environment ?? {};
      expect(Number(env('gateway-808').GATEWAY_808_MAX_UNIDENTIFIED_PER_ADDRESS)).toBeGreaterThanOrEqual(10_000);
      expect(Number(env('energy').ENERGY_MAX_UNIDENTIFIED_PER_ADDRESS)).toBeGreaterThanOrEqual(2_000);
      expect(Number(env('alarm').ALARM_ATTACHMENT_MAX_UNIDENTIFIED_PER_ADDRESS)).toBeGreaterThanOrEqual(512);
    });
  });
});
