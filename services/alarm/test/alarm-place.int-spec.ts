// Place names where an operator reads an alarm's position, on SQLite and MariaDB: the list, the
// detail and the Excel export carry province, city and district computed from the bundled
// boundaries (no map service); at sea there is none. Positions are WGS-84 as terminals send them.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getRepositoryToken } from '@nestjs/typeorm';
import { TokenService, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { placeIndexReady, placeIndexState } from '@openfleet/geo';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import ExcelJS from 'exceljs';
import request from 'supertest';
import type { Repository } from 'typeorm';
import { AlarmModule } from '../src';
import { Alarm } from '../src/alarm/alarm.entity';

jest.setTimeout(120_000);

const admin: AuthUser = { id: '7', companyId: '10', userType: 4, roleIds: [], superAdmin: true, scope: { companies: [], fleets: [] } };
const cst = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);

// [plate, longitude, latitude, expected place]
const SPOTS: [string, number, number, string][] = [
  ['京A1', 116.3912, 39.9067, '北京市东城区'], // Tiananmen
  ['粤A2', 113.3245, 23.1064, '广东省广州市海珠区'], // Canton Tower
  ['沪A3', 121.4737, 31.2304, '上海市黄浦区'], // People's Square
  ['浙A4', 123.5, 30.0, ''], // the East China Sea
];

describe.each(['sqlite', 'mysql'] as const)('alarm place names on %s', (engine) => {
  const env: NodeJS.ProcessEnv = { ...testStorageEnv(engine, 'alarm_place'), LOG_LEVEL: 'silent', ALARM_ATTACHMENT_PORT: '0', AUTH_JWT_SECRET: 'alarm-place-secret-alarm-place-secret-0123456' };
  let app: INestApplication;
  let token: string;
  const t0 = Date.now() - 600_000;
  const window = `startTime=${encodeURIComponent(cst(t0 - 60_000))}&endTime=${encodeURIComponent(cst(t0 + 300_000))}`;

  beforeAll(async () => {
    const bus = new InProcessBus({ logger: silentBusLogger });
    app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'alarm-place-test', config: loadConfig(PlatformConfig, env), bus, env }), AlarmModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    // The module starts loading the place index (in a worker) at init; answers name places once it is ready.
    expect(placeIndexState()).not.toBe('idle');
    await placeIndexReady();
    token = `Bearer ${await app.get(TokenService).sign(admin)}`;
    const alarms = app.get<Repository<Alarm>>(getRepositoryToken(Alarm, 'alarm'));
    await alarms.save(
      SPOTS.map(([plateCode, longitude, latitude], i) =>
        alarms.create({ alarmKey: `place-${i}`, type: 'overspeed', level: 1, source: 'platform', terminalPhone: `1390000000${i}`, vehicleId: `v${i}`, plateCode, companyPath: '/10/', startedAt: t0 + i * 1000, lastAt: t0 + i * 1000, latitude, longitude }),
      ),
    );
  });

  afterAll(async () => {
    await app?.close();
    await dropTestSchema(env, 'alarm_place');
  });

  it('names the place of every alarm in the list and in its detail', async () => {
    const page = (await request(app.getHttpServer()).get(`/gps/alarm/page?${window}&size=50`).set('Authorization', token).expect(200)).body.data as { records: { id: number; plateCode: string; place: string }[] };
    const byPlate = new Map(page.records.map((record) => [record.plateCode, record]));
    for (const [plate, , , place] of SPOTS) expect([plate, byPlate.get(plate)?.place]).toEqual([plate, place]);

    const detail = await request(app.getHttpServer()).get(`/gps/alarm/${byPlate.get('粤A2')!.id}`).set('Authorization', token).expect(200);
    expect(detail.body.data).toEqual(expect.objectContaining({ plateCode: '粤A2', place: '广东省广州市海珠区', latitude: 23.1064 }));
  });

  it('exports the place beside the coordinates', async () => {
    const response = await request(app.getHttpServer())
      .get(`/gps/alarm/export?${window}`)
      .set('Authorization', token)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.body as ArrayBuffer);
    const rows: string[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ''))));
    const placeColumn = rows[0].indexOf('地点');
    expect(placeColumn).toBeGreaterThan(rows[0].indexOf('位置'));
    const placeOf = new Map(rows.slice(1).map((row) => [row[0], row[placeColumn] ?? '']));
    for (const [plate, , , place] of SPOTS) expect([plate, placeOf.get(plate)]).toEqual([plate, place]);
  });
});
