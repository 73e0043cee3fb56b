import { randomUUID } from 'node:crypto';
import { rpcSignature, canonicalQuery, popEncode } from './aliyun-signature';
import type { SmsConfig } from './sms-config';
import { SmsSendError, type SmsMessage, type SmsProvider, type SmsPurpose } from './sms-port';

interface SendSmsAnswer {
  Code?: string;
  Message?: string;
  RequestId?: string;
  BizId?: string;
}

/**
 * Aliyun SMS (阿里云短信, dysmsapi 2017-05-25 SendSms) over the RPC API with the HMAC-SHA1
 * signature, as a form POST so phone numbers stay out of URLs and proxy logs. Answer `Code: "OK"`
 * is success; any other code (isv.BUSINESS_LIMIT_CONTROL, SignatureDoesNotMatch ...) is an
 * {@link SmsSendError} carrying it.
 */
export class AliyunSmsProvider implements SmsProvider {
  constructor(
    private readonly config: SmsConfig,
    private readonly now: () => Date = () => new Date(),
    private readonly nonce: () => string = randomUUID,
  ) {}

  /** The signed parameters of one SendSms call (exposed for the tests). */
  signedParams(message: SmsMessage): Record<string, string> {
    const params: Record<string, string> = {
      AccessKeyId: this.config.SMS_ACCESS_KEY_ID,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: message.phone,
      RegionId: this.config.SMS_REGION,
      SignName: this.config.SMS_SIGN_NAME,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: this.nonce(),
      SignatureVersion: '1.0',
      TemplateCode: this.templateOf(message.purpose),
      TemplateParam: JSON.stringify(message.params),
      Timestamp: this.now().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    return { ...params, Signature: rpcSignature('POST', params, this.config.SMS_ACCESS_KEY_SECRET) };
  }

  async send(message: SmsMessage): Promise<void> {
    const params = this.signedParams(message);
    const body = `${canonicalQuery(params)}&Signature=${popEncode(params.Signature)}`;
    let response: Response;
    try {
      response = await fetch(this.config.SMS_ENDPOINT, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(this.config.SMS_TIMEOUT_MS),
      });
    } catch (error) {
      throw new SmsSendError(`Aliyun SMS unreachable: ${(error as Error).message}`);
    }
    const text = await response.text();
    let answer: SendSmsAnswer = {};
    try {
      answer = JSON.parse(text) as SendSmsAnswer;
    } catch {
      throw new SmsSendError(`Aliyun SMS answered HTTP ${response.status} without JSON`);
    }
    if (answer.Code !== 'OK') throw new SmsSendError(`Aliyun SMS refused: ${answer.Code ?? response.status} ${answer.Message ?? ''} (request ${answer.RequestId ?? '?'})`, answer.Code ?? `HTTP ${response.status}`);
  }

  private templateOf(purpose: SmsPurpose): string {
    if (purpose === 'register') return this.config.SMS_TEMPLATE_REGISTER;
    if (purpose === 'forgetPwd') return this.config.SMS_TEMPLATE_FORGET_PWD;
    return this.config.SMS_TEMPLATE_VEHICLE_LOCK;
  }
}
