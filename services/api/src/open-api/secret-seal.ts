import { Inject, Injectable } from '@nestjs/common';
import { AUTH_CONFIG, resolveJwtSecret, type AuthConfig } from '@openfleet/auth';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const INFO = 'openfleet open-api app secret seal v1';

/**
 * Seals app secrets at rest (AES-256-GCM). The request signature is an HMAC, so the server needs the
 * secret itself: a hash cannot verify it. The key is derived (HKDF-SHA256) from the deployment's
 * token secret, which every api replica already shares; rotating that secret means issuing new app
 * secrets (docs/open-api.md).
 */
@Injectable()
export class SecretSeal {
  private readonly key: Buffer;

  constructor(@Inject(AUTH_CONFIG) config: AuthConfig) {
    this.key = Buffer.from(hkdfSync('sha256', resolveJwtSecret(config), Buffer.alloc(0), INFO, 32));
  }

  seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return `v1.${iv.toString('base64url')}.${sealed.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}`;
  }

  /** The secret, or undefined when the sealed text was not made with this deployment's key. */
  open(sealed: string): string | undefined {
    const [version, iv, body, tag] = sealed.split('.');
    if (version !== 'v1' || !iv || !body || !tag) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}
