import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveDeploymentSecret } from './deployment-secret';
import { ConfigError } from './platform-config';

const source = { variable: 'GATEWAY_808_AUTH_SECRET', file: 'gateway-808-auth-secret', minLength: 16 };

describe('resolveDeploymentSecret', () => {
  it('uses the configured value, refusing one shorter than the minimum', () => {
    const config = { BUS: 'kafka', DATA_DIR: '/nonexistent' };
    expect(resolveDeploymentSecret(config, { ...source, value: 'a-configured-secret-value' })).toBe('a-configured-secret-value');
    expect(() => resolveDeploymentSecret(config, { ...source, value: 'short' })).toThrow(/at least 16/);
  });

  it('refuses to start a cluster service without one', () => {
    expect(() => resolveDeploymentSecret({ BUS: 'kafka', DATA_DIR: '/nonexistent' }, { ...source, value: '' })).toThrow(ConfigError);
    expect(() => resolveDeploymentSecret({ BUS: 'kafka', DATA_DIR: '/nonexistent' }, { ...source, value: '' })).toThrow('GATEWAY_808_AUTH_SECRET: required in cluster mode');
  });

  it('standalone: generates a random secret at the first start, keeps it (0600) and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openfleet-secret-'));
    const first = resolveDeploymentSecret({ BUS: 'in-process', DATA_DIR: dir }, { ...source, value: '' });
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(readFileSync(join(dir, source.file), 'utf8')).toBe(first);
    expect(statSync(join(dir, source.file)).mode & 0o777).toBe(0o600);
    expect(resolveDeploymentSecret({ BUS: 'in-process', DATA_DIR: dir }, { ...source, value: '' })).toBe(first);
    const other = mkdtempSync(join(tmpdir(), 'openfleet-secret-'));
    expect(resolveDeploymentSecret({ BUS: 'in-process', DATA_DIR: other }, { ...source, value: '' })).not.toBe(first);
  });
});
