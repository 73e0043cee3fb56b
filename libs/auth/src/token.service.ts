import { Inject, Injectable, Optional } from '@nestjs/common';
import { AppError, ErrorCode } from '@openfleet/errors';
import { AUTH_CONFIG, type AuthConfig } from './auth-config';
import type { AccessTokenClaims, AuthUser } from './auth-user';
import { JwtError, signHs256, verifyHs256 } from './hs256-jwt';
import { resolveJwtSecret } from './jwt-secret';
import { SessionDenyList } from './session-deny-list';

const ISSUER = 'openfleet';

/** Signs and verifies access tokens (JWT HS256); with a {@link SessionDenyList}, revoked sessions' tokens are refused. */
@Injectable()
export class TokenService {
  private readonly key: Uint8Array;
  readonly accessTtlSeconds: number;

  constructor(
    @Inject(AUTH_CONFIG) config: AuthConfig,
    @Optional() private readonly denyList?: SessionDenyList,
  ) {
    this.key = resolveJwtSecret(config);
    this.accessTtlSeconds = config.AUTH_ACCESS_TOKEN_TTL;
  }

  async sign(user: AuthUser, ttlSeconds = this.accessTtlSeconds): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const claims: AccessTokenClaims = {
      sub: user.id,
      cid: user.companyId,
      utype: user.userType,
      rids: user.roleIds,
      sa: user.superAdmin,
      scope: { c: user.scope.companies, f: user.scope.fleets, ...(user.scope.vehicles?.length ? { v: user.scope.vehicles } : {}) },
      ...(user.sessionId ? { sid: user.sessionId } : {}),
      ...(user.actions?.length ? { act: user.actions } : {}),
    };
    return signHs256({ ...claims, iss: ISSUER, iat: now, exp: now + ttlSeconds }, this.key);
  }

  /** The token's user; AppError 401 when the token is malformed, forged, expired or of a revoked session. */
  async verify(token: string, options: { allowRevoked?: boolean } = {}): Promise<AuthUser> {
    let user: AuthUser;
    try {
      const payload = verifyHs256(token, this.key);
      if (payload.iss !== ISSUER) throw new JwtError('wrong issuer');
      user = userOfClaims(payload as unknown as AccessTokenClaims);
    } catch (error) {
      const expired = error instanceof JwtError && error.expired;
      throw new AppError(ErrorCode.NOT_LOGGED_IN, { detail: expired ? 'token expired' : 'invalid token', cause: error });
    }
    // Same 401 as an invalid token: the console signs in again either way.
    if (!options.allowRevoked && this.denyList?.isRevoked(user.sessionId)) throw new AppError(ErrorCode.NOT_LOGGED_IN, { detail: 'session revoked' });
    return user;
  }
}

function userOfClaims(claims: AccessTokenClaims): AuthUser {
  if (typeof claims.sub !== 'string' || typeof claims.cid !== 'string' || !Array.isArray(claims.rids)) {
    throw new Error('token claims incomplete');
  }
  return {
    id: claims.sub,
    companyId: claims.cid,
    userType: Number(claims.utype),
    roleIds: claims.rids.map(String),
    superAdmin: claims.sa === true,
    scope: {
      companies: (claims.scope?.c ?? []).map(String),
      fleets: (claims.scope?.f ?? []).map(String),
      ...(Array.isArray(claims.scope?.v) && claims.scope.v.length ? { vehicles: claims.scope.v.map(String) } : {}),
    },
    sessionId: claims.sid,
    ...(Array.isArray(claims.act) ? { actions: claims.act.map(String) } : {}),
  };
}
