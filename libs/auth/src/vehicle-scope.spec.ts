// Single-vehicle grants (vgPower, issue 28): inScope admits a granted vehicle by its id besides the
// granted companies and fleets, never a vehicle whose id is unknown, and the token carries the grant.
import type { AuthConfig } from './auth-config';
import { MAX_VEHICLE_GRANTS, type AuthUser } from './auth-user';
import { TokenService } from './token.service';
import { inScope } from './vehicle-scope';

const config = { AUTH_JWT_SECRET: 'vehicle-scope-secret-vehicle-scope-secret-01', AUTH_ACCESS_TOKEN_TTL: 7200, AUTH_REFRESH_TOKEN_TTL: 604800, DATA_DIR: '/tmp', BUS: 'in-process' } as AuthConfig;
const user = (scope: AuthUser['scope'], superAdmin = false): AuthUser => ({ id: '7', companyId: '3', userType: 1, roleIds: [], superAdmin, scope });

// Company 3, fleets 8 -> 9; vehicles 41 (fleet 9), 42 (fleet 8), 43 (no fleet).
const v41 = { companyPath: ['1', '3'], fleetPath: ['8', '9'], vehicleId: '41' };
const v42 = { companyPath: ['1', '3'], fleetPath: ['8'], vehicleId: '42' };
const v43 = { companyPath: ['1', '3'], fleetPath: [], vehicleId: 43 };

describe('inScope with single-vehicle grants', () => {
  it('a user granted vehicles only sees exactly those, by string or numeric id', () => {
    const granted = user({ companies: [], fleets: [], vehicles: ['42', '43'] });
    expect([v41, v42, v43].map((place) => inScope(granted, place))).toEqual([false, true, true]);
  });

  it('sees the union of granted fleets (with sub-fleets) and granted vehicles', () => {
    const granted = user({ companies: [], fleets: ['9'], vehicles: ['43'] });
    expect([v41, v42, v43].map((place) => inScope(granted, place))).toEqual([true, false, true]);
  });

  it('without the vehicle id a vehicle grant matches nothing (the safe default)', () => {
    const granted = user({ companies: [], fleets: [], vehicles: ['42'] });
    expect(inScope(granted, { companyPath: ['1', '3'], fleetPath: ['8'] })).toBe(false);
    expect(inScope(granted, { companyPath: ['1', '3'], fleetPath: ['8'], vehicleId: null })).toBe(false);
    expect(inScope(granted, { companyPath: ['1', '3'], fleetPath: ['8'], vehicleId: '' })).toBe(false);
  });

  it('a user without vehicle grants keeps the company and fleet rules', () => {
    expect(inScope(user({ companies: ['3'], fleets: [] }), v43)).toBe(true);
    expect(inScope(user({ companies: ['4'], fleets: [] }), v43)).toBe(false);
    expect(inScope(user({ companies: [], fleets: ['9'] }), v42)).toBe(false);
    expect(inScope(user({ companies: [], fleets: [] }, true), v42)).toBe(true);
  });

  it('a grant built once answers for a new scope too (no stale cache between tokens)', () => {
    expect(inScope(user({ companies: [], fleets: [], vehicles: ['41'] }), v41)).toBe(true);
    expect(inScope(user({ companies: [], fleets: [], vehicles: ['42'] }), v41)).toBe(false);
  });
});

describe('the token carries the vehicle grant', () => {
  const tokens = new TokenService(config);

  it('round-trips the granted vehicles under the short claim v', async () => {
    const token = await tokens.sign(user({ companies: [], fleets: ['9'], vehicles: ['42', '43'] }));
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { scope: Record<string, unknown> };
    expect(claims.scope).toEqual({ c: [], f: ['9'], v: ['42', '43'] });
    expect((await tokens.verify(token)).scope).toEqual({ companies: [], fleets: ['9'], vehicles: ['42', '43'] });
  });

  it('leaves the claim out when nothing is granted', async () => {
    const token = await tokens.sign(user({ companies: ['3'], fleets: [] }));
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { scope: Record<string, unknown> };
    expect(claims.scope).toEqual({ c: ['3'], f: [] });
    expect((await tokens.verify(token)).scope.vehicles).toBeUndefined();
  });

  it('a token with the most vehicles a user may hold fits Node\'s 16 KB request-header limit', async () => {
    const vehicles = Array.from({ length: MAX_VEHICLE_GRANTS }, (_, i) => String(1_000_000 + i));
    const token = await tokens.sign({ ...user({ companies: [], fleets: Array.from({ length: 50 }, (_, i) => String(100_000 + i)), vehicles }), sessionId: '123456' });
    expect(`Authorization: Bearer ${token}`.length).toBeLessThan(16 * 1024 - 1024);
  });
});
