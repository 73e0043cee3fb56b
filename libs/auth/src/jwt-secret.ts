import { resolveDeploymentSecret } from '@openfleet/service-kit';
import type { AuthConfig } from './auth-config';

/** File under DATA_DIR that keeps the standalone signing key between restarts. */
export const SECRET_FILE = 'auth-secret';

/**
 * The HS256 key: AUTH_JWT_SECRET when set; in standalone (in-process bus) a random key generated
 * once and kept under DATA_DIR with mode 0600; in cluster mode a missing secret fails the start.
 */
export function resolveJwtSecret(config: AuthConfig): Uint8Array {
  const secret = resolveDeploymentSecret(config, { variable: 'AUTH_JWT_SECRET', value: config.AUTH_JWT_SECRET, file: SECRET_FILE, minLength: 32 });
  return new TextEncoder().encode(secret);
}
