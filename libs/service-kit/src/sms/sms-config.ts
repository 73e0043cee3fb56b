import { IsIn, IsInt, IsString, Max, Min, ValidateIf, IsNotEmpty, Matches } from 'class-validator';

/**
 * SMS settings (environment variable names), read by every service that sends codes (admin,
 * instruction). `SMS_PROVIDER=off` (default) logs the texts instead of sending them; `aliyun` sends
 * through Aliyun SMS (dysmsapi SendSms) and then needs the key pair, the sign name and a template
 * per purpose, or the service refuses to start.
 */
export class SmsConfig {
  @IsIn(['off', 'aliyun'])
  SMS_PROVIDER = 'off';

  @ValidateIf((config: SmsConfig) => config.SMS_PROVIDER !== 'off')
  @IsString()
  @IsNotEmpty()
  SMS_ACCESS_KEY_ID = '';

  @ValidateIf((config: SmsConfig) => config.SMS_PROVIDER !== 'off')
  @IsString()
  @IsNotEmpty()
  SMS_ACCESS_KEY_SECRET = '';

  /** The approved signature (签名) shown in 【】 before the text. */
  @ValidateIf((config: SmsConfig) => config.SMS_PROVIDER !== 'off')
  @IsString()
  @IsNotEmpty()
  SMS_SIGN_NAME = '';

  /** Approved template codes (SMS_123456789), one per purpose; each template has the variable ${code}. */
  @ValidateIf((config: SmsConfig) => config.SMS_PROVIDER !== 'off')
  @IsString()
  @IsNotEmpty()
  SMS_TEMPLATE_REGISTER = '';

  @ValidateIf((config: SmsConfig) => config.SMS_PROVIDER !== 'off')
  @IsString()
  @IsNotEmpty()
  SMS_TEMPLATE_FORGET_PWD = '';

  @ValidateIf((config: SmsConfig) => config.SMS_PROVIDER !== 'off')
  @IsString()
  @IsNotEmpty()
  SMS_TEMPLATE_VEHICLE_LOCK = '';

  /** The provider's endpoint (a private gateway or a test stand-in may replace it). */
  @Matches(/^https?:\/\/[^\s]+$/)
  SMS_ENDPOINT = 'https://dysmsapi.aliyuncs.com/';

  @IsString()
  @IsNotEmpty()
  SMS_REGION = 'cn-hangzhou';

  @IsInt()
  @Min(100)
  @Max(60_000)
  SMS_TIMEOUT_MS = 5000;

  /** Codes sent to one phone, any purpose, per sliding minute, hour and day (3203 beyond). */
  @IsInt()
  @Min(1)
  SMS_LIMIT_PER_MINUTE = 1;

  @IsInt()
  @Min(1)
  SMS_LIMIT_PER_HOUR = 5;

  @IsInt()
  @Min(1)
  SMS_LIMIT_PER_DAY = 10;

  /** Wrong codes a code survives before it is dead (3034 from then on). */
  @IsInt()
  @Min(1)
  @Max(20)
  SMS_CODE_MAX_ATTEMPTS = 5;
}

export const SMS_CONFIG = Symbol('SMS_CONFIG');
