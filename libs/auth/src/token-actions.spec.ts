import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import type { AuthConfig } from './auth-config';
import type { AuthUser } from './auth-user';
import { PermissionCache } from './permission-cache';
import { TokenService } from './token.service';

const config = { AUTH_JWT_SECRET: 'token-actions-secret-token-actions-secret-01', AUTH_ACCESS_TOKEN_TTL: 7200, AUTH_REFRESH_TOKEN_TTL: 604800, DATA_DIR: '/tmp', BUS: 'in-process' } as AuthConfig;
const service: AuthUser = { id: 'openapi:app1', companyId: '3', userType: 0, roleIds: [], superAdmin: false, scope: { companies: ['3'], fleets: [] } };

describe('action codes carried by a service token', () => {
  const tokens = new TokenService(config);
  const permissions = new PermissionCache(new InProcessBus({ logger: silentBusLogger }));

  it('round-trips the codes and grants exactly them', async () => {
    const user = await tokens.verify(await tokens.sign({ ...service, actions: ['multiCar', 'historyTrack:search'] }));
    expect(user.actions).toEqual(['multiCar', 'historyTrack:search']);
    expect(permissions.allows(user, ['historyTrack:search'])).toBe(true);
    expect(permissions.allows(user, ['alarmHandle:search'])).toBe(false);
  });

  it('a token without codes grants nothing beyond its roles', async () => {
    const user = await tokens.verify(await tokens.sign(service));
    expect(user.actions).toBeUndefined();
    expect(permissions.allows(user, ['multiCar'])).toBe(false);
  });
});
