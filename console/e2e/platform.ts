// Starts the built standalone server (services/standalone/dist) as a child process on a free
// port with a fresh data dir, for the browser tests. Builds nothing: `npm test` builds first.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { freePorts } from '@openfleet/service-kit';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(__dirname, '../..');
export const consoleDist = join(repoRoot, 'console/dist');
// E2E_STANDALONE_MAIN points at another build of the server (debugging only).
const serverMain = process.env.E2E_STANDALONE_MAIN ?? join(repoRoot, 'services/standalone/dist/main.js');

export interface Platform {
  readonly baseUrl: string;
  readonly stop: () => Promise<void>;
  /** Everything the server printed, for failure messages. */
  readonly output: () => string;
}


async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`standalone server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error('standalone server did not become healthy in time');
}

export async function startPlatform(adminPassword: string): Promise<Platform> {
  for (const needed of [serverMain, join(consoleDist, 'index.html')]) {
    if (!existsSync(needed)) throw new Error(`${needed} is missing: run \`npm run build\` first`);
  }
  const [port, gatewayPort] = await freePorts(2);
  const baseUrl = `http://127.0.0.1:${port}`;
  let printed = '';
  const child = spawn(process.execPath, [serverMain], {
    cwd: resolve(serverMain, '../../../..'),
    env: {
      ...process.env,
      HTTP_PORT: String(port),
      HTTP_HOST: '127.0.0.1',
      GATEWAY_808_PORT: String(gatewayPort),
      ALARM_ATTACHMENT_PORT: '0',
      FORWARDER_809_SLAVE_PORT: '0',
      ENERGY_32960_PORT: '0', ENERGY_HJ1239_PORT: '0',
      VIDEO_MEDIA_TCP_PORT: '0', VIDEO_MEDIA_UDP_PORT: '-1', VIDEO_FTP_PORT: '-1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'openfleet-console-e2e-')),
      CONSOLE_DIR: consoleDist,
      ADMIN_INITIAL_PASSWORD: adminPassword,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const stop = (): Promise<void> =>
    new Promise((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  try {
    await waitForHealth(baseUrl, child, 60_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${printed}`);
  }
  return { baseUrl, stop, output: () => printed };
}

/** A tiny client of the admin API for test fixtures (users and roles the UI is not under test for). */
export class AdminClient {
  private token = '';
  constructor(private readonly baseUrl: string) {}

  async login(username: string, password: string): Promise<void> {
    const body = await this.call('POST', '/login', { username, password });
    this.token = (body as { access_token: string }).access_token;
  }

  async call(method: string, path: string, payload?: unknown): Promise<unknown> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token}` },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    const envelope = (await response.json()) as { flag: boolean; errorCode: number; msg: string; data: unknown };
    if (!envelope.flag) throw new Error(`${method} ${path}: ${envelope.errorCode} ${envelope.msg}`);
    return envelope.data;
  }
}
