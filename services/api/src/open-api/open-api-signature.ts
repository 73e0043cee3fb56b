import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Headers of a signed open-API request (docs/open-api.md). */
export const OPEN_API_HEADERS = { appId: 'x-app-id', timestamp: 'x-timestamp', nonce: 'x-nonce', signature: 'x-signature' } as const;

/** What a request is signed over. */
export interface SignedRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  appId: string;
  timestamp: string;
  nonce: string;
  /** The raw body (empty for GET). */
  body: string | Buffer;
}

const encode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Query pairs RFC 3986-encoded, sorted by key then value, joined with `&`; a repeated key gives one pair per value. */
export function canonicalQuery(query: Record<string, unknown>): string {
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(query)) for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined) pairs.push([encode(key), encode(String(item))]);
  pairs.sort(([ka, va], [kb, vb]) => (ka < kb ? -1 : ka > kb ? 1 : va < vb ? -1 : va > vb ? 1 : 0));
  return pairs.map(([key, value]) => `${key}=${value}`).join('&');
}

/** The string to sign: method, path, sorted query, app id, timestamp, nonce and the body's SHA-256 (hex), one per line. */
export function canonicalString(request: SignedRequest): string {
  const bodyHash = createHash('sha256').update(request.body).digest('hex');
  return [request.method.toUpperCase(), request.path, canonicalQuery(request.query), request.appId, request.timestamp, request.nonce, bodyHash].join('\n');
}

/** HMAC-SHA256 of the canonical string with the app secret, lowercase hex. */
export function signRequest(secret: string, request: SignedRequest): string {
  return createHmac('sha256', secret).update(canonicalString(request)).digest('hex');
}

/** Constant-time comparison of a presented signature (64 hex digits) with the expected one. */
export function signatureMatches(expected: string, presented: string): boolean {
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(presented.toLowerCase(), 'hex');
  return a.length === 32 && b.length === 32 && timingSafeEqual(a, b);
}
