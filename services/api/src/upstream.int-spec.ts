// A routed service that is down: the console gets the envelope (503), not http-proxy's plain text;
// /health/upstreams names it, and the api's own /health (what the load balancer reads) stays ok.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { createServer } from 'node:net';
import request from 'supertest';
import { ApiModule } from './api.module';
import { mountServiceProxies } from './service-proxy';
import { mountTrackingProxy } from './route-proxies';
import { mountUpstreamHealth } from './upstream';

/** A port nothing listens on: taken, then released. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('api with a routed service down', () => {
  let app: INestApplication;

  beforeAll(async () => {
    const env = { LOG_LEVEL: 'silent', AUTH_JWT_SECRET: 'proxy-secret-proxy-secret-proxy-secret-0123' };
    const moduleRef = await Test.createTestingModule({
      imports: [PlatformModule.forRoot({ processName: 'api-upstream-test', config: loadConfig(PlatformConfig, env), bus: new InProcessBus({ logger: silentBusLogger }), env }), ApiModule],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    const tracking = `http://127.0.0.1:${await deadPort()}`;
    const admin = `http://127.0.0.1:${await deadPort()}`;
    mountServiceProxies(app, { admin });
    mountTrackingProxy(app, tracking);
    mountUpstreamHealth(app, { admin, tracking });
    await app.init();
  });

  afterAll(async () => {
    await app.close();
  });

  it.each(['/gps/position/findLatestPositions', '/basic/vehicle?current=1'])('answers %s with 503 and the envelope in the caller language', async (path) => {
    const response = await request(app.getHttpServer()).get(path).set('Accept-Language', 'en-US').expect(503);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.body).toMatchObject({ flag: false, errorCode: 503, msg: 'The service is temporarily unavailable, please try again later' });
  });

  it('names the routed services that do not answer in /health/upstreams', async () => {
    const response = await request(app.getHttpServer()).get('/health/upstreams');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ status: 'error', down: ['admin', 'tracking'], upstreams: { admin: 'down', tracking: 'down' } });
  });

  it('stays ready in /health, its own database and bus up: the balancer keeps it while a routed service is down', async () => {
    const response = await request(app.getHttpServer()).get('/health');
    expect(response.status).toBe(200);
    expect(JSON.stringify(response.body)).not.toMatch(/admin|tracking/);
  });
});
