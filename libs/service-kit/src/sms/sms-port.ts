/** What a verification code is for: a code sent for one purpose never serves another. */
export type SmsPurpose = 'register' | 'forgetPwd' | 'vehicleLock';

export const SMS_PURPOSES: readonly SmsPurpose[] = ['register', 'forgetPwd', 'vehicleLock'];

/** One verification text: providers with approved templates send `purpose` + `params`, the log shows `text`. */
export interface SmsMessage {
  phone: string;
  purpose: SmsPurpose;
  /** Template variables; every purpose carries `code`. */
  params: { code: string } & Record<string, string>;
  /** The whole text, for providers without templates and for the log. */
  text: string;
}

/** Sends verification texts. Bound per service to {@link SMS_PROVIDER} by `smsProviderFactory`. */
export interface SmsProvider {
  /** Resolves once the provider accepted the message; rejects with {@link SmsSendError} otherwise. */
  send(message: SmsMessage): Promise<void>;
}

export const SMS_PROVIDER = Symbol('SMS_PROVIDER');

/** The provider refused or could not be reached; `providerCode` is its own answer code when there is one. */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly providerCode = '',
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}
