// 0x0701 electronic waybills as the gateway publishes them (gateway.uplink.v1, the body libs/jt808
// decodes from the frame), on SQLite and MariaDB: GBK text and items, the driver whose card was
// in, redelivery, scope and action codes, the export.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TokenService, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { formatChinaTime, Topics, type TerminalUplink, type WaybillUploadView } from '@openfleet/contracts';
import { decodeFrame, messageToJson } from '@openfleet/jt808';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { IndustryModule } from '../src';

jest.setTimeout(60_000);

const admin: AuthUser = { id: '1', companyId: '1', userType: 4, roleIds: [], superAdmin: true, scope: { companies: [], fleets: [] } };
const viewer: AuthUser = { id: '3', companyId: '10', userType: 1, roleIds: ['look'], superAdmin: false, scope: { companies: ['10'], fleets: [] } };
const stranger: AuthUser = { id: '4', companyId: '10', userType: 1, roleIds: ['none'], superAdmin: false, scope: { companies: ['10'], fleets: [] } };

// 运单号:YD001;发货人:张三;货物:钢材 from the GB 2312 code table (运 D4CB 单 B5A5 号 BAC5 发 B7A2 货 BBF5 人 C8CB
// 张 D5C5 三 C8FD 物 CEEF 钢 B8D6 材 B2C4); a 2013 frame of terminal 013900000001, serial 7, DWORD length 0x22, XOR 0x50.
const CONTENT = 'd4cbb5a5bac53a5944303031 3b b7a2bbf5c8cb3ad5c5c8fd 3b bbf5ceef3ab8d6b2c4'.replace(/ /g, '');
const FRAME = `7e 0701 0026 013900000001 0007 00000022 ${CONTENT} 50 7e`.replace(/ /g, '');
// Serial 9 of the same terminal: XOR 0x5e.
const FRAME_LATER = `7e 0701 0026 013900000001 0009 00000022 ${CONTENT} 5e 7e`.replace(/ /g, '');
// The same text from terminal 013900000002 (company 20), serial 8: XOR 0x5c.
const FRAME_OTHER = `7e 0701 0026 013900000002 0008 00000022 ${CONTENT} 5c 7e`.replace(/ /g, '');

const waitFor = async (check: () => boolean | Promise<boolean>, what: string) => {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe.each(['sqlite', 'mysql'] as const)('waybill uploads on %s', (engine) => {
  const env: NodeJS.ProcessEnv = { ...testStorageEnv(engine, 'wbupload'), LOG_LEVEL: 'silent', AUTH_JWT_SECRET: 'waybill-upload-secret-waybill-upload-0123456' };
  let bus: InProcessBus;
  let app: INestApplication;
  const tokens: Record<string, string> = {};
  const RECEIVED = Math.floor(Date.now() / 1000) * 1000 - 60_000;

  const get = async (path: string, who = 'admin') => (await request(app.getHttpServer()).get(path).set('Authorization', tokens[who]).expect(200)).body as { flag: boolean; errorCode: number; data: { records: WaybillUploadView[]; total: number } };
  // What gateway-808 publishes for a frame: messageToJson's body.
  const uplink = (frameHex: string, receivedAt: number): TerminalUplink => {
    const json = messageToJson(decodeFrame(Buffer.from(frameHex, 'hex')));
    return { terminalPhone: json.phone, msgId: json.msgId, version: json.version as '2013', serial: json.serial, receivedAt, gatewayId: 'g1', body: json.body as Record<string, unknown> };
  };
  const card = (phone: string, status: number, name: string, receivedAt: number): TerminalUplink => ({
    terminalPhone: phone, msgId: '0x0702', version: '2013', serial: 1, receivedAt, gatewayId: 'g1', body: { status, time: '261127083000', icResult: 0, name, certificate: '110101199001011234', issuer: '北京', expiry: '20301231' },
  });
  const publish = (value: TerminalUplink) => bus.publish(Topics.terminalUplink, { key: value.terminalPhone, value });

  beforeAll(async () => {
    bus = new InProcessBus({ logger: silentBusLogger });
    await bus.publish(Topics.rolePermissions, [
      { key: 'look', value: { roleId: 'look', actionCodes: ['waybill', 'waybill:search', 'waybill:export'], deleted: false, updatedAt: Date.now() } },
      { key: 'none', value: { roleId: 'none', actionCodes: ['waybill'], deleted: false, updatedAt: Date.now() } },
    ]);
    const vehicle = (vehicleId: string, plateCode: string, companyId: string, terminalPhone: string) => ({ key: vehicleId, value: { vehicleId, plateCode, plateColor: 2, vin: '', companyId, companyPath: ['1', companyId], fleetPath: [], terminalPhone, deleted: false, updatedAt: Date.now() } });
    await bus.publish(Topics.vehicleRegistry, [vehicle('v1', '京A12345', '10', '013900000001'), vehicle('v2', '沪B67890', '20', '013900000002')]);
    app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'waybill-upload-test', config: loadConfig(PlatformConfig, env), bus, env }), IndustryModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    const sign = app.get(TokenService);
    Object.assign(tokens, { admin: `Bearer ${await sign.sign(admin)}`, viewer: `Bearer ${await sign.sign(viewer)}`, stranger: `Bearer ${await sign.sign(stranger)}` });
  });

  afterAll(async () => {
    await app?.close();
    await dropTestSchema(env, 'industry');
  });

  it('stores the 0x0701 with its GBK text, items and the driver whose card was in; redelivery adds nothing', async () => {
    await publish(card('013900000001', 1, '张三', RECEIVED - 10_000));
    await publish(uplink(FRAME, RECEIVED));
    await waitFor(async () => (await get('/industry/waybill/uploads')).data.total === 1, 'upload');
    await publish(uplink(FRAME, RECEIVED));
    // The card is removed: a later waybill has no driver.
    await publish(card('013900000001', 2, '', RECEIVED + 5_000));
    await publish(uplink(FRAME_LATER, RECEIVED + 10_000));
    await waitFor(async () => (await get('/industry/waybill/uploads')).data.total === 2, 'second upload');
    const [later, first] = (await get('/industry/waybill/uploads')).data.records;
    expect(first).toMatchObject({
      vehicleId: 'v1', plateCode: '京A12345', terminalPhone: '13900000001', driverName: '张三', driverLicence: '110101199001011234', receivedAt: formatChinaTime(RECEIVED), length: 34,
      text: '运单号:YD001;发货人:张三;货物:钢材', fields: [{ key: '运单号', value: 'YD001' }, { key: '发货人', value: '张三' }, { key: '货物', value: '钢材' }], hex: CONTENT,
    });
    expect(later).toMatchObject({ driverName: '', receivedAt: formatChinaTime(RECEIVED + 10_000) });
    expect((await get(`/industry/waybill/uploads?driverName=${encodeURIComponent('张')}`)).data.records.map((r) => r.receivedAt)).toEqual([formatChinaTime(RECEIVED)]);
    expect((await get(`/industry/waybill/uploads?keyword=${encodeURIComponent('钢材')}&startTime=${encodeURIComponent(formatChinaTime(RECEIVED + 1000))}`)).data.total).toBe(1);
  });

  it('keeps to the caller: another company\'s uploads, action codes', async () => {
    await publish(uplink(FRAME_OTHER, RECEIVED));
    await waitFor(async () => (await get('/industry/waybill/uploads?vehicleIds=v2')).data.total === 1, 'foreign upload');
    const seen = (await get('/industry/waybill/uploads', 'viewer')).data;
    expect(seen.total).toBe(2);
    expect(seen.records.every((r) => r.vehicleId === 'v1')).toBe(true);
    expect(await get('/industry/waybill/uploads?vehicleIds=v2', 'viewer')).toMatchObject({ flag: false, errorCode: 8002 });
    expect(await get('/industry/waybill/uploads', 'stranger')).toMatchObject({ flag: false, errorCode: 403 });
  });

  it('exports the uploads of the filter', async () => {
    const response = await request(app.getHttpServer()).get('/industry/waybill/uploads/export').set('Authorization', tokens.viewer).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(3).values).toEqual(expect.arrayContaining([formatChinaTime(RECEIVED), '京A12345', '张三', '运单号:YD001;发货人:张三;货物:钢材', CONTENT]));
  });
});
