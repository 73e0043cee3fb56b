import { Body, Controller, Get, Post, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { AppError, ErrorCode } from '@openfleet/errors';
import { IsInt, IsString, Max, Min } from 'class-validator';
import request from 'supertest';
import { PlatformModule } from './platform.module';
import { loadConfig, PlatformConfig } from './platform-config';

class CreatePlateDto {
  @IsString()
  plateCode!: string;

  @IsInt()
  @Min(1)
  @Max(9)
  plateColor!: number;
}

@Controller('probe')
class ProbeController {
  @Get('locked')
  locked(): never {
    throw new AppError(ErrorCode.LOCKED);
  }

  @Get('crash')
  crash(): never {
    throw new Error('secret internal detail');
  }

  @Post('plates')
  create(@Body() dto: CreatePlateDto) {
    return { flag: true, errorCode: 200, msg: 'success', data: dto };
  }
}

describe('PlatformModule (house pattern)', () => {
  let app: INestApplication;
  const bus = new InProcessBus({ logger: silentBusLogger });

  beforeAll(async () => {
    const config = loadConfig(PlatformConfig, { LOG_LEVEL: 'silent' });
    const moduleRef = await Test.createTestingModule({
      imports: [PlatformModule.forRoot({ processName: 'probe', config, bus })],
      controllers: [ProbeController],
    }).compile();
    app = moduleRef.createNestApplication();
    await app.init();
  });

  afterAll(async () => {
    await app.close();
  });

  it('answers catalogue errors as envelopes in the caller language', async () => {
    const zh = await request(app.getHttpServer()).get('/probe/locked').expect(200);
    expect(zh.body).toEqual({ flag: false, errorCode: 423, msg: expect.any(String), data: null });
    const en = await request(app.getHttpServer()).get('/probe/locked').set('Accept-Language', 'en-US').expect(200);
    expect(en.body.msg).not.toBe(zh.body.msg);
    expect(en.body.msg).toMatch(/lock/i);
  });

  it('rejects an invalid payload with HTTP 400 / code 400 and names the fields', async () => {
    const response = await request(app.getHttpServer())
      .post('/probe/plates')
      .send({ plateCode: 42, plateColor: 12, extra: 'x' })
      .expect(400);
    expect(response.body.flag).toBe(false);
    expect(response.body.errorCode).toBe(400);
    const problems = (response.body.data as string[]).join(' ');
    expect(problems).toMatch(/plateCode/);
    expect(problems).toMatch(/plateColor/);
    expect(problems).toMatch(/extra/);
  });

  it('accepts a valid payload', async () => {
    const response = await request(app.getHttpServer()).post('/probe/plates').send({ plateCode: '京A12345', plateColor: 1 }).expect(201);
    expect(response.body.data).toEqual({ plateCode: '京A12345', plateColor: 1 });
  });

  it('hides unexpected errors behind code 500', async () => {
    const response = await request(app.getHttpServer()).get('/probe/crash').expect(500);
    expect(response.body).toMatchObject({ flag: false, errorCode: 500 });
    expect(JSON.stringify(response.body)).not.toMatch(/secret internal detail/);
  });

  it('answers unknown paths with code 404', async () => {
    const response = await request(app.getHttpServer()).get('/no/such/path').expect(200);
    expect(response.body).toMatchObject({ flag: false, errorCode: 404 });
  });

  it('serves /health with the bus probe and /metrics in Prometheus format', async () => {
    const health = await request(app.getHttpServer()).get('/health').expect(200);
    expect(health.body.details.bus.status).toBe('up');
    const metrics = await request(app.getHttpServer()).get('/metrics').expect(200);
    expect(metrics.text).toMatch(/^# HELP openfleet_/m);
  });
});
