import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { AuthUser } from './auth-user';
import { ALLOW_REVOKED_SESSION, ANY_OF_ACTIONS, IS_PUBLIC, REQUIRED_ACTIONS } from './decorators';
import { PermissionCache } from './permission-cache';
import { TokenService } from './token.service';

/** The bearer token of an `Authorization` header, if any. */
export function bearerTokenOf(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}

/**
 * Verifies the bearer token (errorCode 401, HTTP 401, when missing, invalid, expired or of a revoked
 * session), puts the {@link AuthUser} on `request.user`, then checks `@RequiresAction` codes (errorCode 403 "no permission").
 * `@Public()` endpoints pass untouched. {@link AuthModule} makes it the application guard (APP_GUARD), so
 * every HTTP route is guarded unless it says `@Public()`; controllers do not write `@UseGuards(AuthGuard)`.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
    private readonly permissions: PermissionCache,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    // An application guard also sees bus (`@EventPattern`) and socket.io handlers: those have no bearer
    // header; the live hub checks its token at the handshake.
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const request = context.switchToHttp().getRequest<{ headers: Record<string, unknown>; user?: AuthUser }>();
    const token = bearerTokenOf(request.headers.authorization);
    if (!token) throw new AppError(ErrorCode.NOT_LOGGED_IN);
    const allowRevoked = this.reflector.getAllAndOverride<boolean>(ALLOW_REVOKED_SESSION, targets) === true;
    request.user = await this.tokens.verify(token, { allowRevoked });
    const required = this.reflector.getAllAndOverride<string[]>(REQUIRED_ACTIONS, targets) ?? [];
    if (required.length && !this.permissions.allows(request.user, required)) throw new AppError(ErrorCode.NO_PERMISSION);
    const anyOf = this.reflector.getAllAndOverride<string[]>(ANY_OF_ACTIONS, targets) ?? [];
    if (anyOf.length && !anyOf.some((code) => this.permissions.allows(request.user!, [code]))) throw new AppError(ErrorCode.NO_PERMISSION);
    return true;
  }
}
