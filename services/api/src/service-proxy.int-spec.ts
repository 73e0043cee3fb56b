// Cluster routing: the api forwards admin paths with the body untouched and keeps its own routes.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { createServer, type Server } from 'node:http';
import request from 'supertest';
import { ApiModule } from './api.module';
import { mountServiceProxies } from './service-proxy';

describe('api service proxy', () => {
  let app: INestApplication;
  let admin: Server;
  const seen: { method?: string; url?: string; body: string }[] = [];

  beforeAll(async () => {
    admin = createServer((incoming, outgoing) => {
      let body = '';
      incoming.on('data', (chunk) => (body += chunk));
      incoming.on('end', () => {
        seen.push({ method: incoming.method, url: incoming.url, body });
        outgoing.setHeader('content-type', 'application/json');
        outgoing.end(JSON.stringify({ flag: true, errorCode: 200, msg: 'success', data: 'from-admin' }));
      });
    });
    await new Promise<void>((resolve) => admin.listen(0, '127.0.0.1', resolve));
    const env = { LOG_LEVEL: 'silent', AUTH_JWT_SECRET: 'proxy-secret-proxy-secret-proxy-secret-0123' };
    const moduleRef = await Test.createTestingModule({
      imports: [PlatformModule.forRoot({ processName: 'api-proxy-test', config: loadConfig(PlatformConfig, env), bus: new InProcessBus({ logger: silentBusLogger }), env }), ApiModule],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    mountServiceProxies(app, { admin: `http://127.0.0.1:${(admin.address() as { port: number }).port}` });
    await app.init();
  });

  afterAll(async () => {
    await app.close();
    admin.close();
  });

  it('forwards /login, /auth and /basic with their bodies and queries', async () => {
    const login = await request(app.getHttpServer()).post('/login').send({ username: 'admin', password: 'Secret123' }).expect(200);
    expect(login.body.data).toBe('from-admin');
    await request(app.getHttpServer()).post('/auth/oauth/token').type('form').send({ refresh_token: 'x', grant_type: 'refresh_token' }).expect(200);
    await request(app.getHttpServer()).get('/basic/tree/findVehicleTreeInfoList?_t=1').expect(200);
    expect(seen.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /login', 'POST /auth/oauth/token', 'GET /basic/tree/findVehicleTreeInfoList?_t=1']);
    expect(JSON.parse(seen[0].body)).toEqual({ username: 'admin', password: 'Secret123' });
    expect(seen[1].body).toBe('refresh_token=x&grant_type=refresh_token');
  });

  it('keeps its own routes', async () => {
    await request(app.getHttpServer()).get('/health').expect(200);
    expect(seen).toHaveLength(3);
  });
});
