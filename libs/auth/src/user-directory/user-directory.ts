import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { followSnapshotTopic, type EventBus, type SnapshotSubscription } from '@openfleet/bus';
import { Topics, type UserDirectoryEntry } from '@openfleet/contracts';
import type { AuthUser } from '../auth-user';
import { operatorWords, type OperatorLocale } from './operator-words';

/** How long an export waits for the directory to catch up at start before naming what it has. */
const READY_WAIT_MS = 5_000;

/**
 * Admin's users as other services' exports name them, followed from the compacted
 * admin.user-directory.v1 (never admin's tables). Each service provides its own instance
 * (`userDirectoryProvider`); deleted users stay, flagged, because logs still name them.
 * Records apply in any order: an older record never overwrites a newer one.
 */
export class UserDirectory implements OnModuleInit, OnModuleDestroy {
  /** Resolves once every record on the topic at start has been applied. */
  readonly ready: Promise<void>;
  private markReady!: () => void;
  private readonly users = new Map<string, UserDirectoryEntry>();
  private subscription?: SnapshotSubscription;

  constructor(
    private readonly bus: EventBus,
    private readonly service: string,
  ) {
    this.ready = new Promise((resolve) => (this.markReady = resolve));
  }

  async onModuleInit(): Promise<void> {
    this.subscription = await followSnapshotTopic(this.bus, Topics.userDirectory, `${this.service}-user-directory`, (entry) => this.apply(entry));
    void this.subscription.caughtUp.then(() => this.markReady());
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }

  apply(entry: UserDirectoryEntry): void {
    const known = this.users.get(entry.userId);
    if (known && known.updatedAt > entry.updatedAt) return;
    this.users.set(entry.userId, entry);
  }

  byUserId(userId: string): UserDirectoryEntry | undefined {
    return this.users.get(userId);
  }

  /** One operator id in the export's words for this caller (see {@link operatorWords}). */
  operatorName(caller: AuthUser, operatorId: string | null | undefined, locale: OperatorLocale = 'zh_CN'): string {
    return operatorWords(operatorId, (id) => this.users.get(id), caller, locale);
  }

  /**
   * The naming function for one export, once the directory has caught up with the topic (or after
   * a few seconds at most: an export right after a start names what has arrived, never hangs).
   */
  async namer(caller: AuthUser, locale: OperatorLocale = 'zh_CN'): Promise<(operatorId: string | null | undefined) => string> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.ready, new Promise<void>((resolve) => (timer = setTimeout(resolve, READY_WAIT_MS)))]);
    clearTimeout(timer);
    return (operatorId) => this.operatorName(caller, operatorId, locale);
  }
}
