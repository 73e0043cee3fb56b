import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, type PlatformConfig } from './platform-config';

export interface SecretSource {
  /** The environment variable that sets the secret (named in errors). */
  variable: string;
  /** Its value; empty when not set. */
  value: string;
  /** File under DATA_DIR that keeps the generated standalone secret between restarts. */
  file: string;
  minLength?: number;
}

/**
 * A deployment secret: the configured value when set; in standalone (in-process bus) a random value
 * generated at the first start and kept under DATA_DIR with mode 0600; in cluster mode a missing
 * value fails the start, because every replica must share it. Never a constant in the code.
 */
export function resolveDeploymentSecret(config: Pick<PlatformConfig, 'BUS' | 'DATA_DIR'>, source: SecretSource): string {
  if (source.value) {
    if (source.minLength && source.value.length < source.minLength) throw new ConfigError([`${source.variable}: must be at least ${source.minLength} characters`]);
    return source.value;
  }
  if (config.BUS !== 'in-process') throw new ConfigError([`${source.variable}: required in cluster mode`]);
  const file = join(config.DATA_DIR, source.file);
  if (!existsSync(file)) {
    mkdirSync(config.DATA_DIR, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  chmodSync(file, 0o600);
  return readFileSync(file, 'utf8').trim();
}
