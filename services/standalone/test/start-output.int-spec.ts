// What `npm start` prints: JSON log lines when stdout is not a terminal, none of Nest's ~200
// route-mapping lines at the default level, and the banner with the first password last.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { logDestination } from '@openfleet/service-kit';
import { EPHEMERAL_PORTS } from './test-platform';

jest.setTimeout(60_000);

const MAIN = join(__dirname, '../dist/main.js');

describe('npm start output', () => {
  let child: ChildProcess | undefined;

  afterAll(() => {
    child?.kill('SIGTERM');
  });

  it('chooses human-readable logs for a terminal and JSON otherwise', () => {
    const json = logDestination(false) as unknown as { write(line: string): void; constructor: { name: string } };
    const pretty = logDestination(true) as unknown as { write(line: string): void; constructor: { name: string } };
    expect(json.constructor.name).toBe('SonicBoom');
    expect(pretty.constructor.name).not.toBe('SonicBoom');
    expect(typeof pretty.write).toBe('function');
  });

  it('ends with the banner and the generated password, with no route-mapping lines before it', async () => {
    expect(existsSync(MAIN)).toBe(true); // built by `npm test`'s type-check step
    const dataDir = mkdtempSync(join(tmpdir(), 'openfleet-start-output-'));
    child = spawn(process.execPath, [MAIN], {
      env: { ...process.env, DATA_DIR: dataDir, ...EPHEMERAL_PORTS, LOG_LEVEL: 'info', ADMIN_INITIAL_PASSWORD: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    const deadline = Date.now() + 40_000;
    while (!output.includes('First super administrator') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    // Whatever start-up work is still running has a moment to log after the banner.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const lines = output.trimEnd().split('\n');
    expect(lines.at(-1)).toMatch(/^First super administrator: admin \/ \S{8,} \(shown once, change it\)$/);
    const bannerAt = lines.findIndex((line) => line.startsWith('OpenFleet is running in standalone mode'));
    expect(bannerAt).toBeGreaterThan(0);
    expect(lines.slice(bannerAt).every((line) => !line.startsWith('{'))).toBe(true);
    const logs = lines.slice(0, bannerAt);
    for (const line of logs) expect(() => JSON.parse(line)).not.toThrow();
    expect(logs.filter((line) => /Mapped \{|RouterExplorer|RoutesResolver|InstanceLoader/.test(line))).toEqual([]);
    expect(logs.length).toBeLessThan(60);
  });
});
