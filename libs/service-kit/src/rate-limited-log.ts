import type { Logger } from '@nestjs/common';

/**
 * Warnings about what clients send, at most one line per kind and minute, with the count of the
 * ones held back: a flood of bad frames cannot flood the log. A kind is the message with its
 * numbers masked.
 */
export class RateLimitedLog {
  private readonly last = new Map<string, { at: number; held: number }>();

  constructor(
    private readonly logger: Pick<Logger, 'log' | 'warn'>,
    private readonly periodMs = 60_000,
  ) {}

  write(level: 'info' | 'warn', message: string): void {
    if (level === 'info') return this.logger.log(message);
    const key = message.replace(/\d+/g, '#').slice(0, 80);
    const now = Date.now();
    const entry = this.last.get(key);
    if (entry && now - entry.at < this.periodMs) {
      entry.held++;
      return;
    }
    this.logger.warn(entry?.held ? `${message} (${entry.held} more like it in the last minute)` : message);
    this.last.set(key, { at: now, held: 0 });
    if (this.last.size > 1000) this.last.clear();
  }
}
