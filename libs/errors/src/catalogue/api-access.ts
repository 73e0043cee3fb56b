import type { ErrorTable } from './error-table';

// Open-API access errors; the rest of 30171-30192 falls back to a generic range message.
export const apiAccessErrors = {
  API_TOKEN_MISSING: [30171, '缺少访问令牌', 'The access token is missing'],
  API_TOKEN_INVALID: [30172, '访问令牌无效', 'Invalid access token'],
  API_TOKEN_EXPIRED: [30173, '访问令牌已过期', 'The access token has expired'],
  API_SIGNATURE_MISSING: [30174, '缺少签名', 'The signature is missing'],
  API_SIGNATURE_INVALID: [30175, '签名错误', 'Invalid signature'],
  API_TIMESTAMP_EXPIRED: [30176, '请求时间戳已过期', 'The request timestamp has expired'],
  API_APP_KEY_INVALID: [30177, '应用标识无效', 'Invalid application key'],
  API_IP_NOT_ALLOWED: [30178, 'IP地址不在白名单内', 'The IP address is not allowed'],
  API_DAILY_LIMIT_EXCEEDED: [30179, '今日访问次数已达上限', 'The daily access limit has been reached'],
  API_RATE_LIMITED: [30180, '访问频率超过限制', 'The access rate limit has been exceeded'],
} as const satisfies ErrorTable;
