// The frame archive on SQLite and MariaDB: the service on an in-process bus the test feeds like the
// gateways would (gateway.raw-frames.v1). Frames of 808 and 32960 are stored once however often a
// batch is redelivered, found by terminal phone or VIN with the filters, decoded on read, bad ones
// marked with why; a company's operator sees only its own terminals' frames, an unbound terminal is
// the super administrator's; action codes; retention drops old days.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TokenService, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { formatChinaTime, Topics, type ArchivedFrame, type RawFrame, type VehicleRegistryEntry } from '@openfleet/contracts';
import { chinaTime, encodeFrame as encodeGbFrame, encodeVehicleLogin } from '@openfleet/gb32960';
import { encodeFrame } from '@openfleet/jt808';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import ExcelJS from 'exceljs';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { getDataSourceToken } from '@nestjs/typeorm';
import { FrameArchiveModule } from '../src';
import { FrameRetentionService } from '../src/frames/frame-retention.service';

jest.setTimeout(120_000);

const CODES = ['originalMessageQuery', 'originalMessageQuery:search', 'originalMessageQuery:export'];
const VIN = 'LVSHCAMB1CE000001';
const vehicle = (vehicleId: string, terminalPhone: string, vin: string, companyPath: string[]): VehicleRegistryEntry => ({
  vehicleId, plateCode: `沪F${vehicleId}`, plateColor: 2, vin, companyId: companyPath[companyPath.length - 1], companyPath, fleetPath: [], terminalPhone, deleted: false, updatedAt: Date.now(),
});
const VEHICLES = [vehicle('v1', '13911100001', VIN, ['root', 'c1']), vehicle('v2', '13911100002', '', ['root', 'c2'])];
const user = (id: string, company: string, roleIds: string[], superAdmin = false): AuthUser => ({ id, companyId: company, userType: superAdmin ? 4 : 1, roleIds, superAdmin, scope: { companies: superAdmin ? [] : [company], fleets: [] } });

const waitFor = async (check: () => boolean | Promise<boolean>, what: string) => {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const T0 = Math.floor((Date.now() - 3600_000) / 1000) * 1000;
const heartbeat = (phone: string, serial: number) => Buffer.from(encodeFrame({ msgId: 0x0002, version: '2013', phone, serial, body: {} })).toString('hex');
const generalReply = (phone: string, serial: number) => Buffer.from(encodeFrame({ msgId: 0x8001, version: '2013', phone, serial, body: { replySerial: serial, replyId: 0x0002, result: 0 } })).toString('hex');
/** A heartbeat whose checksum byte is wrong: what the gateway captures and marks. */
const badChecksum = (phone: string) => {
  const bytes = Buffer.from(heartbeat(phone, 9), 'hex');
  bytes[bytes.length - 2] ^= 0x01;
  return bytes.toString('hex');
};
const gbLogin = () => encodeGbFrame({ command: 0x01, response: 0xfe, vin: VIN, encryption: 1, data: encodeVehicleLogin({ time: chinaTime(T0), serial: 1, iccid: '89860012345678901234', subsystemCodes: ['PACK00000001'] }) }).toString('hex');

const FRAMES: RawFrame[] = [
  { terminalPhone: '013911100001', direction: 'up', hex: heartbeat('013911100001', 1), at: T0 },
  { terminalPhone: '013911100001', direction: 'down', hex: generalReply('013911100001', 1), at: T0 + 5 },
  { terminalPhone: '013911100001', direction: 'up', hex: badChecksum('013911100001'), at: T0 + 60_000, error: 'CHECKSUM_MISMATCH' },
  { terminalPhone: VIN, protocol: 'gb32960', direction: 'up', hex: gbLogin(), at: T0 + 120_000 },
  { terminalPhone: '013911100002', direction: 'up', hex: heartbeat('013911100002', 1), at: T0 },
  { terminalPhone: '013900009999', direction: 'up', hex: heartbeat('013900009999', 1), at: T0 },
];

describe.each(['sqlite', 'mysql'] as const)('frame archive on %s', (engine) => {
  const env: NodeJS.ProcessEnv = { ...testStorageEnv(engine, 'frames'), LOG_LEVEL: 'silent', AUTH_JWT_SECRET: 'frame-archive-test-secret-frame-archive-0123456', FRAME_ARCHIVE_RETENTION_DAYS: '30' };
  let bus: InProcessBus;
  let app: INestApplication;
  let dataSource: DataSource;
  const tokens: Record<string, string> = {};

  const http = () => request(app.getHttpServer());
  const window = `startTime=${encodeURIComponent(formatChinaTime(T0 - 60_000))}&endTime=${encodeURIComponent(formatChinaTime(T0 + 3600_000))}`;
  const frames = async (filter: string, token = tokens.operator) =>
    (await http().get(`/frameArchive/frames?${window}&${filter}`).set('Authorization', token).expect(200)).body as { flag: boolean; errorCode: number; data: { records: ArchivedFrame[]; total: number } };
  const count = async () => Number(((await dataSource.query('SELECT COUNT(*) AS n FROM raw_frame')) as { n: number }[])[0].n);

  beforeAll(async () => {
    bus = new InProcessBus({ logger: silentBusLogger });
    await bus.publish(Topics.rolePermissions, [
      { key: 'frames', value: { roleId: 'frames', actionCodes: CODES, deleted: false, updatedAt: Date.now() } },
      { key: 'searchOnly', value: { roleId: 'searchOnly', actionCodes: ['originalMessageQuery', 'originalMessageQuery:search'], deleted: false, updatedAt: Date.now() } },
    ]);
    await bus.publish(Topics.vehicleRegistry, VEHICLES.map((value) => ({ key: value.vehicleId, value })));
    app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'frame-archive-test', config: loadConfig(PlatformConfig, env), bus, env }), FrameArchiveModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    await app.get(VehicleRegistry).ready;
    dataSource = app.get(getDataSourceToken('frame_archive'));
    const sign = async (u: AuthUser) => `Bearer ${await app.get(TokenService).sign(u)}`;
    Object.assign(tokens, { admin: await sign(user('9', 'root', [], true)), operator: await sign(user('1', 'c1', ['frames'])), searcher: await sign(user('2', 'c1', ['searchOnly'])), other: await sign(user('3', 'c2', ['frames'])), none: await sign(user('4', 'c1', [])) });
  });
  afterAll(async () => {
    await app?.close();
    await dropTestSchema(env, 'frame_archive');
  });

  it('stores each frame of the topic once, however often its batch is delivered', async () => {
    await bus.publish(Topics.rawFrames, { key: 'gw-1', value: { gatewayId: 'gw-1', frames: FRAMES } });
    await waitFor(async () => (await count()) === FRAMES.length, 'the frames');
    // A redelivery (the same record again) and a batch with one frame of unreadable hex beside a known one.
    await bus.publish(Topics.rawFrames, { key: 'gw-1', value: { gatewayId: 'gw-1', frames: FRAMES } });
    await bus.publish(Topics.rawFrames, { key: 'gw-1', value: { gatewayId: 'gw-1', frames: [FRAMES[0], { ...FRAMES[0], hex: 'zz', at: T0 + 1 }] } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await count()).toBe(FRAMES.length);
  });

  it("lists a terminal's frames oldest first with hex and decoding side by side, its VIN's frames too, bad ones marked", async () => {
    const page = await frames('terminal=13911100001');
    expect(page).toMatchObject({ flag: true, data: { total: 4 } });
    const [up, down, bad, gb] = page.data.records;
    expect(up).toMatchObject({ at: T0, direction: 'up', protocol: 'jt808', msgId: 0x0002, length: up.hex.length / 2, error: null, gatewayId: 'gw-1', hex: FRAMES[0].hex });
    expect(up.decoded).toMatchObject({ msgId: '0x0002' });
    expect(up.msgName).not.toBe('');
    expect(down).toMatchObject({ direction: 'down', msgId: 0x8001, error: null });
    expect(bad).toMatchObject({ msgId: 0x0002, error: 'CHECKSUM_MISMATCH', decoded: null });
    expect(bad.errorDetail).toEqual(expect.any(String));
    expect(gb).toMatchObject({ protocol: 'gb32960', terminalKey: VIN, msgId: 0x01, msgName: 'VEHICLE_LOGIN', error: null });
    expect(gb.decoded).toMatchObject({ vin: VIN, body: { iccid: '89860012345678901234' } });
    // By VIN, the same vehicle's frames; a phone spelt in 20 digits is the same terminal.
    expect((await frames(`terminal=${VIN.toLowerCase()}`)).data.total).toBe(4);
    expect((await frames('terminal=00000000013911100001')).data.total).toBe(4);
  });

  it('filters by direction, message id, status and time, and pages', async () => {
    expect((await frames('terminal=13911100001&direction=down')).data.records.map((f) => f.msgId)).toEqual([0x8001]);
    expect((await frames('terminal=13911100001&msgId=0x0002')).data.records.map((f) => f.at)).toEqual([T0, T0 + 60_000]);
    expect((await frames('terminal=13911100001&msgId=8001')).data.total).toBe(1);
    expect((await frames('terminal=13911100001&status=bad')).data.records.map((f) => f.error)).toEqual(['CHECKSUM_MISMATCH']);
    expect((await frames('terminal=13911100001&status=ok')).data.total).toBe(3);
    const second = await frames('terminal=13911100001&size=2&current=2');
    expect(second.data).toMatchObject({ total: 4, current: 2, size: 2 });
    expect(second.data.records.map((f) => f.at)).toEqual([T0 + 60_000, T0 + 120_000]);
    const narrow = `startTime=${encodeURIComponent(formatChinaTime(T0 + 30_000))}&endTime=${encodeURIComponent(formatChinaTime(T0 + 90_000))}`;
    const body = (await http().get(`/frameArchive/frames?terminal=13911100001&${narrow}`).set('Authorization', tokens.operator).expect(200)).body as { data: { total: number } };
    expect(body.data.total).toBe(1);
  });

  it('refuses bad input with 400 and a window over 3 days with 300', async () => {
    expect((await http().get(`/frameArchive/frames?${window}&terminal=abc`).set('Authorization', tokens.operator).expect(400)).body).toMatchObject({ flag: false, errorCode: 400 });
    expect((await http().get(`/frameArchive/frames?${window}&terminal=13911100001&msgId=zz`).set('Authorization', tokens.operator).expect(400)).body).toMatchObject({ errorCode: 400 });
    expect((await http().get(`/frameArchive/frames?${window}&terminal=13911100001&direction=sideways`).set('Authorization', tokens.operator).expect(400)).body).toMatchObject({ errorCode: 400 });
    const long = `startTime=${encodeURIComponent(formatChinaTime(T0 - 5 * 86_400_000))}&endTime=${encodeURIComponent(formatChinaTime(T0))}`;
    expect((await http().get(`/frameArchive/frames?${long}&terminal=13911100001`).set('Authorization', tokens.operator).expect(200)).body).toMatchObject({ flag: false, errorCode: 300 });
  });

  it("shows a company's operator its own terminals only: another's and an unbound one answer 8002; the super admin sees all", async () => {
    expect(await frames('terminal=13911100002')).toMatchObject({ flag: false, errorCode: 8002 });
    expect(await frames('terminal=13911100001', tokens.other)).toMatchObject({ flag: false, errorCode: 8002 });
    expect(await frames(`terminal=${VIN}`, tokens.other)).toMatchObject({ flag: false, errorCode: 8002 });
    expect(await frames('terminal=13900009999')).toMatchObject({ flag: false, errorCode: 8002 });
    expect((await frames('terminal=13911100002', tokens.other)).data.total).toBe(1);
    expect((await frames('terminal=13900009999', tokens.admin)).data.total).toBe(1);
    expect((await frames('terminal=13911100001', tokens.admin)).data.total).toBe(4);
  });

  it('checks the action codes: search for the list, export for the sheet', async () => {
    expect(await frames('terminal=13911100001', tokens.none)).toMatchObject({ flag: false, errorCode: 403 });
    expect((await frames('terminal=13911100001', tokens.searcher)).data.total).toBe(4);
    const refused = await http().get(`/frameArchive/frames/export?${window}&terminal=13911100001`).set('Authorization', tokens.searcher);
    expect(refused.body).toMatchObject({ flag: false, errorCode: 403 });
    const sheet = await http().get(`/frameArchive/frames/export?${window}&terminal=13911100001`).set('Authorization', tokens.operator).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(sheet.body as unknown as ArrayBuffer);
    const rows = workbook.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
    expect(rows).toHaveLength(5);
    expect(rows[3]).toEqual(expect.arrayContaining(['错误: CHECKSUM_MISMATCH', FRAMES[2].hex]));
    expect(await http().get(`/frameArchive/frames?${window}&terminal=13911100001`).expect(401)).toBeTruthy();
  });

  it('drops the days past retention and keeps the rest', async () => {
    const retention = app.get(FrameRetentionService);
    // 40 days later, every frame here is past 30 days of retention.
    const later = Date.now() + 40 * 86_400_000;
    if (engine === 'mysql') {
      // The partitions of the days to come (up to 40 days ahead) are added by the sweep, then the old ones dropped.
      await retention.sweep(Date.now());
      expect(await count()).toBe(FRAMES.length);
      const result = await retention.sweep(later);
      expect(result.dropped.length).toBeGreaterThan(0);
    } else {
      expect((await retention.sweep(Date.now())).deleted).toBe(0);
      expect((await retention.sweep(later)).deleted).toBe(FRAMES.length);
    }
    expect(await count()).toBe(0);
  });
});
