import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AUTH_CONFIG, SessionDenyList, TokenService, type AuthConfig, type AuthUser } from '@openfleet/auth';
import type { EventBus } from '@openfleet/bus';
import { Topics, type SessionRevocation } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { EVENT_BUS } from '@openfleet/service-kit';
import { createHash, randomBytes } from 'node:crypto';
import { In, LessThan, MoreThan, Not, type Repository } from 'typeorm';
import { User, UserRole, UserType } from '../user/user.entity';
import type { TokenPair } from './dto/login.dto';
import { RefreshSession, SpentRefreshToken } from './refresh-session.entity';

// A refresh racing the revocation may sign one last token a moment after it: the deny entry outlives
// the access-token lifetime by this much.
const REVOCATION_MARGIN_MS = 60_000;

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Issues access tokens and opaque refresh tokens (stored as sha256, rotated on every refresh). A
 * session is one refresh-token family: replaying a token it rotated away revokes the whole session
 * (OAuth 2.0 Security BCP), and a password change revokes the account's sessions (docs/auth.md).
 * Every revocation is published on `admin.session-revocations.v1` after the database update, so every
 * service refuses the session's access tokens too.
 */
@Injectable()
export class SessionService {
  private readonly logger = new Logger(SessionService.name);

  constructor(
    @InjectRepository(RefreshSession, 'admin') private readonly sessions: Repository<RefreshSession>,
    @InjectRepository(SpentRefreshToken, 'admin') private readonly spent: Repository<SpentRefreshToken>,
    @InjectRepository(User, 'admin') private readonly users: Repository<User>,
    @InjectRepository(UserRole, 'admin') private readonly userRoles: Repository<UserRole>,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly tokens: TokenService,
    private readonly denyList: SessionDenyList,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
  ) {}

  /** The token claims of a user: roles, super-admin flag and granted roots. */
  async authUserOf(user: User, sessionId?: number): Promise<AuthUser> {
    const roles = await this.userRoles.find({ where: { userId: user.id } });
    const fleets = user.fleetIds.split(',').filter(Boolean);
    const vehicles = (user.vehicleIds ?? '').split(',').filter(Boolean);
    const limited = fleets.length > 0 || vehicles.length > 0;
    return {
      id: String(user.id),
      companyId: String(user.companyId),
      userType: user.userType,
      roleIds: roles.map((role) => String(role.roleId)),
      superAdmin: user.userType === UserType.SUPER_ADMIN,
      scope: { companies: limited ? [] : [String(user.companyId)], fleets, ...(vehicles.length ? { vehicles } : {}) },
      ...(sessionId ? { sessionId: String(sessionId) } : {}),
    };
  }

  async open(user: User): Promise<TokenPair> {
    const refreshToken = randomBytes(32).toString('base64url');
    const now = Date.now();
    // Housekeeping on login: the user's expired or revoked sessions go.
    await this.sessions
      .createQueryBuilder()
      .delete()
      .where('user_id = :userId AND (expires_at < :now OR revoked = 1)', { userId: user.id, now })
      .execute();
    // A spent token older than the refresh lifetime has expired anyway: it no longer needs recognising.
    await this.spent.delete({ spentAt: LessThan(now - this.config.AUTH_REFRESH_TOKEN_TTL * 1000) });
    const session = await this.sessions.save(
      this.sessions.create({ userId: user.id, tokenHash: sha256(refreshToken), expiresAt: now + this.config.AUTH_REFRESH_TOKEN_TTL * 1000, revoked: 0, createdAt: now }),
    );
    return this.pair(user, session, refreshToken);
  }

  /** Rotates a refresh token; any failure is errorCode 100 (the console then clears its tokens). */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const hash = sha256(refreshToken);
    const session = await this.sessions.findOne({ where: { tokenHash: hash } });
    if (!session) {
      await this.revokeReusedFamily(hash);
      throw new AppError(ErrorCode.REQUEST_FAILED, { detail: 'refresh token invalid' });
    }
    if (session.revoked || session.expiresAt < Date.now()) throw new AppError(ErrorCode.REQUEST_FAILED, { detail: 'refresh token invalid' });
    const user = await this.users.findOne({ where: { id: session.userId } });
    if (!user || user.status !== 1) throw new AppError(ErrorCode.REQUEST_FAILED, { detail: 'user disabled' });
    const next = randomBytes(32).toString('base64url');
    // Conditional update: two concurrent refreshes with the same token cannot both win.
    const result = await this.sessions.update(
      { id: session.id, tokenHash: session.tokenHash, revoked: 0 },
      { tokenHash: sha256(next), expiresAt: Date.now() + this.config.AUTH_REFRESH_TOKEN_TTL * 1000 },
    );
    if (!result.affected) throw new AppError(ErrorCode.REQUEST_FAILED, { detail: 'refresh token already used' });
    await this.spent.insert({ tokenHash: session.tokenHash, sessionId: session.id, spentAt: Date.now() });
    return this.pair(user, session, next);
  }

  /** Ends every session of a user (a password reset, the user disabled or deleted), or every other one (the user changed it). */
  async revokeAllOf(userId: number, keepSessionId?: string): Promise<void> {
    const keep = keepSessionId ? Number(keepSessionId) : undefined;
    // Every session that may still hold an unexpired access token, revoked earlier or not: a retry after
    // a failed publish still reaches every service. Chosen before the update, so a login that follows
    // (with the new password) is not caught.
    const sinceMs = Date.now() - this.config.AUTH_ACCESS_TOKEN_TTL * 1000;
    const ended = await this.sessions.find({ where: { userId, expiresAt: MoreThan(sinceMs), ...(keep ? { id: Not(keep) } : {}) } });
    if (ended.length) await this.sessions.update({ id: In(ended.map((session) => session.id)) }, { revoked: 1 });
    await this.announce(ended);
  }

  /** A token this session rotated away came back: whoever holds the newest one may be the thief. */
  private async revokeReusedFamily(hash: string): Promise<void> {
    const reused = await this.spent.findOne({ where: { tokenHash: hash } });
    if (!reused) return;
    await this.sessions.update({ id: reused.sessionId }, { revoked: 1 });
    await this.announce(await this.sessions.find({ where: { id: reused.sessionId } }));
    this.logger.warn(`refresh token of session ${reused.sessionId} reused after rotation: session revoked`);
  }

  async revoke(sessionId: string | undefined, refreshToken: string | undefined): Promise<void> {
    if (sessionId) await this.sessions.update({ id: Number(sessionId) }, { revoked: 1 });
    if (refreshToken) await this.sessions.update({ tokenHash: sha256(refreshToken) }, { revoked: 1 });
    const where = [...(sessionId ? [{ id: Number(sessionId) }] : []), ...(refreshToken ? [{ tokenHash: sha256(refreshToken) }] : [])];
    if (where.length) await this.announce(await this.sessions.find({ where }));
  }

  /** One revocation record per session: this process refuses its tokens at once, the others through the bus. */
  private async announce(ended: RefreshSession[]): Promise<void> {
    if (!ended.length) return;
    const revokedAt = Date.now();
    const expiresAt = revokedAt + this.config.AUTH_ACCESS_TOKEN_TTL * 1000 + REVOCATION_MARGIN_MS;
    const records: SessionRevocation[] = ended.map((session) => ({ sessionId: String(session.id), userId: String(session.userId), revokedAt, expiresAt }));
    records.forEach((record) => this.denyList.apply(record));
    await this.bus.publish(Topics.sessionRevocations, records.map((value) => ({ key: value.userId, value })));
  }

  /** True while the token's session was neither revoked (logout) nor expired. */
  async isActive(sessionId: string | undefined): Promise<boolean> {
    if (!sessionId) return true;
    const session = await this.sessions.findOne({ where: { id: Number(sessionId) } });
    return !!session && !session.revoked && session.expiresAt > Date.now();
  }

  private async pair(user: User, session: RefreshSession, refreshToken: string): Promise<TokenPair> {
    const accessToken = await this.tokens.sign(await this.authUserOf(user, session.id));
    return { access_token: accessToken, refresh_token: refreshToken, token_type: 'bearer', expires_in: this.tokens.accessTtlSeconds, user_id: user.id };
  }
}
