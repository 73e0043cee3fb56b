import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EventBus } from '@openfleet/bus';
import { Topics, type SessionRevocation } from '@openfleet/contracts';
import { BusConsumer, consume, EVENT_BUS } from '@openfleet/service-kit';

/** How often expired entries are dropped; lookups ignore them in between anyway. */
const PRUNE_INTERVAL_MS = 60_000;

/**
 * Login sessions revoked by the admin service, kept in memory from `admin.session-revocations.v1`
 * (own consumer group per process, from the beginning) so that every service refuses the access
 * tokens of a logged-out or password-reset session without asking admin. An entry lives until its
 * `expiresAt`, when every access token of the session has expired anyway: memory stays bounded.
 */
@Injectable()
export class SessionDenyList extends BusConsumer {
  private readonly logger = new Logger(SessionDenyList.name);
  /** Session id -> epoch ms until which its tokens are refused. */
  private readonly revoked = new Map<string, number>();
  private readonly listeners = new Set<(revocation: SessionRevocation) => void>();
  private pruneTimer?: NodeJS.Timeout;

  constructor(@Inject(EVENT_BUS) protected readonly bus: EventBus) {
    super();
  }

  protected consumes() {
    return [consume(Topics.sessionRevocations, { group: 'auth-session-deny-list', perInstance: true, fromBeginning: true, each: (revocation) => this.apply(revocation) })];
  }

  override async onModuleInit(): Promise<void> {
    await super.onModuleInit();
    this.pruneTimer = setInterval(() => this.prune(), PRUNE_INTERVAL_MS);
    this.pruneTimer.unref();
  }

  override async onModuleDestroy(): Promise<void> {
    clearInterval(this.pruneTimer);
    await super.onModuleDestroy();
  }

  /**
   * Records one revocation. A record already past its `expiresAt` (replayed from the topic's start)
   * is ignored, and an older record never shortens a later one.
   */
  apply(revocation: SessionRevocation, now = Date.now()): void {
    if (revocation.expiresAt <= now) return;
    const current = this.revoked.get(revocation.sessionId) ?? 0;
    if (current >= revocation.expiresAt) return;
    this.revoked.set(revocation.sessionId, revocation.expiresAt);
    this.logger.debug(`session ${revocation.sessionId} of user ${revocation.userId} revoked`);
    for (const listener of this.listeners) listener(revocation);
  }

  /** True when the session was revoked and its tokens may still be unexpired. */
  isRevoked(sessionId: string | undefined, now = Date.now()): boolean {
    if (!sessionId) return false;
    return (this.revoked.get(sessionId) ?? 0) > now;
  }

  /** Calls `listener` for every new revocation (the live hub closes that session's sockets); returns the unsubscribe. */
  onRevoked(listener: (revocation: SessionRevocation) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Drops the entries whose tokens have all expired. */
  prune(now = Date.now()): void {
    for (const [sessionId, expiresAt] of this.revoked) if (expiresAt <= now) this.revoked.delete(sessionId);
  }

  get size(): number {
    return this.revoked.size;
  }
}
