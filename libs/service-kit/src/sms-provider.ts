import { Injectable, Logger } from '@nestjs/common';

/** Sends verification texts; production deployments bind a real gateway to {@link SMS_PROVIDER}. */
export interface SmsProvider {
  send(phone: string, text: string): Promise<void>;
}

export const SMS_PROVIDER = Symbol('SMS_PROVIDER');

/** Development provider: logs the text instead of sending it (and remembers the last one per phone). */
@Injectable()
export class LoggingSmsProvider implements SmsProvider {
  private readonly logger = new Logger('SmsProvider');
  readonly lastText = new Map<string, string>();

  async send(phone: string, text: string): Promise<void> {
    this.lastText.set(phone, text);
    this.logger.warn(`SMS to ${phone}: ${text} (development provider, nothing sent)`);
  }
}
