import type { ErrorTable } from './error-table';

export const accountErrors = {
  OLD_PASSWORD_WRONG: [3007, '原密码错误', 'The old password is wrong'],
  PASSWORD_WRONG: [3031, '密码错误', 'Wrong password'],
  ACCOUNT_DISABLED: [3032, '账号已被禁用', 'The account is disabled'],
  // The legacy catalogue has two "wrong password" codes; 3033 is the login-form one.
  LOGIN_PASSWORD_WRONG: [3033, '登录密码错误', 'Wrong login password'],
  SMS_CODE_WRONG: [3034, '短信验证码错误', 'Wrong SMS verification code'],
  PASSWORD_EMPTY: [3200, '密码不能为空', 'The password cannot be empty'],
  SMS_CODE_EMPTY: [3201, '验证码不能为空', 'The verification code cannot be empty'],
  PHONE_NOT_REGISTERED: [3202, '该手机号未注册', 'The phone number is not registered'],
  SMS_CODE_TOO_FREQUENT: [
    3203,
    '验证码发送过于频繁，请稍后再试',
    'Verification codes are sent too often, please try again later',
  ],
  SMS_CODE_SEND_FAILED: [3204, '验证码发送失败', 'Failed to send the verification code'],
  COMPANY_CODE_OR_USER_WRONG: [2081, '企业编码或用户名错误', 'Wrong company code or user name'],
  ROLE_NOT_FOUND: [2082, '角色不存在', 'The role does not exist'],
} as const satisfies ErrorTable;
