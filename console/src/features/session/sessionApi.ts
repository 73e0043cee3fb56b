import { api } from '../../app/api';
import type { TokenGrant } from './sessionSlice';

export interface LoginRequest {
  readonly username: string;
  readonly password: string;
}

export interface CurrentUserInfo {
  readonly id: number | string;
  readonly username?: string;
  readonly realName?: string;
  readonly name?: string;
}

/** Register and password reset share one shape: phone, SMS code and the new password. */
export interface PhoneCodeRequest {
  readonly phone: string;
  readonly code: string;
  readonly password: string;
  readonly username?: string;
}

export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<TokenGrant, LoginRequest>({
      query: (body) => ({ url: 'login', method: 'POST', body }),
    }),
    getCurrentUserInfo: build.query<CurrentUserInfo, void>({
      query: () => ({ url: 'basic/user/getCurrentUserInfo', method: 'GET' }),
      providesTags: ['CurrentUser'],
    }),
    verifySessionStatus: build.query<unknown, void>({
      query: () => ({ url: 'verifySessionStatus', method: 'GET', silent: true }),
    }),
    sendSmsCode: build.mutation<unknown, { phone: string; purpose: 'register' | 'forgetPwd' }>({
      query: (body) => ({ url: 'sms/sendCode', method: 'POST', body }),
    }),
    register: build.mutation<unknown, PhoneCodeRequest>({
      query: (body) => ({ url: 'register', method: 'POST', body }),
    }),
    resetPassword: build.mutation<unknown, PhoneCodeRequest>({
      query: (body) => ({ url: 'forgetPwd', method: 'POST', body }),
    }),
  }),
});

export const { useLoginMutation, useSendSmsCodeMutation, useRegisterMutation, useResetPasswordMutation } =
  sessionApi;
