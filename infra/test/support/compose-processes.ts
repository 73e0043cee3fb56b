import { randomBytes } from 'node:crypto';
// The services of docker-compose.yml as Node processes, without a Docker engine: each service compose
// builds from our Dockerfile starts (`services/<name>/dist/main.js`) with exactly the environment
// compose resolves for it (`docker-compose config`: the service's `environment` and `env_file`, the
// secrets from a throwaway .env), compose's host names pointed at 127.0.0.1 (real Kafka on 9092, real
// MariaDB on 3306), free ports, and a schema and topic prefix of the run. Used by
// infra/test/cluster.int-spec.ts (one process per service) and cluster-n.int-spec.ts (compose's
// `deploy.replicas` processes per service: replicas share their schema, each has its own ports and
// INSTANCE_ID). A service compose runs as several blocks of one build (`video` and `video-2`, each
// with its own public address and ports) is one service here whose replicas take the blocks' environments.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePorts } from '@openfleet/service-kit';
import { Kafka, logLevel } from 'kafkajs';
import { parse } from 'yaml';

export const root = join(__dirname, '../../..');
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type ComposeService = {
  build?: { args?: { SERVICE?: string } };
  environment?: Record<string, string | number | null>;
  deploy?: { replicas?: number };
};

/**
 * What an operator puts in .env (infra/compose.env.example), with fresh secrets: MariaDB here has no
 * root password, and `topicPrefix` keeps a run's topics apart from every other run's.
 */
export function testDotEnv(topicPrefix: string, adminPassword: string): Record<string, string> {
  return {
    MYSQL_ROOT_PASSWORD: 'unused-by-this-test',
    AUTH_JWT_SECRET: randomBytes(24).toString('hex'),
    GATEWAY_808_AUTH_SECRET: randomBytes(12).toString('hex'),
    FORWARDER_809_SECRET: randomBytes(24).toString('hex'),
    VIDEO_URL_SECRET: randomBytes(24).toString('hex'),
    VIDEO_PUBLIC_HOST: '127.0.0.1',
    VIDEO_2_PUBLIC_HOST: '127.0.0.1',
    ADMIN_INITIAL_PASSWORD: adminPassword,
    BUS_TOPIC_PREFIX: topicPrefix,
    LOG_LEVEL: 'warn',
  };
}

export interface ComposeDefinition {
  /** The first replica's environment. */
  env: Record<string, string>;
  /** `deploy.replicas` (1 when compose does not set it), summed over the service's blocks. */
  replicas: number;
  /** Each replica's environment, in compose's order of blocks (`video`, then `video-2`). */
  replicaEnvs: Record<string, string>[];
}

/**
 * The services compose builds from our sources (keyed by the built service, `build.args.SERVICE`),
 * with the environment and replica count compose gives each; several blocks of one build are its replicas.
 */
export function composeServices(dotEnv: Record<string, string>): Map<string, ComposeDefinition> {
  const inherited = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
  const result = spawnSync('docker-compose', ['config'], { cwd: root, env: { ...inherited, ...dotEnv }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`docker-compose config failed: ${result.stderr}`);
  const services = (parse(result.stdout) as { services: Record<string, ComposeService> }).services;
  const ours = new Map<string, ComposeDefinition>();
  for (const service of Object.values(services)) {
    const built = service.build?.args?.SERVICE;
    if (!built) continue;
    const env = Object.fromEntries(Object.entries(service.environment ?? {}).map(([key, value]) => [key, value === null ? '' : String(value)]));
    const replicas = Number(service.deploy?.replicas ?? 1);
    const definition = ours.get(built) ?? { env, replicas: 0, replicaEnvs: [] };
    definition.replicas += replicas;
    for (let i = 0; i < replicas; i++) definition.replicaEnvs.push(env);
    ours.set(built, definition);
  }
  return ours;
}

export interface ServiceProcess {
  /** Compose's service name. */
  service: string;
  /** 1-based replica number. */
  replica: number;
  /** `service` for a lone replica, `service-2` for the second. */
  name: string;
  env: Record<string, string>;
  httpPort: number;
  child: ChildProcess;
  output: string;
  exitCode?: number | null;
}

/** Ports a service listens on besides HTTP (compose's container ports); UDP media is switched off. */
const LISTEN_PORTS = ['GATEWAY_808_PORT', 'ALARM_ATTACHMENT_PORT', 'FORWARDER_809_SLAVE_PORT', 'ENERGY_32960_PORT', 'ENERGY_HJ1239_PORT', 'VIDEO_MEDIA_TCP_PORT', 'VIDEO_FTP_PORT'];

/** Compose's upstream URLs of the api (http://admin:8080 …) by the service they reach. */
const API_UPSTREAMS: Record<string, string> = {
  admin: 'ADMIN_URL',
  tracking: 'TRACKING_URL',
  instruction: 'INSTRUCTION_URL',
  fence: 'FENCE_URL',
  alarm: 'ALARM_URL',
  'forwarder-809': 'FORWARDER_809_URL',
  energy: 'ENERGY_URL',
  video: 'VIDEO_URL',
  'vehicle-service': 'VEHICLE_SERVICE_URL',
  industry: 'INDUSTRY_URL',
  'frame-archive': 'FRAME_ARCHIVE_URL',
};

/** Compose's volumes: a directory of this run each, shared by a service's replicas as the volume is. */
const VOLUME_DIRS: Record<string, string> = {
  instruction: 'INSTRUCTION_MEDIA_DIR',
  alarm: 'ALARM_EVIDENCE_DIR',
  energy: 'ENERGY_OTA_DIR',
  admin: 'ADMIN_APP_PACKAGE_DIR',
  tracking: 'TRACKING_EXPORT_DIR',
  video: 'VIDEO_DATA_DIR',
};

export interface ClusterOptions {
  /** Unique per run: schema and topic prefixes, instance ids. */
  run: string;
  /** What an operator puts in .env. */
  dotEnv: Record<string, string>;
  /** Processes per service; default 1. `(name, composeReplicas) => composeReplicas` runs compose's count. */
  replicas?: (service: string, composeReplicas: number) => number;
}

/**
 * The processes of one run. Each api replica reaches the upstream replica of its own number (the
 * api's second replica the second tracking, …; a lone upstream serves both): there is no LB here.
 */
export class ComposeProcesses {
  readonly byService = new Map<string, ServiceProcess[]>();

  static async configure(options: ClusterOptions): Promise<ComposeProcesses> {
    const cluster = new ComposeProcesses();
    const compose = composeServices(options.dotEnv);
    const counts = new Map([...compose].map(([name, definition]) => [name, Math.max(1, options.replicas?.(name, definition.replicas) ?? 1)]));
    const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
    // Every port of every process distinct: taken together, handed out one by one.
    const ports = await freePorts(total * (LISTEN_PORTS.length + 1));
    const volumes = new Map<string, string>();
    for (const [service, definition] of compose) {
      const count = counts.get(service)!;
      const replicas: ServiceProcess[] = [];
      for (let replica = 1; replica <= count; replica++) {
        // Beyond compose's count the last block's environment is repeated (its ports and ids are replaced below).
        const env = { ...definition.replicaEnvs[Math.min(replica, definition.replicaEnvs.length) - 1] };
        // Compose's network names and container ports, as this machine has them.
        env.KAFKA_BROKERS = env.KAFKA_BROKERS.replace(/\bkafka:9092\b/g, '127.0.0.1:9092');
        env.MYSQL_HOST = env.MYSQL_HOST === 'mysql' ? '127.0.0.1' : env.MYSQL_HOST;
        env.MYSQL_PASSWORD = '';
        env.MYSQL_DATABASE_PREFIX = `${env.MYSQL_DATABASE_PREFIX}cl${options.run}_`;
        env.HTTP_HOST = '127.0.0.1';
        env.HTTP_PORT = String(ports.pop()!);
        for (const key of LISTEN_PORTS) if (env[key]) env[key] = String(ports.pop()!);
        if (env.VIDEO_MEDIA_UDP_PORT) env.VIDEO_MEDIA_UDP_PORT = '-1';
        // Compose's INSTANCE_ID is the container's host name, one per replica.
        env.INSTANCE_ID = `${service}-${replica}-${options.run}`;
        // A video replica's name in the stream registry, and where the api reaches it (compose's host name there).
        if (env.VIDEO_REPLICA_ID) env.VIDEO_REPLICA_ID = env.INSTANCE_ID;
        if (env.VIDEO_INTERNAL_URL) env.VIDEO_INTERNAL_URL = `http://127.0.0.1:${env.HTTP_PORT}`;
        const volume = VOLUME_DIRS[service];
        if (volume) {
          if (!volumes.has(service)) volumes.set(service, mkdtempSync(join(tmpdir(), `openfleet-cluster-${service}-`)));
          env[volume] = volumes.get(service)!;
        }
        const name = count === 1 ? service : `${service}-${replica}`;
        replicas.push({ service, replica, name, env, httpPort: Number(env.HTTP_PORT), child: undefined as unknown as ChildProcess, output: '' });
      }
      cluster.byService.set(service, replicas);
    }
    for (const api of cluster.byService.get('api') ?? []) {
      for (const [upstream, key] of Object.entries(API_UPSTREAMS)) {
        const target = cluster.replica(upstream, api.replica);
        if (target) api.env[key] = `http://127.0.0.1:${target.httpPort}`;
      }
    }
    return cluster;
  }

  /** Every process, first replicas first. */
  all(): ServiceProcess[] {
    const list = [...this.byService.values()].flat();
    return list.sort((a, b) => a.replica - b.replica);
  }

  /** Replica `n` of a service, or its last one when it has fewer. */
  replica(service: string, n = 1): ServiceProcess | undefined {
    const replicas = this.byService.get(service);
    return replicas?.[Math.min(n, replicas.length) - 1];
  }

  url(service: string, n = 1): string {
    return `http://127.0.0.1:${this.replica(service, n)!.httpPort}`;
  }

  start(process_: ServiceProcess): void {
    const child = spawn(process.execPath, [join(root, 'services', process_.service, 'dist/main.js')], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...process_.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    process_.child = child;
    process_.output = '';
    process_.exitCode = undefined;
    child.stdout!.on('data', (chunk) => (process_.output = (process_.output + chunk).slice(-20_000)));
    child.stderr!.on('data', (chunk) => (process_.output = (process_.output + chunk).slice(-20_000)));
    child.on('exit', (code) => (process_.exitCode = code));
  }

  /** Waits for `/health` 200; a process that exits (a config error, say) fails with its output. */
  async healthy(process_: ServiceProcess, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let last = 'not listening';
    while (Date.now() < deadline) {
      if (process_.exitCode !== undefined) throw new Error(`${process_.name} exited with ${process_.exitCode}:\n${process_.output}`);
      try {
        const response = await fetch(`http://127.0.0.1:${process_.httpPort}/health`, { signal: AbortSignal.timeout(2000) });
        if (response.ok) return;
        last = `${response.status} ${(await response.text()).slice(0, 500)}`;
      } catch (error) {
        last = `not answering (${(error as Error).message})`;
      }
      await sleep(300);
    }
    throw new Error(`${process_.name} not healthy after ${timeoutMs} ms (/health: ${last}):\n${process_.output}`);
  }

  /**
   * Starts every process and waits until each is healthy (`timeoutMs` each, from its start). A
   * service's further replicas start once its first is healthy: the first runs the schema's
   * migrations alone (two at once would race on them). Services start side by side. When one
   * fails, the others still finish starting before the error is thrown, so `stopAll` finds every
   * process (a failure used to leave the later replicas running after the test had stopped).
   */
  async startAll(timeoutMs = 90_000): Promise<void> {
    const outcomes = await Promise.allSettled(
      [...this.byService.values()].map(async (replicas) => {
        this.start(replicas[0]);
        await this.healthy(replicas[0], timeoutMs);
        for (const replica of replicas.slice(1)) this.start(replica);
        await Promise.all(replicas.slice(1).map((replica) => this.healthy(replica, timeoutMs)));
      }),
    );
    const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /** SIGKILL, resolved once the process is gone. */
  async kill(process_: ServiceProcess): Promise<void> {
    if (process_.exitCode !== undefined) return;
    const gone = new Promise((resolve) => process_.child.on('exit', resolve));
    process_.child.kill('SIGKILL');
    await gone;
  }

  /** SIGTERM (SIGKILL after 10 s) to every live process, then drops the run's schemas and deletes its topics and groups. */
  async stopAll(): Promise<void> {
    const exits = this.all()
      .filter((process_) => process_.child && process_.exitCode === undefined)
      .map(
        (process_) =>
          new Promise((resolve) => {
            process_.child.on('exit', resolve);
            process_.child.kill('SIGTERM');
            setTimeout(() => process_.child.kill('SIGKILL'), 10_000).unref();
          }),
      );
    await Promise.all(exits);
    const schemas = [...this.byService.values()].map((replicas) => this.schema(replicas[0].service));
    spawnSync('mariadb', ['-h', '127.0.0.1', '-uroot', '-e', schemas.map((schema) => `DROP DATABASE IF EXISTS \`${schema}\`;`).join(' ')], { encoding: 'utf8' });
    const { BUS_TOPIC_PREFIX: prefix, KAFKA_BROKERS: brokers } = this.all()[0]?.env ?? {};
    if (prefix && brokers) await deleteRunTopics(prefix, brokers.split(','));
  }

  /** The MariaDB schema of a service in this run. */
  schema(service: string): string {
    return `${this.replica(service)!.env.MYSQL_DATABASE_PREFIX}${service.replace(/-/g, '_')}`;
  }
}

/**
 * Deletes a run's topics and consumer groups (all named with its prefix). Left on the broker, each
 * cluster-n run kept about 200 partitions and 230 groups there, and a broker that a test machine keeps
 * across runs carried every earlier run's: more files open, a longer coordinator load after a
 * restart or fencing. Best effort: a broker that does not answer leaves them (a line says so).
 */
export async function deleteRunTopics(prefix: string, brokers: string[]): Promise<void> {
  const admin = new Kafka({ clientId: `cleanup-${prefix}`, brokers, logLevel: logLevel.NOTHING }).admin();
  try {
    await admin.connect();
    const groups = (await admin.listGroups()).groups.map((group) => group.groupId).filter((id) => id.startsWith(prefix));
    if (groups.length) await admin.deleteGroups(groups).catch(() => undefined); // a group a late member rejoined stays
    const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(prefix));
    if (topics.length) await admin.deleteTopics({ topics, timeout: 30_000 });
  } catch (error) {
    process.stderr.write(`topics of ${prefix} not deleted: ${(error as Error).message}\n`);
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}
