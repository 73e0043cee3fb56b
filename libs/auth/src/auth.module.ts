import { Module } from '@nestjs/common';
import { serviceConfigProvider } from '@openfleet/service-kit';
import { AUTH_CONFIG, AuthConfig } from './auth-config';
import { AuthGuard } from './auth.guard';
import { PermissionCache } from './permission-cache';
import { SessionDenyList } from './session-deny-list';
import { TokenService } from './token.service';

/** Token verification (revoked sessions refused) and permission checks for any service; needs PlatformModule (bus, env). */
@Module({
  providers: [serviceConfigProvider(AUTH_CONFIG, AuthConfig), TokenService, PermissionCache, SessionDenyList, AuthGuard],
  exports: [AUTH_CONFIG, TokenService, PermissionCache, SessionDenyList, AuthGuard],
})
export class AuthModule {}
