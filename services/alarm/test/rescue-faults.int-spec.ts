// Collision rescue and faults in the alarm module alone, on SQLite and MariaDB, with an in-process
// bus the test feeds: a collision bit from a registered terminal opens one case however often the
// report and the alarm event are redelivered; the rescue workflow's moves and refusals (409, 400),
// a role without collisionRescue:modify (403) and another company (410, not listed); the module
// faults of the alarm bits start and end once, and sum per kind; both lists export to Excel.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TokenService, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { Topics, type AlarmEvent, type Position, type RescueCaseEvent } from '@openfleet/contracts';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { AlarmModule } from '../src';

jest.setTimeout(90_000);

const admin: AuthUser = { id: '7', companyId: '10', userType: 4, roleIds: [], superAdmin: true, scope: { companies: [], fleets: [] } };
// Company 10's dispatcher may look and change; its viewer may only look; company 20's dispatcher sees nothing of 10.
const dispatcher: AuthUser = { id: '31', companyId: '10', userType: 1, roleIds: ['dispatch'], superAdmin: false, scope: { companies: ['10'], fleets: [] } };
const viewer: AuthUser = { id: '32', companyId: '10', userType: 1, roleIds: ['view'], superAdmin: false, scope: { companies: ['10'], fleets: [] } };
const stranger: AuthUser = { id: '41', companyId: '20', userType: 1, roleIds: ['dispatch'], superAdmin: false, scope: { companies: ['20'], fleets: [] } };
const ROLES = {
  dispatch: ['collisionRescue', 'collisionRescue:search', 'collisionRescue:export', 'collisionRescue:modify', 'faultInformation', 'faultInformation:search', 'faultInformation:export'],
  view: ['collisionRescue', 'collisionRescue:search', 'faultInformation', 'faultInformation:search'],
};

const waitFor = async (check: () => boolean | Promise<boolean>, what: string) => {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};
const sheetRows = async (body: Buffer) => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ''))));
  return rows;
};
const binary = (res: object, done: (error: Error | null, body: Buffer) => void) => {
  const response = res as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => done(null, Buffer.concat(chunks)));
};

describe.each(['sqlite', 'mysql'] as const)('collision rescue and faults on %s', (engine) => {
  const env: NodeJS.ProcessEnv = { ...testStorageEnv(engine, 'alarm_rescue'), LOG_LEVEL: 'silent', ALARM_ATTACHMENT_PORT: '0', AUTH_JWT_SECRET: 'alarm-rescue-secret-alarm-rescue-secret-01234' };
  const bus = new InProcessBus({ logger: silentBusLogger });
  let app: INestApplication;
  const tokens: Record<string, string> = {};
  const alarmEvents: AlarmEvent[] = [];
  const caseEvents: RescueCaseEvent[] = [];
  const t0 = Math.floor(Date.now() / 1000) - 600;
  const cst = (s: number) => new Date(s * 1000 + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
  const window = `startTime=${encodeURIComponent(cst(t0 - 60))}&endTime=${encodeURIComponent(cst(t0 + 900))}`;
  const http = () => request(app.getHttpServer());
  const position = (phone: string, s: number, alarmFlags: number): Position => ({
    terminalPhone: phone, vehicleId: phone === '13900000001' ? 'v1' : 'v2', gpsTimeS: t0 + s, receivedAtMs: Date.now(), latitudeE6: 23_106_400, longitudeE6: 113_324_500, altitudeM: 0, speedDkmh: 420, directionDeg: 0,
    alarmFlags, statusFlags: 3, mileageHm: 0, hasMileage: false, fuelDl: 0, hasFuel: false, recordedSpeedDkmh: 0, hasRecordedSpeed: false, blindArea: false, serial: s, sequence: 0, extrasJson: '',
  });
  type CaseRow = { id: number; alarmId: string; type: string; plateCode: string; status: number; place: string };
  const cases = async (who = 'admin', extra = '') => (await http().get(`/gps/rescue/page?${window}${extra}`).set('Authorization', tokens[who]).expect(200)).body.data as { records: CaseRow[]; total: number };
  const move = (who: string, id: number, body: Record<string, unknown>) => http().post(`/gps/rescue/${id}/status`).set('Authorization', tokens[who]).send(body);

  beforeAll(async () => {
    await bus.subscribe(Topics.alarm, { group: 'probe', handle: async (messages) => void alarmEvents.push(...messages.map((m) => m.value)) });
    await bus.subscribe(Topics.rescueCase, { group: 'probe', handle: async (messages) => void caseEvents.push(...messages.map((m) => m.value)) });
    await bus.publish(Topics.vehicleRegistry, [
      { key: 'v1', value: { vehicleId: 'v1', plateCode: '粤A10001', plateColor: 1, vin: '', companyId: '10', companyPath: ['10'], fleetPath: [], terminalPhone: '13900000001', deleted: false, updatedAt: Date.now() } },
      { key: 'v2', value: { vehicleId: 'v2', plateCode: '粤B20002', plateColor: 1, vin: '', companyId: '20', companyPath: ['20'], fleetPath: [], terminalPhone: '13900000002', deleted: false, updatedAt: Date.now() } },
    ]);
    await bus.publish(Topics.rolePermissions, Object.entries(ROLES).map(([roleId, actionCodes]) => ({ key: roleId, value: { roleId, actionCodes, deleted: false, updatedAt: Date.now() } })));
    app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'alarm-rescue-test', config: loadConfig(PlatformConfig, env), bus, env }), AlarmModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    const signer = app.get(TokenService);
    for (const [name, user] of Object.entries({ admin, dispatcher, viewer, stranger })) tokens[name] = `Bearer ${await signer.sign(user)}`;
  });

  afterAll(async () => {
    await app?.close();
    await dropTestSchema(env, 'alarm_rescue');
  });

  it('opens one case for a collision, however often the report and the alarm event come again', async () => {
    await bus.publish(Topics.position, { key: '13900000001', value: position('13900000001', 0, 0) });
    await bus.publish(Topics.position, { key: '13900000001', value: position('13900000001', 10, 1 << 29) });
    await waitFor(async () => (await cases()).total === 1, 'case opened');
    // The same report redelivered, and the alarm's own start event redelivered.
    await bus.publish(Topics.position, { key: '13900000001', value: position('13900000001', 10, 1 << 29) });
    const start = alarmEvents.find((e) => e.type === 'collisionWarning' && !e.endedAt)!;
    await bus.publish(Topics.alarm, [{ key: '13900000001', value: start }, { key: '13900000001', value: start }]);
    // The bit clears: the alarm ends, the case stays one.
    await bus.publish(Topics.position, { key: '13900000001', value: position('13900000001', 20, 0) });
    await waitFor(() => alarmEvents.some((e) => e.type === 'collisionWarning' && e.endedAt), 'collision ended');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const page = await cases();
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({ alarmId: start.alarmId, type: 'collisionWarning', plateCode: '粤A10001', status: 0 });
    // The place name is computed per answer (geo's index, loaded in a worker; covered by alarm-place.int-spec).
    expect(typeof page.records[0].place).toBe('string');
    expect(caseEvents.filter((e) => e.alarmId === start.alarmId).map((e) => [e.status, e.plateCode, e.vehicleId])).toEqual([[0, '粤A10001', 'v1']]);
    const detail = (await http().get(`/gps/rescue/${page.records[0].id}`).set('Authorization', tokens.admin).expect(200)).body.data as { steps: { status: number; operatorId: string }[]; evidence: unknown };
    expect(detail.steps).toEqual([expect.objectContaining({ status: 0, fromStatus: -1, operatorId: 'system' })]);
    expect(detail.evidence).toBeNull();
  });

  it('moves a case along the workflow only, records each step, and refuses the rest with their codes', async () => {
    const { id } = (await cases()).records[0];
    // Refusals answer the envelope: flag false and the documented code.
    const refused = async (who: string, body: Record<string, unknown>, errorCode: number) => {
      const response = await move(who, id, body);
      expect([who, body.status, response.body.errorCode, response.body.flag]).toEqual([who, body.status, errorCode, false]);
    };
    await refused('dispatcher', { status: 2 }, 409); // pending cannot jump to rescuing
    await refused('dispatcher', { status: 3 }, 409);
    await refused('dispatcher', { status: 4 }, 400); // a false alarm needs a remark
    await refused('dispatcher', { status: 9 }, 400);
    await refused('viewer', { status: 1 }, 403); // no collisionRescue:modify
    await refused('stranger', { status: 1 }, 410); // another company's case is as missing
    expect((await move('dispatcher', id, { status: 1, remark: '已电话联系司机' }).expect(200)).body.data).toMatchObject({ id, status: 1 });
    await refused('dispatcher', { status: 1 }, 409);
    await move('dispatcher', id, { status: 2 }).expect(200);
    await move('admin', id, { status: 3, remark: '已送医' }).expect(200);
    await refused('dispatcher', { status: 4, remark: 'late' }, 409); // done is final
    const detail = (await http().get(`/gps/rescue/${id}`).set('Authorization', tokens.viewer).expect(200)).body.data as { status: number; steps: { status: number; fromStatus: number; operatorId: string; remark: string }[] };
    expect(detail.status).toBe(3);
    expect(detail.steps.map((s) => [s.fromStatus, s.status, s.operatorId, s.remark])).toEqual([[-1, 0, 'system', ''], [0, 1, '31', '已电话联系司机'], [1, 2, '31', ''], [2, 3, '7', '已送医']]);
    await waitFor(() => caseEvents.filter((e) => e.caseId === id).length === 4, 'every move announced');
    expect(caseEvents.filter((e) => e.caseId === id).map((e) => e.status)).toEqual([0, 1, 2, 3]);
  });

  it('keeps each company to its own cases: listing, detail, vehicle filter', async () => {
    await bus.publish(Topics.position, { key: '13900000002', value: position('13900000002', 30, 1 << 30) });
    await waitFor(async () => (await cases()).total === 2, 'rollover case');
    expect((await cases('dispatcher')).records.map((c) => c.plateCode)).toEqual(['粤A10001']);
    const theirs = (await cases('stranger')).records;
    expect(theirs.map((c) => [c.plateCode, c.type])).toEqual([['粤B20002', 'rolloverWarning']]);
    const mine = (await cases('dispatcher')).records[0].id;
    expect((await http().get(`/gps/rescue/${mine}`).set('Authorization', tokens.stranger)).body).toMatchObject({ flag: false, errorCode: 410 });
    expect((await http().get(`/gps/rescue/page?${window}&vehicleId=v1`).set('Authorization', tokens.stranger)).body).toMatchObject({ flag: false, errorCode: 8002 });
    expect((await cases('admin', '&status=0')).records.map((c) => c.plateCode)).toEqual(['粤B20002']);
    // A false alarm with its remark ends the other company's case.
    await move('stranger', theirs[0].id, { status: 4, remark: '传感器误触发' }).expect(200);
    expect((await cases('stranger', '&status=4')).total).toBe(1);
  });

  it('exports the cases of the caller with their status, for the export action only', async () => {
    const response = await http().get(`/gps/rescue/export?${window}`).set('Authorization', tokens.dispatcher).buffer(true).parse(binary).expect(200);
    const rows = await sheetRows(response.body as Buffer);
    expect(rows[0]).toEqual(expect.arrayContaining(['车牌号', '报警类型', '救援状态', '地点']));
    expect(rows.slice(1).map((row) => [row[0], row[2], row[rows[0].indexOf('救援状态')]])).toEqual([['粤A10001', '碰撞预警', '已完成']]);
    expect((await http().get(`/gps/rescue/export?${window}`).set('Authorization', tokens.viewer)).body).toMatchObject({ flag: false, errorCode: 403 });
  });

  it('records a module fault from its alarm bit once, ends it, and sums faults per kind', async () => {
    const GNSS = 1 << 4;
    const CAMERA = 1 << 11;
    await bus.publish(Topics.position, { key: '13900000001', value: position('13900000001', 100, GNSS | CAMERA) });
    await bus.publish(Topics.position, { key: '13900000001', value: position('13900000001', 160, CAMERA) });
    await bus.publish(Topics.position, { key: '13900000002', value: position('13900000002', 170, CAMERA) });
    type Fault = { kind: string; source: string; bit: number; plateCode: string; startedAt: number; endedAt: number; durationS: number; status: number };
    const faults = async (who = 'admin', extra = '') => (await http().get(`/gps/fault/page?${window}${extra}`).set('Authorization', tokens[who]).expect(200)).body.data as { records: Fault[]; total: number };
    await waitFor(async () => (await faults()).records.some((f) => f.kind === 'gnssModuleFault' && f.endedAt > 0) && (await faults()).total === 3, 'faults recorded');
    // Redelivery of the fault's alarm events records nothing more and moves no end.
    const gnss = alarmEvents.filter((e) => e.type === 'gnssModuleFault');
    await bus.publish(Topics.alarm, gnss.map((value) => ({ key: '13900000001', value: { ...value, ...(value.endedAt ? { endedAt: value.endedAt + 99_000 } : {}) } })));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mine = await faults('dispatcher');
    expect(mine.records.map((f) => [f.plateCode, f.kind, f.source, f.bit, f.status]).sort()).toEqual([['粤A10001', 'cameraFault', 'terminal', 11, 0], ['粤A10001', 'gnssModuleFault', 'terminal', 4, 1]]);
    const ended = mine.records.find((f) => f.kind === 'gnssModuleFault')!;
    expect([ended.startedAt, ended.endedAt, ended.durationS]).toEqual([(t0 + 100) * 1000, (t0 + 160) * 1000, 60]);
    expect((await faults('dispatcher', '&status=0')).records.map((f) => f.kind)).toEqual(['cameraFault']);
    expect((await faults('stranger')).records.map((f) => f.plateCode)).toEqual(['粤B20002']);

    const summary = (await http().get(`/gps/fault/summary?${window}`).set('Authorization', tokens.admin).expect(200)).body.data as { kind: string; count: number; ongoing: number; vehicles: number; durationS: number }[];
    expect(summary.map((s) => [s.kind, s.count, s.ongoing, s.vehicles])).toEqual([['cameraFault', 2, 2, 2], ['gnssModuleFault', 1, 0, 1]]);
    expect(summary[1].durationS).toBe(60);
    const theirs = (await http().get(`/gps/fault/summary?${window}`).set('Authorization', tokens.stranger).expect(200)).body.data as { kind: string; count: number }[];
    expect(theirs.map((s) => [s.kind, s.count])).toEqual([['cameraFault', 1]]);

    const sheet = await sheetRows((await http().get(`/gps/fault/export?${window}`).set('Authorization', tokens.dispatcher).buffer(true).parse(binary).expect(200)).body as Buffer);
    expect(sheet.slice(1).map((row) => [row[0], row[2], row[7]]).sort()).toEqual([['粤A10001', 'GNSS模块故障', '已结束'], ['粤A10001', '摄像头故障', '进行中']]);
    expect((await http().get(`/gps/fault/export?${window}`).set('Authorization', tokens.viewer)).body).toMatchObject({ flag: false, errorCode: 403 });
    // Spec §9: 30 days at most (300).
    const tooLong = `startTime=${encodeURIComponent(cst(t0 - 40 * 86_400))}&endTime=${encodeURIComponent(cst(t0))}`;
    expect((await http().get(`/gps/fault/page?${tooLong}`).set('Authorization', tokens.stranger)).body).toMatchObject({ flag: false, errorCode: 300 });
  });
});
