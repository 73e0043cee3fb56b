import { Logger } from '@nestjs/common';
import type { SmsMessage, SmsProvider } from './sms-port';

const LINES_PER_MINUTE = 20;

/**
 * `SMS_PROVIDER=off` (the default, standalone): the text is logged instead of sent, at most
 * 20 lines a minute whatever a client does (the rest are counted in the next line). The last text
 * per phone stays readable for tests and demos.
 */
export class LoggingSmsProvider implements SmsProvider {
  private readonly logger = new Logger('SmsProvider');
  readonly lastText = new Map<string, string>();
  private windowStart = 0;
  private written = 0;
  private held = 0;

  async send(message: SmsMessage): Promise<void> {
    if (this.lastText.size > 1000) this.lastText.clear();
    this.lastText.set(message.phone, message.text);
    const now = Date.now();
    if (now - this.windowStart >= 60_000) {
      this.windowStart = now;
      this.written = 0;
    }
    if (this.written >= LINES_PER_MINUTE) {
      this.held += 1;
      return;
    }
    this.written += 1;
    const held = this.held ? ` (${this.held} more held back before this one)` : '';
    this.held = 0;
    this.logger.warn(`SMS ${message.purpose} to ${message.phone}: ${message.text} (SMS_PROVIDER=off, nothing sent)${held}`);
  }
}
