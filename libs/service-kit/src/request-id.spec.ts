import { Controller, Get, Req, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import request from 'supertest';
import { PlatformModule } from './platform.module';
import { loadConfig, PlatformConfig } from './platform-config';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestIdOf, requestLogLevel } from './request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('requestIdOf', () => {
  it('keeps a sane caller id and the first of repeated headers', () => {
    expect(requestIdOf('abc-123_x.y:z')).toBe('abc-123_x.y:z');
    expect(requestIdOf(['first-1', 'second-2'])).toBe('first-1');
  });

  it('generates a UUID when the id is missing, empty, too long or carries other characters', () => {
    for (const bad of [undefined, '', 'a'.repeat(129), 'has space', 'line\nbreak', '{"json":1}', 'ü']) {
      expect(requestIdOf(bad)).toMatch(UUID);
    }
    expect(requestIdOf(undefined)).not.toBe(requestIdOf(undefined));
  });
});

describe('requestLogLevel', () => {
  const answered = (statusCode: number) => ({ statusCode }) as ServerResponse;
  const req = {} as IncomingMessage;

  it('keeps requests that went well out of the info log, shows refusals at info and failures as errors', () => {
    expect([200, 204, 304, 399].map((code) => requestLogLevel(req, answered(code)))).toEqual(['debug', 'debug', 'debug', 'debug']);
    expect([400, 401, 404, 499].map((code) => requestLogLevel(req, answered(code)))).toEqual(['info', 'info', 'info', 'info']);
    expect([500, 502].map((code) => requestLogLevel(req, answered(code)))).toEqual(['error', 'error']);
    expect(requestLogLevel(req, answered(200), new Error('stream broke'))).toBe('error');
  });
});

@Controller('probe')
class ProbeController {
  @Get('id')
  id(@Req() req: { id?: unknown }) {
    return { flag: true, errorCode: 200, msg: 'success', data: req.id };
  }
}

describe('X-Request-Id on every HTTP answer (PlatformModule)', () => {
  let app: INestApplication;

  beforeAll(async () => {
    const config = loadConfig(PlatformConfig, { LOG_LEVEL: 'silent' });
    const moduleRef = await Test.createTestingModule({
      imports: [PlatformModule.forRoot({ processName: 'probe', config, bus: new InProcessBus({ logger: silentBusLogger }) })],
      controllers: [ProbeController],
    }).compile();
    app = moduleRef.createNestApplication();
    await app.init();
  });

  afterAll(async () => {
    await app.close();
  });

  it('echoes a sane caller id and hands the same id to the request', async () => {
    const response = await request(app.getHttpServer()).get('/probe/id').set('X-Request-Id', 'console-42').expect(200);
    expect(response.headers['x-request-id']).toBe('console-42');
    expect(response.body.data).toBe('console-42');
  });

  it('generates one for requests without (or with an unusable) id, also on errors and unknown paths', async () => {
    const plain = await request(app.getHttpServer()).get('/probe/id');
    expect(plain.headers['x-request-id']).toMatch(UUID);
    expect(plain.body.data).toBe(plain.headers['x-request-id']);
    const forged = await request(app.getHttpServer()).get('/probe/id').set('X-Request-Id', 'a b');
    expect(forged.headers['x-request-id']).toMatch(UUID);
    const missing = await request(app.getHttpServer()).get('/no/such/path');
    expect(missing.body.errorCode).toBe(404);
    expect(missing.headers['x-request-id']).toMatch(UUID);
    expect((await request(app.getHttpServer()).get('/health')).headers['x-request-id']).toMatch(UUID);
  });
});
