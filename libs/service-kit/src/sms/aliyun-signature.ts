import { createHmac } from 'node:crypto';

// Written here rather than taken from @alicloud/dysmsapi20170525: the official SDK pulls in the
// whole Darabonba runtime (openapi-core, credentials, gateway-pop, lodash, moment-timezone,
// xml2js, ws, proxy agents) for one signed form POST, and its RPC V1 signature below is
// 20 lines, checked byte for byte against Aliyun's worked SendSms example (aliyun-signature.spec.ts).

/** Aliyun POP percent-encoding (RFC 3986): only A-Z a-z 0-9 - _ . ~ stay as they are, space is %20. */
export function popEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The canonicalized query string: parameters but Signature, sorted by name (code point order), encoded. */
export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((name) => name !== 'Signature')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((name) => `${popEncode(name)}=${popEncode(params[name])}`)
    .join('&');
}

/** StringToSign = METHOD & %2F & popEncode(canonical query). */
export function stringToSign(method: 'GET' | 'POST', params: Record<string, string>): string {
  return `${method}&${popEncode('/')}&${popEncode(canonicalQuery(params))}`;
}

/** Signature = Base64(HMAC-SHA1(AccessKeySecret + "&", StringToSign)). */
export function rpcSignature(method: 'GET' | 'POST', params: Record<string, string>, accessKeySecret: string): string {
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign(method, params), 'utf8').digest('base64');
}
