// Validates docker-compose.yml with Debian's docker-compose (`config -q` needs no Docker engine).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '../..');

function composeConfig(env: Record<string, string>, ...args: string[]) {
  const { MYSQL_ROOT_PASSWORD: _ignored, ...inherited } = process.env;
  return spawnSync('docker-compose', ['config', ...args], { cwd: root, env: { ...inherited, ...env }, encoding: 'utf8' });
}

describe('docker-compose.yml (cluster mode)', () => {
  it('is a valid Compose file', () => {
    const result = composeConfig({ MYSQL_ROOT_PASSWORD: 'test-only' }, '-q');
    expect(result.error).toBeUndefined();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('refuses to start without the database secret instead of using a default', () => {
    const result = composeConfig({}, '-q');
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/MYSQL_ROOT_PASSWORD/);
  });

  it('runs Kafka, MySQL and every service that has a cluster entry, each with a healthcheck', () => {
    const result = composeConfig({ MYSQL_ROOT_PASSWORD: 'test-only' }, '--services');
    const composeServices = result.stdout.trim().split('\n').sort();
    const clusterEntries = readdirSync(join(root, 'services'))
      .filter((name) => name !== 'standalone' && existsSync(join(root, 'services', name, 'src/main.ts')))
      .sort();
    expect(composeServices).toEqual(expect.arrayContaining(['kafka', 'mysql', ...clusterEntries]));
    const full = composeConfig({ MYSQL_ROOT_PASSWORD: 'test-only' }).stdout;
    for (const service of ['kafka', 'mysql', ...clusterEntries]) {
      const block = full.split(/\n  (?=[a-z0-9-]+:\n)/).find((part) => part.startsWith(`${service}:`)) ?? '';
      expect({ service, hasHealthcheck: block.includes('healthcheck:') }).toEqual({ service, hasHealthcheck: true });
    }
  });
});
