import { Controller, Get, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { Topics, type SessionRevocation } from '@openfleet/contracts';
import { PlatformModule, loadConfig, PlatformConfig, EVENT_BUS } from '@openfleet/service-kit';
import request from 'supertest';
import type { AuthUser } from './auth-user';
import { AuthModule } from './auth.module';
import { AllowRevokedSession, CurrentUser } from './decorators';
import { SessionDenyList } from './session-deny-list';
import { TokenService } from './token.service';

const SECRET = 'unit-test-secret-unit-test-secret-0123456789';

@Controller('probe')
class ProbeController {
  @Get('me')
  me(@CurrentUser() user: AuthUser) {
    return user;
  }

  @AllowRevokedSession()
  @Get('session')
  session(@CurrentUser() user: AuthUser) {
    return { sessionId: user.sessionId };
  }
}

const operator: AuthUser = { id: '7', companyId: '3', userType: 1, roleIds: [], superAdmin: false, scope: { companies: ['3'], fleets: [] } };
const revocation = (sessionId: string, expiresAt: number): SessionRevocation => ({ sessionId, userId: '7', revokedAt: expiresAt - 7_200_000, expiresAt });

async function startProbe(bus: InProcessBus): Promise<INestApplication> {
  const env = { LOG_LEVEL: 'silent', AUTH_JWT_SECRET: SECRET };
  const moduleRef = await Test.createTestingModule({
    imports: [PlatformModule.forRoot({ processName: 'deny-list-probe', config: loadConfig(PlatformConfig, env), bus, env }), AuthModule],
    controllers: [ProbeController],
  }).compile();
  const app = moduleRef.createNestApplication();
  await app.init();
  return app;
}

async function waitFor(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('session deny list', () => {
  const bus = new InProcessBus({ logger: silentBusLogger });
  let app: INestApplication;
  let tokens: TokenService;
  let denyList: SessionDenyList;

  beforeAll(async () => {
    app = await startProbe(bus);
    tokens = app.get(TokenService);
    denyList = app.get(SessionDenyList);
  });

  afterAll(async () => {
    await app.close();
  });

  it('refuses the tokens of a session revoked on the bus with the 401 envelope; other sessions pass', async () => {
    const revoked = await tokens.sign({ ...operator, sessionId: '41' });
    const other = await tokens.sign({ ...operator, sessionId: '42' });
    await request(app.getHttpServer()).get('/probe/me').set('Authorization', `Bearer ${revoked}`).expect(200);
    await app.get<InProcessBus>(EVENT_BUS).publish(Topics.sessionRevocations, { key: '7', value: revocation('41', Date.now() + 7_200_000) });
    await waitFor(() => denyList.isRevoked('41'));
    const refused = await request(app.getHttpServer()).get('/probe/me').set('Authorization', `Bearer ${revoked}`).expect(401);
    expect(refused.body).toMatchObject({ flag: false, errorCode: 401, data: null });
    await expect(tokens.verify(revoked)).rejects.toMatchObject({ errorCode: 401, detail: 'session revoked' });
    await request(app.getHttpServer()).get('/probe/me').set('Authorization', `Bearer ${other}`).expect(200);
    // The endpoint that reports a session's state still sees who asks.
    await request(app.getHttpServer()).get('/probe/session').set('Authorization', `Bearer ${revoked}`).expect(200, { sessionId: '41' });
  });

  it('forgets an entry once its tokens have expired, and prunes it', () => {
    const now = 1_000_000;
    denyList.apply(revocation('50', now + 1_000), now);
    expect(denyList.isRevoked('50', now + 999)).toBe(true);
    expect(denyList.isRevoked('50', now + 1_000)).toBe(false);
    const before = denyList.size;
    denyList.prune(now + 1_000);
    expect(denyList.size).toBe(before - 1);
  });

  it('an expired or older record neither resurrects an entry nor shortens a newer one', () => {
    const now = 2_000_000;
    denyList.apply(revocation('60', now - 1), now);
    expect(denyList.isRevoked('60', now - 10)).toBe(false);
    denyList.apply(revocation('61', now + 10_000), now);
    denyList.apply(revocation('61', now + 5_000), now);
    expect(denyList.isRevoked('61', now + 7_000)).toBe(true);
  });

  it('tells listeners of each new revocation once', () => {
    const seen: string[] = [];
    const stop = denyList.onRevoked((entry) => seen.push(entry.sessionId));
    const now = Date.now();
    denyList.apply(revocation('70', now + 60_000), now);
    denyList.apply(revocation('70', now + 30_000), now);
    stop();
    denyList.apply(revocation('71', now + 60_000), now);
    expect(seen).toEqual(['70']);
  });
});
