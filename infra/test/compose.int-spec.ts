// Validates docker-compose.yml with Debian's docker-compose (`config -q` needs no Docker engine).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '../..');

// The secrets docker-compose.yml requires from .env; the tests supply throwaway values.
const SECRETS = { MYSQL_ROOT_PASSWORD: 'test-only', AUTH_JWT_SECRET: 'test-only-jwt-secret-0123456789abcdef', GATEWAY_808_AUTH_SECRET: 'test-only-gateway-secret', FORWARDER_809_SECRET: 'test-only-forwarder-809-secret-0123456789', VIDEO_URL_SECRET: 'test-only-video-url-secret-0123456789abcd', VIDEO_PUBLIC_HOST: '192.0.2.10' };

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
});
