import { Module } from '@nestjs/common';
import { serviceConfigProvider } from '@openfleet/service-kit';
import { AUTH_CONFIG, AuthConfig } from './auth-config';
import { AuthGuard } from './auth.guard';
import { PermissionCache } from './permission-cache';
import { TokenService } from './token.service';

/** Token verification and permission checks for any service; needs PlatformModule (bus, env). */
@Module({
  providers: [serviceConfigProvider(AUTH_CONFIG, AuthConfig), TokenService, PermissionCache, AuthGuard],
  exports: [AUTH_CONFIG, TokenService, PermissionCache, AuthGuard],
})
export class AuthModule {}
