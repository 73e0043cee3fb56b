export * from './sms-port';
export * from './sms-config';
export { popEncode, canonicalQuery, stringToSign, rpcSignature } from './aliyun-signature';
export { AliyunSmsProvider } from './aliyun-sms.provider';
export { LoggingSmsProvider } from './logging-sms.provider';
export { SmsCode } from './sms-code.entity';
export { SmsCodes1734500000000 } from './sms-code.migration';
export { SmsCodes, type IssueCode } from './sms-codes';
export { smsProviders, smsProviderFor } from './sms.providers';
