/** The HTTP response envelope every console-facing API answers with (spec §7). */
export interface ApiEnvelope<T = unknown> {
  flag: boolean;
  errorCode: number;
  msg: string;
  data: T;
}

/** Success code carried in `errorCode` when `flag` is true. */
export const SUCCESS_CODE = 200;

export function okEnvelope<T>(data: T, msg = 'success'): ApiEnvelope<T> {
  return { flag: true, errorCode: SUCCESS_CODE, msg, data };
}

export function failEnvelope<T = null>(errorCode: number, msg: string, data: T = null as T): ApiEnvelope<T> {
  return { flag: false, errorCode, msg, data };
}

/** The envelope of a failed request. */
export type ErrorEnvelope<T = unknown> = ApiEnvelope<T | null> & { flag: false };

/** An envelope as a client may receive it: `msg` and `data` can be missing from a foreign or truncated answer. */
export type ReceivedEnvelope<T = unknown> = Pick<ApiEnvelope<T>, 'flag' | 'errorCode'> & {
  msg?: string | null;
  data?: T | null;
};
