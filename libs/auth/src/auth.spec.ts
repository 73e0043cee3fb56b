import { Controller, Get, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { Topics } from '@openfleet/contracts';
import { PlatformModule, loadConfig, PlatformConfig } from '@openfleet/service-kit';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { AuthConfig } from './auth-config';
import type { AuthUser } from './auth-user';
import { AuthModule } from './auth.module';
import { CurrentUser, Public, RequiresAction } from './decorators';
import { resolveJwtSecret } from './jwt-secret';
import { PermissionCache } from './permission-cache';
import { TokenService } from './token.service';
import { inScope } from './vehicle-scope';

const SECRET = 'unit-test-secret-unit-test-secret-0123456789';

@Controller('probe')
class ProbeController {
  @Public()
  @Get('open')
  open() {
    return { open: true };
  }

  @Get('me')
  me(@CurrentUser() user: AuthUser) {
    return user;
  }

  @RequiresAction('carList:add')
  @Get('add-car')
  addCar() {
    return { added: true };
  }
}

const operator: AuthUser = {
  id: '7',
  companyId: '3',
  userType: 1,
  roleIds: ['11'],
  superAdmin: false,
  scope: { companies: ['3'], fleets: [] },
};

describe('libs/auth', () => {
  let app: INestApplication;
  let tokens: TokenService;
  let cache: PermissionCache;
  const bus = new InProcessBus({ logger: silentBusLogger });

  beforeAll(async () => {
    const env = { LOG_LEVEL: 'silent', AUTH_JWT_SECRET: SECRET };
    const config = loadConfig(PlatformConfig, env);
    const moduleRef = await Test.createTestingModule({
      imports: [PlatformModule.forRoot({ processName: 'auth-probe', config, bus, env }), AuthModule],
      controllers: [ProbeController],
    }).compile();
    app = moduleRef.createNestApplication();
    await app.init();
    tokens = app.get(TokenService);
    cache = app.get(PermissionCache);
  });

  afterAll(async () => {
    await app.close();
  });

  it('lets public endpoints through without a token', async () => {
    await request(app.getHttpServer()).get('/probe/open').expect(200, { open: true });
  });

  it('answers 401 without, with a forged and with an expired token', async () => {
    const missing = await request(app.getHttpServer()).get('/probe/me').expect(401);
    expect(missing.body).toMatchObject({ flag: false, errorCode: 401 });
    await request(app.getHttpServer()).get('/probe/me').set('Authorization', 'Bearer not.a.jwt').expect(401);
    const other = new TokenService(loadConfig(AuthConfig, { AUTH_JWT_SECRET: `${SECRET}-other` }));
    await request(app.getHttpServer()).get('/probe/me').set('Authorization', `Bearer ${await other.sign(operator)}`).expect(401);
    const expired = await tokens.sign(operator, -10);
    const response = await request(app.getHttpServer()).get('/probe/me').set('Authorization', `Bearer ${expired}`).expect(401);
    expect(response.body.errorCode).toBe(401);
  });

  it('puts the token user on the request', async () => {
    const token = await tokens.sign({ ...operator, sessionId: '5' });
    const response = await request(app.getHttpServer()).get('/probe/me').set('Authorization', `Bearer ${token}`).expect(200);
    expect(response.body).toEqual({ ...operator, sessionId: '5' });
  });

  it('checks action codes against role permissions from the bus (403 otherwise)', async () => {
    const token = await tokens.sign(operator);
    const denied = await request(app.getHttpServer()).get('/probe/add-car').set('Authorization', `Bearer ${token}`).expect(200);
    expect(denied.body).toMatchObject({ flag: false, errorCode: 403 });
    await bus.publish(Topics.rolePermissions, { key: '11', value: { roleId: '11', actionCodes: ['carList:add'], deleted: false, updatedAt: Date.now() } });
    await waitFor(() => cache.allows(operator, ['carList:add']));
    await request(app.getHttpServer()).get('/probe/add-car').set('Authorization', `Bearer ${token}`).expect(200, { added: true });
  });

  it('lets a super administrator do anything', async () => {
    const token = await tokens.sign({ ...operator, roleIds: [], superAdmin: true });
    await request(app.getHttpServer()).get('/probe/add-car').set('Authorization', `Bearer ${token}`).expect(200, { added: true });
  });

  it('ignores older snapshots and drops deleted roles', () => {
    cache.apply({ roleId: '20', actionCodes: ['a:add'], deleted: false, updatedAt: 100 });
    cache.apply({ roleId: '20', actionCodes: [], deleted: false, updatedAt: 50 });
    const user = { ...operator, roleIds: ['20'] };
    expect(cache.allows(user, ['a:add'])).toBe(true);
    cache.apply({ roleId: '20', actionCodes: [], deleted: true, updatedAt: 200 });
    expect(cache.allows(user, ['a:add'])).toBe(false);
  });
});

describe('inScope', () => {
  it('matches granted companies or fleets anywhere on the path', () => {
    expect(inScope(operator, { companyPath: ['1', '3'], fleetPath: [] })).toBe(true);
    expect(inScope(operator, { companyPath: ['1', '4'], fleetPath: ['9'] })).toBe(false);
    expect(inScope({ ...operator, scope: { companies: [], fleets: ['9'] } }, { companyPath: ['1', '4'], fleetPath: ['8', '9'] })).toBe(true);
    expect(inScope({ ...operator, superAdmin: true }, { companyPath: ['1', '4'], fleetPath: [] })).toBe(true);
  });

  // Group 1 -> subsidiaries 3 and 4 -> branch 5 under 3; fleets 8 -> 9 in branch 5.
  const grantedCompany = (id: string): AuthUser => ({ ...operator, scope: { companies: [id], fleets: [] } });
  const grantedFleet = (id: string): AuthUser => ({ ...operator, scope: { companies: [], fleets: [id] } });

  it('a user granted a parent company sees the vehicles of its child companies, however deep', () => {
    expect(inScope(grantedCompany('1'), { companyPath: ['1', '3', '5'], fleetPath: [] })).toBe(true);
    expect(inScope(grantedCompany('3'), { companyPath: ['1', '3', '5'], fleetPath: ['8', '9'] })).toBe(true);
  });

  it('a user granted a parent fleet sees the vehicles of its child fleets', () => {
    expect(inScope(grantedFleet('8'), { companyPath: ['1', '3', '5'], fleetPath: ['8', '9'] })).toBe(true);
    expect(inScope(grantedFleet('9'), { companyPath: ['1', '3', '5'], fleetPath: ['8'] })).toBe(false);
  });

  it('a sibling company is refused, and so is the parent for a child-only grant', () => {
    expect(inScope(grantedCompany('4'), { companyPath: ['1', '3', '5'], fleetPath: [] })).toBe(false);
    expect(inScope(grantedCompany('5'), { companyPath: ['1', '3'], fleetPath: [] })).toBe(false);
    expect(inScope(grantedCompany('3'), { companyPath: ['1', '4'], fleetPath: [] })).toBe(false);
  });
});

describe('resolveJwtSecret', () => {
  it('generates a standalone key once with mode 0600 and refuses a missing key in cluster mode', () => {
    const dir = mkdtempSync(join(tmpdir(), 'auth-secret-'));
    const first = resolveJwtSecret(loadConfig(AuthConfig, { DATA_DIR: dir }));
    const second = resolveJwtSecret(loadConfig(AuthConfig, { DATA_DIR: dir }));
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    expect(statSync(join(dir, 'auth-secret')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, 'auth-secret'), 'utf8').length).toBeGreaterThanOrEqual(32);
    expect(() => resolveJwtSecret(loadConfig(AuthConfig, { BUS: 'kafka' }))).toThrow(/required/);
    expect(() => resolveJwtSecret(loadConfig(AuthConfig, { AUTH_JWT_SECRET: 'short' }))).toThrow(/32/);
  });
});

async function waitFor(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('HS256 tokens', () => {
  const key = new TextEncoder().encode(SECRET);
  it('rejects tampered payloads, other algorithms and expired tokens', async () => {
    const { signHs256, verifyHs256 } = await import('./hs256-jwt');
    const token = signHs256({ sub: '1', exp: 2_000_000_000 }, key);
    expect(verifyHs256(token, key, 1_900_000_000)).toMatchObject({ sub: '1' });
    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: '2', exp: 2_000_000_000 })).toString('base64url')}.${signature}`;
    expect(() => verifyHs256(forged, key)).toThrow(/signature/);
    const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${token.split('.')[1]}.`;
    expect(() => verifyHs256(none, key)).toThrow(/algorithm/);
    expect(() => verifyHs256(token, key, 2_000_000_001)).toThrow(/expired/);
    expect(() => verifyHs256('a.b', key)).toThrow(/malformed/);
  });
});
