import type { Provider } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { loadConfig } from '../platform-config';
import { PROCESS_ENV } from '../tokens';
import { AliyunSmsProvider } from './aliyun-sms.provider';
import { LoggingSmsProvider } from './logging-sms.provider';
import { SMS_CONFIG, SmsConfig } from './sms-config';
import { SmsCodes } from './sms-codes';
import { SMS_PROVIDER, type SmsProvider } from './sms-port';

/** The provider `SMS_PROVIDER` names: off (log only) or aliyun. */
export function smsProviderFor(config: SmsConfig): SmsProvider {
  return config.SMS_PROVIDER === 'aliyun' ? new AliyunSmsProvider(config) : new LoggingSmsProvider();
}

/**
 * The SMS pieces of a service whose DataSource is `service` (its migrations list SmsCodes1734500000000
 * and its entities SmsCode): the validated SmsConfig, the provider and the database-backed SmsCodes.
 */
export function smsProviders(service: string): Provider[] {
  return [
    { provide: SMS_CONFIG, inject: [PROCESS_ENV], useFactory: (env: NodeJS.ProcessEnv) => loadConfig(SmsConfig, env) },
    { provide: SMS_PROVIDER, inject: [SMS_CONFIG], useFactory: smsProviderFor },
    {
      provide: SmsCodes,
      inject: [getDataSourceToken(service), SMS_PROVIDER, SMS_CONFIG],
      useFactory: (dataSource: DataSource, provider: SmsProvider, config: SmsConfig) => new SmsCodes(dataSource, provider, config),
    },
  ];
}
