#!/usr/bin/env node
// Example client of the open API (docs/open-api.md): signs one GET with an app id and secret and
// prints the answer. No dependencies beyond Node 18+ (fetch, crypto).
//   OPEN_API_URL=http://127.0.0.1:8080 OPEN_API_APP_ID=of... OPEN_API_SECRET=... \
//     node scripts/open-api-client.js /openApi/v1/positions vehicleIds=12,13
//   node scripts/open-api-client.js /openApi/v1/track vehicleId=12 "startTime=2026-11-27 08:00:00" "endTime=2026-11-27 12:00:00"
//   node scripts/open-api-client.js /openApi/v1/alarms startTime=1764201600000 endTime=1764288000000
// Third parties may copy signedHeaders() into their own code; the integration test signs with it too.
const { createHash, createHmac, randomBytes } = require('node:crypto');
const { URLSearchParams } = require('node:url');

const encode = (value) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `k=v` pairs RFC 3986-encoded, sorted by key then value, joined with `&`. */
function canonicalQuery(params) {
  const pairs = [...new URLSearchParams(params)].map(([key, value]) => [encode(key), encode(value)]);
  pairs.sort(([ka, va], [kb, vb]) => (ka < kb ? -1 : ka > kb ? 1 : va < vb ? -1 : va > vb ? 1 : 0));
  return pairs.map(([key, value]) => `${key}=${value}`).join('&');
}

/**
 * The four headers of a signed request: X-App-Id, X-Timestamp (epoch ms), X-Nonce (random, single
 * use) and X-Signature = hex HMAC-SHA256(secret, METHOD \n path \n sorted query \n app id \n
 * timestamp \n nonce \n hex SHA-256 of the body).
 */
function signedHeaders({ appId, secret, method = 'GET', path, query = {}, body = '', timestamp = Date.now(), nonce = randomBytes(16).toString('hex') }) {
  const bodyHash = createHash('sha256').update(body).digest('hex');
  const text = [method.toUpperCase(), path, canonicalQuery(query), appId, String(timestamp), nonce, bodyHash].join('\n');
  return { 'X-App-Id': appId, 'X-Timestamp': String(timestamp), 'X-Nonce': nonce, 'X-Signature': createHmac('sha256', secret).update(text).digest('hex') };
}

async function main() {
  const [path, ...pairs] = process.argv.slice(2);
  const { OPEN_API_URL = 'http://127.0.0.1:8080', OPEN_API_APP_ID: appId, OPEN_API_SECRET: secret } = process.env;
  if (!path || !appId || !secret) {
    console.error('usage: OPEN_API_APP_ID=... OPEN_API_SECRET=... [OPEN_API_URL=...] node scripts/open-api-client.js <path> [key=value ...]');
    process.exit(2);
  }
  const query = new URLSearchParams(pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
  const url = new URL(path, OPEN_API_URL);
  url.search = query.toString();
  const response = await globalThis.fetch(url, { headers: signedHeaders({ appId, secret, path: url.pathname, query }) });
  const envelope = await response.json();
  console.log(JSON.stringify(envelope, null, 2));
  process.exit(envelope.flag ? 0 : 1);
}

module.exports = { signedHeaders, canonicalQuery };
if (require.main === module) main().catch((error) => (console.error(error.message), process.exit(1)));
