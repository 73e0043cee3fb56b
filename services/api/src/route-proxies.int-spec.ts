// Cluster routing of /gps/*: the api forwards to the tracking service, query and gzip bytes untouched.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { createServer, type Server } from 'node:http';
import { gzipSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { ApiModule } from './api.module';
import { mountTrackingProxy } from './route-proxies';

describe('api tracking proxy', () => {
  let app: INestApplication;
  let tracking: Server;
  const seen: string[] = [];
  const payload = gzipSync(JSON.stringify({ flag: true, errorCode: 200, data: { listAll: '[]' } }));

  beforeAll(async () => {
    tracking = createServer((incoming, outgoing) => {
      // The big screen's seed of today (dashboard-seed.ts) also asks /gps/report through this proxy once the app listens.
      if (!incoming.url?.startsWith('/gps/report/')) seen.push(`${incoming.method} ${incoming.url}`);
      outgoing.setHeader('content-type', 'application/octet-stream');
      outgoing.end(payload);
    });
    await new Promise<void>((resolve) => tracking.listen(0, '127.0.0.1', resolve));
    const env = { LOG_LEVEL: 'silent', AUTH_JWT_SECRET: 'proxy-secret-proxy-secret-proxy-secret-0123' };
    const moduleRef = await Test.createTestingModule({
      imports: [PlatformModule.forRoot({ processName: 'api-tracking-proxy-test', config: loadConfig(PlatformConfig, env), bus: new InProcessBus({ logger: silentBusLogger }), env }), ApiModule],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    mountTrackingProxy(app, `http://127.0.0.1:${(tracking.address() as { port: number }).port}`);
    await app.init();
  });

  afterAll(async () => {
    await app.close();
    tracking.close();
  });

  it('forwards /gps paths with their query and returns the bytes as they are', async () => {
    const response = await request(app.getHttpServer())
      .get('/gps/vtrack/findDailyMileage?vehicleId=1&startTime=2026-11-20&endTime=2026-11-21')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(seen).toEqual(['GET /gps/vtrack/findDailyMileage?vehicleId=1&startTime=2026-11-20&endTime=2026-11-21']);
    expect(JSON.parse(gunzipSync(response.body as Buffer).toString())).toMatchObject({ flag: true, errorCode: 200 });
  });

  it('leaves other paths alone', async () => {
    const response = await request(app.getHttpServer()).get('/gpsx');
    expect(response.body).toMatchObject({ flag: false, errorCode: 404 });
    expect(seen).toHaveLength(1);
  });
});
