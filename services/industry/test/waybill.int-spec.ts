// The waybill part of the industry service on SQLite and on MariaDB, with an in-process bus the
// test feeds: a scripted late trip and an on-time one from positions, the late sweep, scope and
// action codes, the text sent through instruction.request.v1 and its order, the Excel export and import.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TokenService, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { formatChinaTime, Topics, type InstructionRequest, type Position, type WaybillView } from '@openfleet/contracts';
import { encodeBody } from '@openfleet/jt808';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { IndustryModule } from '../src';

jest.setTimeout(60_000);

const admin: AuthUser = { id: '1', companyId: '1', userType: 4, roleIds: [], superAdmin: true, scope: { companies: [], fleets: [] } };
const dispatcher: AuthUser = { id: '2', companyId: '10', userType: 1, roleIds: ['dispatch'], superAdmin: false, scope: { companies: ['10'], fleets: [] } };
const viewer: AuthUser = { id: '3', companyId: '10', userType: 1, roleIds: ['look'], superAdmin: false, scope: { companies: ['10'], fleets: [] } };
const DISPATCH = ['waybill', 'waybill:search', 'waybill:add', 'waybill:modify', 'waybill:delete', 'waybill:export', 'waybill:send', 'waybill:import'];

const waitFor = async (check: () => boolean | Promise<boolean>, what: string) => {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
// Origin 116.3,39.9 (200 m) and destination 116.3,40.0 (300 m); 0.001° of latitude is about 111 m.
const ORIGIN = { name: '北京货场', longitude: 116.3, latitude: 39.9, radiusM: 200 };
const DESTINATION = { name: '天津港', longitude: 116.3, latitude: 40.0, radiusM: 300 };
const MIN = 60_000;
// Whole seconds: the API speaks China time to the second.
const NOW = Math.floor(Date.now() / 1000) * 1000;
const cst = (ms: number) => formatChinaTime(ms);

describe.each(['sqlite', 'mysql'] as const)('waybills on %s', (engine) => {
  const env: NodeJS.ProcessEnv = { ...testStorageEnv(engine, 'waybill'), LOG_LEVEL: 'silent', AUTH_JWT_SECRET: 'waybill-test-secret-waybill-test-secret-0123', WAYBILL_LATE_SWEEP_MS: '200' };
  let bus: InProcessBus;
  let app: INestApplication;
  const tokens: Record<string, string> = {};
  const requests: InstructionRequest[] = [];

  const http = () => request(app.getHttpServer());
  const call = async (method: 'get' | 'post' | 'put' | 'delete', path: string, who = 'admin', body?: object) => {
    const req = http()[method](path).set('Authorization', tokens[who]);
    return (await (body ? req.send(body) : req).expect(200)).body as { flag: boolean; errorCode: number; data: unknown };
  };
  // Refused input: the envelope's 400 (HTTP 400 from the validation pipe, 200 from a rule of the service).
  const refused = async (method: 'get' | 'post', path: string, body?: object) => {
    const req = http()[method](path).set('Authorization', tokens.dispatcher);
    const response = await (body ? req.send(body) : req);
    return { status: response.status, ...(response.body as { flag: boolean; errorCode: number }) };
  };
  const position = (phone: string, vehicleId: string, atMs: number, lat: number): Position => ({
    terminalPhone: phone, vehicleId, gpsTimeS: atMs / 1000, receivedAtMs: Date.now(), latitudeE6: Math.round(lat * 1e6), longitudeE6: 116_300_000, altitudeM: 0, speedDkmh: 500, directionDeg: 0,
    alarmFlags: 0, statusFlags: 3, mileageHm: 0, hasMileage: false, fuelDl: 0, hasFuel: false, recordedSpeedDkmh: 0, hasRecordedSpeed: false, blindArea: false, serial: 1, sequence: 0, extrasJson: '',
  });
  const drive = (atMs: number, lat: number, vehicle = 'v1', phone = '13900000001') => bus.publish(Topics.position, { key: phone, value: position(phone, vehicle, atMs, lat) });
  const waybill = (over: Record<string, unknown> = {}) => ({
    shipper: '北京钢铁', consignee: '天津物流', goods: '钢材', weightKg: 12_000, dangerousClass: 0, origin: ORIGIN, destination: DESTINATION,
    plannedDepartAt: cst(NOW - 120 * MIN), plannedArriveAt: cst(NOW - 30 * MIN), vehicleId: 'v1', driverName: '张三', ...over,
  });
  const find = async (id: number, who = 'admin') => (await call('get', `/industry/waybill/${id}`, who)).data as WaybillView;

  beforeAll(async () => {
    bus = new InProcessBus({ logger: silentBusLogger });
    await bus.subscribe(Topics.instructionRequest, { group: 'probe', handle: async (messages) => void requests.push(...messages.map((m) => m.value)) });
    await bus.publish(Topics.rolePermissions, [
      { key: 'dispatch', value: { roleId: 'dispatch', actionCodes: DISPATCH, deleted: false, updatedAt: Date.now() } },
      { key: 'look', value: { roleId: 'look', actionCodes: ['waybill', 'waybill:search'], deleted: false, updatedAt: Date.now() } },
    ]);
    const vehicle = (vehicleId: string, plateCode: string, companyId: string, terminalPhone: string) => ({ key: vehicleId, value: { vehicleId, plateCode, plateColor: 2, vin: '', companyId, companyPath: ['1', companyId], fleetPath: [], terminalPhone, deleted: false, updatedAt: Date.now() } });
    await bus.publish(Topics.vehicleRegistry, [vehicle('v1', '京A12345', '10', '13900000001'), vehicle('v2', '沪B67890', '20', '13900000002'), vehicle('v3', '京C33333', '10', '13900000003')]);
    app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'waybill-test', config: loadConfig(PlatformConfig, env), bus, env }), IndustryModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    const sign = app.get(TokenService);
    Object.assign(tokens, { admin: `Bearer ${await sign.sign(admin)}`, dispatcher: `Bearer ${await sign.sign(dispatcher)}`, viewer: `Bearer ${await sign.sign(viewer)}` });
  });

  afterAll(async () => {
    await app?.close();
    await dropTestSchema(env, 'industry');
  });

  it('tracks a late trip: departed when it left the origin, late when the planned arrival passed, then arrived late', async () => {
    const { id } = (await call('post', '/industry/waybill', 'dispatcher', waybill())).data as { id: number };
    await drive(NOW - 100 * MIN, 39.9001);
    await drive(NOW - 90 * MIN, 39.905);
    await waitFor(async () => (await find(id)).status === 'onTheWay', 'departure');
    // The planned arrival (NOW - 30 min) passed with the vehicle still on the road: the sweep marks it without a position.
    await waitFor(async () => (await find(id)).late, 'late');
    expect(await find(id)).toMatchObject({ status: 'onTheWay', late: true, departedAt: cst(NOW - 90 * MIN), arrivedAt: null, plateCode: '京A12345' });
    await drive(NOW - 20 * MIN, 39.95);
    await drive(NOW - 5 * MIN, 39.998);
    await waitFor(async () => (await find(id)).status === 'arrived', 'arrival');
    expect(await find(id)).toMatchObject({ status: 'arrived', late: true, departedAt: cst(NOW - 90 * MIN), arrivedAt: cst(NOW - 5 * MIN) });
    // A position after the arrival changes nothing.
    await drive(NOW - 1 * MIN, 39.9);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await find(id)).arrivedAt).toBe(cst(NOW - 5 * MIN));
  });

  it('tracks an on-time trip, which the sweep leaves on time, and filters by state and lateness', async () => {
    const { id } = (await call('post', '/industry/waybill', 'dispatcher', waybill({ goods: '准时货物', plannedDepartAt: cst(NOW - 10 * MIN), plannedArriveAt: cst(NOW + 60 * MIN) }))).data as { id: number };
    await drive(NOW - 9 * MIN, 39.9);
    await drive(NOW - 8 * MIN, 39.92);
    await drive(NOW - 2 * MIN, 40.001);
    await waitFor(async () => (await find(id)).status === 'arrived', 'arrival');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await find(id)).toMatchObject({ status: 'arrived', late: false, departedAt: cst(NOW - 8 * MIN), arrivedAt: cst(NOW - 2 * MIN) });
    const late = (await call('get', '/industry/waybill?status=arrived&late=1', 'dispatcher')).data as { records: WaybillView[] };
    expect(late.records.map((w) => w.goods)).toEqual(['钢材']);
    const onTime = (await call('get', '/industry/waybill?late=0&keyword=准时', 'dispatcher')).data as { records: WaybillView[] };
    expect(onTime.records.map((w) => w.id)).toEqual([id]);
  });

  it('keeps to the caller: action codes, vehicle scope, bad input with its code', async () => {
    const foreign = (await call('post', '/industry/waybill', 'admin', waybill({ vehicleId: 'v2', goods: '外单' }))).data as { id: number };
    expect(await call('post', '/industry/waybill', 'dispatcher', waybill({ goods: '本单' }))).toMatchObject({ flag: true });
    expect(await call('post', '/industry/waybill', 'viewer', waybill())).toMatchObject({ flag: false, errorCode: 403 });
    expect(await call('post', '/industry/waybill', 'dispatcher', waybill({ vehicleId: 'v2' }))).toMatchObject({ flag: false, errorCode: 8002 });
    expect(await call('get', `/industry/waybill/${foreign.id}`, 'dispatcher')).toMatchObject({ flag: false, errorCode: 410 });
    expect(await call('delete', `/industry/waybill/${foreign.id}`, 'dispatcher')).toMatchObject({ flag: false, errorCode: 410 });
    expect(await call('get', '/industry/waybill?vehicleIds=v2', 'dispatcher')).toMatchObject({ flag: false, errorCode: 8002 });
    const seen = (await call('get', '/industry/waybill?size=100', 'viewer')).data as { records: WaybillView[]; total: number };
    expect(seen.total).toBeGreaterThan(0);
    expect(seen.records.every((w) => w.vehicleId === 'v1')).toBe(true);
    expect(((await call('get', '/industry/waybill?size=100', 'admin')).data as { records: WaybillView[] }).records.some((w) => w.id === foreign.id)).toBe(true);
    for (const bad of [{ dangerousClass: 10 }, { plannedArriveAt: cst(NOW - 200 * MIN) }, { plannedDepartAt: '2026-02-30 10:00:00' }, { origin: { ...ORIGIN, radiusM: 5 } }, { shipper: '' }]) {
      expect(await refused('post', '/industry/waybill', waybill(bad))).toMatchObject({ flag: false, errorCode: 400 });
    }
    expect(await refused('get', '/industry/waybill?status=lost')).toMatchObject({ flag: false, errorCode: 400 });
    expect(await call('delete', `/industry/waybill/${foreign.id}`, 'admin')).toMatchObject({ flag: true });
  });

  it('a change of vehicle starts the tracking over', async () => {
    const { id } = (await call('post', '/industry/waybill', 'admin', waybill({ goods: '改派', plannedDepartAt: cst(NOW - 10 * MIN), plannedArriveAt: cst(NOW + 60 * MIN) }))).data as { id: number };
    await drive(NOW - 9 * MIN + 1000, 39.9);
    await drive(NOW - 7 * MIN, 39.93);
    await waitFor(async () => (await find(id)).status === 'onTheWay', 'departure');
    expect(await call('put', `/industry/waybill/${id}`, 'admin', waybill({ goods: '改派', vehicleId: 'v2', plannedDepartAt: cst(NOW - 10 * MIN), plannedArriveAt: cst(NOW + 60 * MIN) }))).toMatchObject({ flag: true });
    expect(await find(id)).toMatchObject({ status: 'planned', departedAt: null, vehicleId: 'v2', plateCode: '沪B67890' });
  });

  it('sends the waybill as a 0x8300 text through the instruction service and shows the result', async () => {
    const { id } = (await call('post', '/industry/waybill', 'dispatcher', waybill({ goods: '液化气', dangerousClass: 2 }))).data as { id: number };
    expect(await call('post', `/industry/waybill/${id}/send`, 'viewer')).toMatchObject({ flag: false, errorCode: 403 });
    const sent = (await call('post', `/industry/waybill/${id}/send`, 'dispatcher')).data as { requestId: string; text: string };
    await waitFor(() => requests.some((r) => r.requestId === sent.requestId), 'request');
    const req = requests.find((r) => r.requestId === sent.requestId)!;
    const no = (await find(id)).waybillNo;
    expect(req).toMatchObject({ source: 'waybill', commandType: 'waybillText', vehicleId: 'v1', msgId: '0x8300', offlinePolicy: 'queue', operatorId: '2' });
    expect(req.body).toEqual({ flags: 0x0c, textType: 2, text: `运单${no}: 北京钢铁->天津物流 液化气 危险品第2类; 北京货场 ${cst(NOW - 120 * MIN).slice(5, 16)}发车, 天津港 ${cst(NOW - 30 * MIN).slice(5, 16)}前到达` });
    // The body encodes for both editions (2019 adds the text type byte).
    expect(Buffer.from(encodeBody(0x8300, req.body, '2019')).subarray(0, 2)).toEqual(Buffer.from([0x0c, 0x02]));
    expect(Buffer.from(encodeBody(0x8300, req.body, '2013'))[0]).toBe(0x0c);
    expect(await find(id)).toMatchObject({ sendStatus: 0, sendErrorCode: 0 });
    const order = (status: number, errorCode = 0) => ({ key: '13900000001', value: { orderId: '9', batchId: req.requestId, vehicleId: 'v1', terminalPhone: '13900000001', plateCode: '京A12345', commandType: 'waybillText', msgId: '0x8300', status, errorCode, at: Date.now() } });
    await bus.publish(Topics.instructionOrder, order(5));
    await waitFor(async () => (await find(id)).sendStatus === 5, 'queued');
    await bus.publish(Topics.instructionOrder, order(1));
    await waitFor(async () => (await find(id)).sendStatus === 1, 'answered');
  });

  it('exports the filtered waybills as a sheet', async () => {
    const response = await http().get('/industry/waybill/export?status=arrived&late=1').set('Authorization', tokens.dispatcher).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(2);
    const row = sheet.getRow(2).values as unknown[];
    expect(row).toEqual(expect.arrayContaining(['京A12345', '张三', '钢材', '北京货场', '天津港', '已到达', '是', cst(NOW - 5 * MIN)]));
    expect(await call('get', '/industry/waybill/export', 'viewer')).toMatchObject({ flag: false, errorCode: 403 });
  });

  describe('import', () => {
    const sheetBody = async (path: string) => (await http().get(path).set('Authorization', tokens.dispatcher).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200)).body as Buffer;
    // Rows in the template's own column order, the planned times typed as China time text.
    const sheet = async (rows: Record<string, unknown>[]) => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await sheetBody('/industry/waybill/template')) as unknown as ArrayBuffer);
      const headers = (book.worksheets[0].getRow(1).values as unknown[]).slice(1).map(String);
      for (const row of rows) book.worksheets[0].addRow(headers.map((header) => row[header] ?? null));
      return Buffer.from(await book.xlsx.writeBuffer());
    };
    const row = (over: Record<string, unknown> = {}) => ({
      车牌号: '京C33333', 驾驶员: '李四', 驾驶员ID: '7', 托运人: '导入托运', 收货人: '导入收货', 货物: '导入货物', '重量(kg)': 500, '危险品类别(0普通,1-9)': 3,
      起点: ORIGIN.name, 起点经度: ORIGIN.longitude, 起点纬度: 39.8, '起点半径(m)': ORIGIN.radiusM, 终点: DESTINATION.name, 终点经度: DESTINATION.longitude, 终点纬度: DESTINATION.latitude, '终点半径(m)': DESTINATION.radiusM,
      计划发车: cst(NOW - 10 * MIN), 计划到达: cst(NOW + 60 * MIN), ...over,
    });
    const upload = async (file: Buffer, who = 'dispatcher') => (await http().post('/industry/waybill/import').set('Authorization', tokens[who]).attach('file', file, 'waybills.xlsx')).body as { flag: boolean; errorCode: number; data: unknown };
    const imported = async () => ((await call('get', '/industry/waybill?keyword=导入&size=100', 'admin')).data as { records: WaybillView[] }).records;

    it('writes nothing when one row is bad, and lists the row with its reasons', async () => {
      const answer = await upload(await sheet([row(), row({ '危险品类别(0普通,1-9)': 10 }), row({ 计划到达: cst(NOW - 20 * MIN) }), row({ 计划发车: '2026-02-30 10:00:00' })]));
      expect(answer).toMatchObject({ flag: false, errorCode: 5005 });
      const problems = answer.data as { row: number; reasons: string[] }[];
      expect(problems.map((p) => p.row)).toEqual([3, 4, 5]);
      expect(problems[0].reasons.join()).toMatch(/dangerousClass/);
      expect(problems[1].reasons.join()).toMatch(/^400: .*plannedArriveAt/);
      expect(problems[2].reasons.join()).toMatch(/^plannedDepartAt must be "YYYY-MM-DD HH:mm:ss"/);
      expect(await imported()).toEqual([]);
    });

    it("refuses another company's plate and a role without waybill:import", async () => {
      const answer = await upload(await sheet([row(), row({ 车牌号: '沪B67890' })]));
      expect(answer).toMatchObject({ flag: false, errorCode: 5005, data: [{ row: 3, reasons: [expect.stringMatching(/^8002: .*沪B67890/)] }] });
      expect(await upload(await sheet([row()]), 'viewer')).toMatchObject({ flag: false, errorCode: 403 });
      expect(await call('get', '/industry/waybill/template', 'viewer')).toMatchObject({ flag: false, errorCode: 403 });
      expect(await imported()).toEqual([]);
    });

    it('creates the rows of a good sheet in China time, and tracks them as the dialog\'s', async () => {
      const answer = await upload(await sheet([row(), row({ 货物: '导入普通', '危险品类别(0普通,1-9)': '普通货物', 驾驶员ID: null, 计划发车: cst(NOW - 5 * MIN) })]));
      expect(answer).toMatchObject({ flag: true, data: { imported: 2 } });
      const rows = await imported();
      expect(rows).toHaveLength(2);
      const dangerous = rows.find((w) => w.goods === '导入货物')!;
      expect(dangerous).toMatchObject({ vehicleId: 'v3', plateCode: '京C33333', driverName: '李四', driverId: '7', dangerousClass: 3, weightKg: 500, plannedDepartAt: cst(NOW - 10 * MIN), plannedArriveAt: cst(NOW + 60 * MIN), status: 'planned', companyId: '10' });
      expect(rows.find((w) => w.goods === '导入普通')).toMatchObject({ dangerousClass: 0, driverId: '', plannedDepartAt: cst(NOW - 5 * MIN) });
      await drive(NOW - 4 * MIN, 39.8, 'v3', '13900000003');
      await drive(NOW - 3 * MIN, 39.85, 'v3', '13900000003');
      await waitFor(async () => (await find(dangerous.id)).status === 'onTheWay', 'departure of an imported waybill');
      expect((await find(dangerous.id)).departedAt).toBe(cst(NOW - 3 * MIN));
    });
  });
});
