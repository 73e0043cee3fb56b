import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { serviceConfigProvider } from '@openfleet/service-kit';
import { AUTH_CONFIG, AuthConfig } from './auth-config';
import { AuthGuard } from './auth.guard';
import { PermissionCache } from './permission-cache';
import { SessionDenyList } from './session-deny-list';
import { TokenService } from './token.service';

/**
 * Token verification (revoked sessions refused) and permission checks for any service; needs PlatformModule (bus, env).
 * AuthGuard is the application guard: a static module is one instance per app however many service modules
 * import it, so the guard runs once per request, on every route that is not `@Public()`.
 */
@Module({
  providers: [
    serviceConfigProvider(AUTH_CONFIG, AuthConfig),
    TokenService,
    PermissionCache,
    SessionDenyList,
    AuthGuard,
    { provide: APP_GUARD, useExisting: AuthGuard },
  ],
  exports: [AUTH_CONFIG, TokenService, PermissionCache, SessionDenyList, AuthGuard],
})
export class AuthModule {}
