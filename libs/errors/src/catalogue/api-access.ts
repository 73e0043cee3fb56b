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
  API_NONCE_REPLAYED: [30181, '请求已被使用，请勿重放', 'The request nonce has already been used'],
  API_APP_KEY_DISABLED: [30182, '应用已停用', 'The application key is disabled'],
  API_NOT_GRANTED: [30183, '应用无权调用该接口', 'The application may not call this API'],
  API_VEHICLE_NOT_GRANTED: [30184, '车辆不在应用授权范围内', 'The vehicle is outside the application scope'],
  API_TOO_MANY_VEHICLES: [30186, '单次请求车辆数超过上限', 'Too many vehicles in one request'],
} as const satisfies ErrorTable;
