import { createHmac, timingSafeEqual } from 'node:crypto';

// Compact JWS with HS256 only, on node:crypto. We wanted `jose`, but jose 6 is ES-module only and the
// workspace's jest runtime (CommonJS, node_modules untransformed) cannot load it; HS256 is small enough
// to do here with a constant-time signature check, and nothing else (no alg negotiation) is accepted.

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

export class JwtError extends Error {
  constructor(
    message: string,
    readonly expired = false,
  ) {
    super(message);
    this.name = 'JwtError';
  }
}

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

function signature(key: Uint8Array, signingInput: string): Buffer {
  return createHmac('sha256', key).update(signingInput).digest();
}

/** Signs `payload` (which must carry `exp`, seconds since epoch). */
export function signHs256(payload: Record<string, unknown>, key: Uint8Array): string {
  const signingInput = `${HEADER}.${base64url(JSON.stringify(payload))}`;
  return `${signingInput}.${signature(key, signingInput).toString('base64url')}`;
}

/** The payload of a valid, unexpired token; JwtError otherwise. */
export function verifyHs256(token: string, key: Uint8Array, nowSeconds = Math.floor(Date.now() / 1000)): Record<string, unknown> {
  const parts = token.split('.');
  if (parts.length !== 3) throw new JwtError('malformed token');
  const [header, body, given] = parts;
  let parsedHeader: { alg?: unknown };
  let payload: Record<string, unknown>;
  try {
    parsedHeader = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw new JwtError('malformed token');
  }
  if (parsedHeader.alg !== 'HS256') throw new JwtError('unsupported algorithm');
  const expected = signature(key, `${header}.${body}`);
  const actual = Buffer.from(given, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) throw new JwtError('bad signature');
  if (typeof payload !== 'object' || payload === null) throw new JwtError('malformed token');
  if (typeof payload.exp !== 'number' || payload.exp <= nowSeconds) throw new JwtError('token expired', true);
  return payload;
}
