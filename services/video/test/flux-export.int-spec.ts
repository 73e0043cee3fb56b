// videoflux's Excel export over real HTTP on the video module, on SQLite and on MariaDB: the same
// rows as the list (the day window, the vehicles asked for, the caller's scope), as an .xlsx with the
// console's units, only with videoflux:export; a bad window answers its code, not a sheet.
import type { INestApplication } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { Test } from '@nestjs/testing';
import { TokenService, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { Topics } from '@openfleet/contracts';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, pathOf, testStorageEnv } from '@openfleet/storage';
import ExcelJS from 'exceljs';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { VideoModule } from '../src';
import { VideoFlux } from '../src/flux/video-flux.entity';

jest.setTimeout(60_000);

const user = (id: string, roleIds: string[], companies: string[]): AuthUser => ({ id, companyId: companies[0] ?? '1', userType: 2, roleIds, superAdmin: false, scope: { companies, fleets: [] } });

/** The sheet's rows as arrays of cell values (the header row first). */
async function sheetRows(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe.each(['sqlite', 'mysql'] as const)('videoflux export (%s)', (engine) => {
  const env: NodeJS.ProcessEnv = {
    ...testStorageEnv(engine, 'videoflux'),
    LOG_LEVEL: 'silent',
    AUTH_JWT_SECRET: 'video-flux-secret-video-flux-secret-0123456789',
    VIDEO_URL_SECRET: 'video-flux-url-secret-0123456789-0123456789',
    VIDEO_MEDIA_TCP_PORT: '0',
    VIDEO_MEDIA_UDP_PORT: '-1',
    VIDEO_FTP_PORT: '-1',
    VIDEO_MEDIA_HOST: '127.0.0.1',
    VIDEO_PUBLIC_HOST: '127.0.0.1',
  };
  let app: INestApplication;
  let exporter: string;
  let viewer: string;
  const http = () => request(app.getHttpServer());
  const exportSheet = (token: string, query: string) =>
    http()
      .get(`/video/flux/export?${query}`)
      .set('Authorization', token)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });

  beforeAll(async () => {
    const bus = new InProcessBus({ logger: silentBusLogger });
    const now = Date.now();
    await bus.publish(Topics.rolePermissions, [
      { key: 'flux-view', value: { roleId: 'flux-view', actionCodes: ['videoflux', 'videoflux:search'], deleted: false, updatedAt: now } },
      { key: 'flux-export', value: { roleId: 'flux-export', actionCodes: ['videoflux', 'videoflux:search', 'videoflux:export'], deleted: false, updatedAt: now } },
    ]);
    app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'video-flux-test', config: loadConfig(PlatformConfig, env), bus, env }), VideoModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    const tokens = app.get(TokenService);
    exporter = `Bearer ${await tokens.sign(user('11', ['flux-export'], ['1']))}`;
    viewer = `Bearer ${await tokens.sign(user('12', ['flux-view'], ['1']))}`;
    const row = (day: string, vehicleId: string, plateCode: string, channel: number, company: string, bytes: number, seconds: number, sessions: number) =>
      Object.assign(new VideoFlux(), { day, vehicleId, plateCode, channel, companyPath: pathOf(['1', company].filter((id, i, all) => all.indexOf(id) === i)), fleetPath: '', bytes, seconds, sessions });
    await app.get<string, DataSource>(getDataSourceToken('video')).getRepository(VideoFlux).save([
      row('2026-11-20', 'v1', '京A00001', 1, '1', 5 * 1024 * 1024, 1800, 2),
      row('2026-11-21', 'v1', '京A00001', 2, '1', 3_670_016, 90, 1),
      row('2026-11-21', 'v2', '京A00002', 1, '7', 1024 * 1024, 60, 1),
      // Another company's vehicle: outside the exporter's scope.
      Object.assign(row('2026-11-21', 'v9', '沪B00009', 1, '9', 9 * 1024 * 1024, 600, 3), { companyPath: pathOf(['9']) }),
      // Outside the window.
      row('2026-10-01', 'v1', '京A00001', 1, '1', 1024, 60, 1),
    ]);
  });

  afterAll(async () => {
    await app?.close();
    await dropTestSchema(env, 'video');
  });

  it('writes the rows of the window and scope, newest day first, in MB and minutes', async () => {
    const response = await exportSheet(exporter, 'startDay=2026-11-15&endDay=2026-11-30').expect(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toBe('attachment; filename="videoflux-2026-11-15-2026-11-30.xlsx"');
    expect(await sheetRows(response.body as Buffer)).toEqual([
      ['日期', '车牌号', '通道', '流量(MB)', '时长(分钟)', '会话次数'],
      ['2026-11-21', '京A00001', 2, 3.5, 1.5, 1],
      ['2026-11-21', '京A00002', 1, 1, 1, 1],
      ['2026-11-20', '京A00001', 1, 5, 30, 2],
    ]);
  });

  it('keeps to the vehicles asked for', async () => {
    const response = await exportSheet(exporter, 'startDay=2026-11-15&endDay=2026-11-30&vehicleIds=v2').expect(200);
    expect((await sheetRows(response.body as Buffer)).slice(1)).toEqual([['2026-11-21', '京A00002', 1, 1, 1, 1]]);
  });

  it('needs videoflux:export, and answers a bad window with its code instead of a sheet', async () => {
    const refused = await http().get('/video/flux/export?startDay=2026-11-15&endDay=2026-11-30').set('Authorization', viewer);
    expect(refused.body).toMatchObject({ flag: false, errorCode: 403 });
    expect(refused.headers['content-type']).toContain('json');
    expect((await http().get('/video/flux?startDay=2026-11-15&endDay=2026-11-30').set('Authorization', viewer).expect(200)).body.data).toHaveLength(3);
    const tooLong = await http().get('/video/flux/export?startDay=2026-01-01&endDay=2026-11-30').set('Authorization', exporter).expect(200);
    expect(tooLong.body).toMatchObject({ flag: false, errorCode: expect.any(Number) });
    expect(tooLong.headers['content-type']).toContain('json');
    expect((await http().get('/video/flux/export?startDay=2026-11-31&endDay=2026-11-30').set('Authorization', exporter)).status).toBe(400);
  });
});
