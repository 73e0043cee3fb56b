// The browser tests' server without simulated vehicles (the console spec), and a small admin API
// client for fixtures. Starting the server is monitor-platform.ts's job: one way to do it.
import { resolve, join } from 'node:path';
import { startMonitorPlatform } from './monitor-platform';

export const repoRoot = resolve(__dirname, '../..');
// E2E_CONSOLE_DIR: a bundle built elsewhere (`vite build --outDir`), leaving the shared console/dist alone.
export const consoleDist = process.env.E2E_CONSOLE_DIR ?? join(repoRoot, 'console/dist');

export interface Platform {
  readonly baseUrl: string;
  readonly stop: () => Promise<void>;
  /** Everything the server printed, for failure messages. */
  readonly output: () => string;
}

/** The standalone server on free ports, strict registration, no simulator. */
export async function startPlatform(adminPassword: string): Promise<Platform> {
  const { baseUrl, stop, output } = await startMonitorPlatform(adminPassword, 0);
  return { baseUrl, stop, output };
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
