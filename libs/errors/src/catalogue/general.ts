import type { ErrorTable } from './error-table';

// Codes 1xx-5xx mirror HTTP meanings but travel inside the envelope, not as HTTP status.
export const generalErrors = {
  REQUEST_FAILED: [100, '请求失败', 'Request failed'],
  SUCCESS: [200, '成功', 'Success'],
  REPEATED_SUBMISSION: [201, '请勿重复提交', 'Repeated submission is not allowed'],
  TOO_FREQUENT: [207, '操作过于频繁，请稍后再试', 'Too many requests, please try again later'],
  COMPANY_MISMATCH: [209, '企业信息不匹配', 'The company does not match'],
  QUERY_WINDOW_EXCEEDED: [300, '查询时间超出限制', 'The query time range exceeds the limit'],
  LOGIN_FAILED: [303, '登录失败', 'Login failed'],
  BAD_PARAMETER: [400, '参数错误', 'Invalid parameter'],
  NOT_LOGGED_IN: [401, '未登录', 'Not logged in'],
  LOGIN_AGAIN: [402, '登录已失效，请重新登录', 'Your session has expired, please log in again'],
  NO_PERMISSION: [403, '没有权限', 'No permission'],
  NOT_FOUND: [404, '请求地址错误', 'Wrong request address'],
  TIMEOUT: [408, '请求超时', 'Request timed out'],
  PAYLOAD_TOO_LARGE: [413, '请求内容过大', 'The request body is too large'],
  CONFLICT: [409, '数据冲突，请刷新后重试', 'Data conflict, please refresh and try again'],
  ALREADY_DELETED: [410, '数据已被删除', 'The data has already been deleted'],
  LOCKED: [423, '数据已锁定', 'The resource is locked'],
  FUNCTION_NOT_OPEN: [424, '该设备未开通此功能', 'This function is not enabled for the device'],
  SERVER_ERROR: [500, '服务器错误', 'Server error'],
  SERVICE_UNAVAILABLE: [503, '服务暂不可用，请稍后再试', 'The service is temporarily unavailable, please try again later'],
  GATEWAY_TIMEOUT: [504, '请求超时', 'Request timed out'],
  SERVER_MESSAGE: [998, '服务器提示', 'Message from the server'],
  TOKEN_INVALID: [41002, '登录凭证无效，请重新登录', 'Invalid token, please log in again'],
} as const satisfies ErrorTable;
