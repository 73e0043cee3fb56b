import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';

/** Changes made on another instance apply here within this period. */
export const RELOAD_MS = 30_000;

/** A table kept in memory: loaded at start and again every {@link RELOAD_MS}, and after each change made here. */
export abstract class ReloadingCache implements OnModuleInit, OnModuleDestroy {
  private timer?: NodeJS.Timeout;

  abstract reload(): Promise<void>;

  async onModuleInit(): Promise<void> {
    await this.reload();
    this.timer = setInterval(() => void this.reload().catch(() => undefined), RELOAD_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }
}
