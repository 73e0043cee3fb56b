import { ConfigError } from '@openfleet/service-kit';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AuthConfig } from './auth-config';

/** File under DATA_DIR that keeps the standalone signing key between restarts. */
export const SECRET_FILE = 'auth-secret';

/**
 * The HS256 key: AUTH_JWT_SECRET when set; in standalone (in-process bus) a random key generated
 * once and kept under DATA_DIR with mode 0600; in cluster mode a missing secret fails the start.
 */
export function resolveJwtSecret(config: AuthConfig): Uint8Array {
  if (config.AUTH_JWT_SECRET) {
    if (config.AUTH_JWT_SECRET.length < 32) throw new ConfigError(['AUTH_JWT_SECRET: must be at least 32 characters']);
    return new TextEncoder().encode(config.AUTH_JWT_SECRET);
  }
  if (config.BUS !== 'in-process') throw new ConfigError(['AUTH_JWT_SECRET: required in cluster mode']);
  const file = join(config.DATA_DIR, SECRET_FILE);
  if (!existsSync(file)) {
    mkdirSync(config.DATA_DIR, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  chmodSync(file, 0o600);
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}
