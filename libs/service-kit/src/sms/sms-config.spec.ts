import { Logger } from '@nestjs/common';
import { ConfigError, loadConfig } from '../platform-config';
import { LoggingSmsProvider } from './logging-sms.provider';
import { SmsConfig } from './sms-config';
import { smsProviderFor } from './sms.providers';
import { AliyunSmsProvider } from './aliyun-sms.provider';

const ALIYUN = {
  SMS_PROVIDER: 'aliyun',
  SMS_ACCESS_KEY_ID: 'LTAI-x',
  SMS_ACCESS_KEY_SECRET: 'secret',
  SMS_SIGN_NAME: '开放车队',
  SMS_TEMPLATE_REGISTER: 'SMS_1',
  SMS_TEMPLATE_FORGET_PWD: 'SMS_2',
  SMS_TEMPLATE_VEHICLE_LOCK: 'SMS_3',
};

describe('SMS settings', () => {
  it('are off by default: texts are logged, nothing is sent', () => {
    const config = loadConfig(SmsConfig, {});
    expect(config).toMatchObject({ SMS_PROVIDER: 'off', SMS_LIMIT_PER_MINUTE: 1, SMS_LIMIT_PER_HOUR: 5, SMS_LIMIT_PER_DAY: 10 });
    expect(smsProviderFor(config)).toBeInstanceOf(LoggingSmsProvider);
  });

  it('refuse to start aliyun without its key, sign name or a template', () => {
    expect(smsProviderFor(loadConfig(SmsConfig, ALIYUN))).toBeInstanceOf(AliyunSmsProvider);
    for (const missing of Object.keys(ALIYUN).filter((key) => key !== 'SMS_PROVIDER')) {
      expect(() => loadConfig(SmsConfig, { ...ALIYUN, [missing]: '' })).toThrow(ConfigError);
    }
    expect(() => loadConfig(SmsConfig, { SMS_PROVIDER: 'carrier-pigeon' })).toThrow(ConfigError);
    expect(() => loadConfig(SmsConfig, { SMS_ENDPOINT: 'ftp://x' })).toThrow(ConfigError);
  });
});

describe('LoggingSmsProvider', () => {
  it('logs at most 20 lines a minute whatever a client does, and keeps the last text per phone', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      const provider = new LoggingSmsProvider();
      for (let i = 0; i < 50; i++) await provider.send({ phone: `1390000${String(i).padStart(4, '0')}`, purpose: 'register', params: { code: '123456' }, text: `验证码 ${i}` });
      expect(warn).toHaveBeenCalledTimes(20);
      expect(provider.lastText.get('13900000049')).toBe('验证码 49');
    } finally {
      warn.mockRestore();
    }
  });
});
