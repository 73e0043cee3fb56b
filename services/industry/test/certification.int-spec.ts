// Access certification on SQLite and MariaDB: the industry service on an in-process bus the test
// feeds as gateway-808 and the energy gateway would. Opening a test (its checks, scope, action codes
// and the bad inputs), a scripted 808 terminal that registers, authenticates and reports as the
// standard wants (passes, gets its certificate), one that reports too seldom with a reserved alarm
// bit and no satellite count (fails on exactly those), and an EV whose reports lack unit 0x08
// (fails on that unit only, with the frame as evidence), the live view, and the Excel exports.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TokenService, UserDirectory, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { Topics, type CertificateView, type CertificationTestView, type Position, type UserDirectoryEntry, type VehicleRegistryEntry } from '@openfleet/contracts';
import { chinaTime, encodeRealtime, type RealtimeUnit } from '@openfleet/gb32960';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { IndustryModule } from '../src';
import { CertificationMonitorService } from '../src/certification/certification-monitor.service';

jest.setTimeout(120_000);

const LOG_CODES = ['veclCertificaLog', 'veclCertificaLog:search', 'veclCertificaLog:add', 'veclCertificaLog:export', 'conformityCertfictvelcList', 'conformityCertfictvelcList:search', 'conformityCertfictvelcList:export'];
const vehicle = (vehicleId: string, terminalPhone: string, vin: string, company: string): VehicleRegistryEntry => ({
  vehicleId, plateCode: `浙A${vehicleId}`, plateColor: 1, vin, companyId: company, companyPath: [company], fleetPath: [], terminalPhone, deleted: false, updatedAt: Date.now(),
});
const TRUCK = vehicle('t1', '13900000201', '', 'c1');
const SLOW = vehicle('t2', '13900000202', '', 'c1');
const EV = vehicle('e1', '', 'LNBSCCAK7JD000001', 'c1');
const OTHER = vehicle('x1', '13900000299', '', 'c2');
/** The tester (user 7) as admin's user directory (admin.user-directory.v1) publishes it. */
const tester = (companyPath = ['c1']): UserDirectoryEntry => ({ userId: '7', name: '钱检测', account: 'qian', companyId: companyPath.at(-1)!, companyPath, deleted: false, updatedAt: Date.now() });
const user = (id: string, company: string, roleIds: string[]): AuthUser => ({ id, companyId: company, userType: 1, roleIds, superAdmin: false, scope: { companies: [company], fleets: [] } });
const waitFor = async (check: () => boolean | Promise<boolean>, what: string) => {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** A 0x0200 as tracking.position.v1 carries it, `gapS` seconds after the previous one. */
function position(v: VehicleRegistryEntry, gpsTimeS: number, extras: Record<string, unknown>, alarmFlags = 0): Position {
  return {
    terminalPhone: v.terminalPhone, vehicleId: v.vehicleId, gpsTimeS, receivedAtMs: Date.now(), latitudeE6: 30_250_000, longitudeE6: 120_160_000, altitudeM: 12, speedDkmh: 600, directionDeg: 90,
    alarmFlags, statusFlags: 0b11, mileageHm: 123_456, hasMileage: true, fuelDl: 0, hasFuel: false, recordedSpeedDkmh: 0, hasRecordedSpeed: false, blindArea: false, serial: gpsTimeS % 65536, sequence: 0, extrasJson: JSON.stringify(extras),
  };
}

/** The real-time units of a pure EV (GB/T 32960.3 tables 9-19). */
const EV_UNITS: RealtimeUnit[] = [
  { type: 1, vehicle: { vehicleState: 1, chargeState: 3, runMode: 1, speedKmh: 42.5, mileageKm: 12345.6, voltageV: 350.2, currentA: -12.3, socPercent: 80, dcdcState: 1, gear: 0x2e, insulationKOhm: 5000, acceleratorPercent: 20, brakePercent: 0 } },
  { type: 2, motors: [{ seq: 1, state: 1, controllerTempC: 45, speedRpm: 3000, torqueNm: 120.5, tempC: 60, controllerVoltageV: 349.8, controllerCurrentA: 50 }] },
  { type: 5, position: { status: 0, longitude: 120.16, latitude: 30.25 } },
  { type: 6, extremes: { maxVoltageSubsystem: 1, maxVoltageCell: 2, maxCellVoltageV: 3.412, minVoltageSubsystem: 1, minVoltageCell: 1, minCellVoltageV: 3.3, maxTempSubsystem: 1, maxTempProbe: 1, maxTempC: 35, minTempSubsystem: 1, minTempProbe: 2, minTempC: 28 } },
  { type: 7, alarms: { maxLevel: 0, flags: 0, packFaults: [], motorFaults: [], engineFaults: [], otherFaults: [] } },
  { type: 8, voltages: [{ subsystem: 1, voltageV: 350.2, currentA: -12.3, totalCells: 3, firstCell: 1, cellVoltagesV: [3.412, 3.3, 3.35] }] },
  { type: 9, temperatures: [{ subsystem: 1, probeTempsC: [35, 28] }] },
];

describe.each(['sqlite', 'mysql'] as const)('access certification on %s', (engine) => {
  const env: NodeJS.ProcessEnv = { ...testStorageEnv(engine, 'industry'), LOG_LEVEL: 'silent', AUTH_JWT_SECRET: 'certification-test-secret-certification-0123', CERTIFICATION_SWEEP_MS: '60000' };
  let bus: InProcessBus;
  let app: INestApplication;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    bus = new InProcessBus({ logger: silentBusLogger });
    await bus.publish(Topics.rolePermissions, [
      { key: 'tester', value: { roleId: 'tester', actionCodes: LOG_CODES, deleted: false, updatedAt: Date.now() } },
      { key: 'watch', value: { roleId: 'watch', actionCodes: ['veclCertificaRealTimeLog', 'veclCertificaRealTimeLog:search'], deleted: false, updatedAt: Date.now() } },
    ]);
    await bus.publish(Topics.vehicleRegistry, [TRUCK, SLOW, EV, OTHER].map((value) => ({ key: value.vehicleId, value })));
    await bus.publish(Topics.userDirectory, [{ key: '7', value: tester() }]);
    app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'certification-test', config: loadConfig(PlatformConfig, env), bus, env }), IndustryModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    await app.get(VehicleRegistry).ready;
    await app.get(UserDirectory).ready;
    const sign = async (u: AuthUser) => `Bearer ${await app.get(TokenService).sign(u)}`;
    Object.assign(tokens, { tester: await sign(user('7', 'c1', ['tester'])), watcher: await sign(user('8', 'c1', ['watch'])), other: await sign(user('9', 'c2', ['tester'])) });
  });
  afterAll(async () => {
    await app?.close();
    await dropTestSchema(env, 'industry');
  });

  const http = () => request(app.getHttpServer());
  const open = async (body: object, token = tokens.tester, status = 200) => (await http().post('/industry/certification/tests').set('Authorization', token).send(body).expect(status)).body as { flag: boolean; errorCode: number; data: CertificationTestView };
  const get = async <T>(path: string, token = tokens.tester) => (await http().get(path).set('Authorization', token).expect(200)).body as { flag: boolean; errorCode: number; data: T };
  const test = async (id: number, token = tokens.tester) => (await get<CertificationTestView>(`/industry/certification/tests/${id}`, token)).data;
  const check = (view: CertificationTestView, code: string) => view.checks.find((c) => c.code === code)!;
  /** Ends the running tests as the sweep does once their time is up. */
  const endTests = () => app.get(CertificationMonitorService).sweep(Date.now() + 3_600_000);
  const now = () => Math.floor(Date.now() / 1000);

  it('opens a test for a vehicle in scope, with the checks of its standard; refuses bad input, other companies and a second run', async () => {
    // Malformed bodies are refused by validation (HTTP 400 with the envelope).
    expect(await open({ vehicleId: 't1', standard: 'jt808', durationS: 10 }, tokens.tester, 400)).toMatchObject({ flag: false, errorCode: 400 });
    expect(await open({ vehicleId: 't1', standard: 'jt1078', durationS: 600 }, tokens.tester, 400)).toMatchObject({ flag: false, errorCode: 400 });
    expect(await open({ vehicleId: 't1', standard: 'jt808', durationS: 600, settings: { requiredExtras: ['mileage'] } }, tokens.tester, 400)).toMatchObject({ flag: false, errorCode: 400 });
    // A vehicle without a VIN cannot be tested against 32960, nor an EV without a terminal against 808.
    expect(await open({ vehicleId: 't1', standard: 'gb32960', durationS: 600 })).toMatchObject({ flag: false, errorCode: 400, data: { field: 'vin' } });
    expect(await open({ vehicleId: 'e1', standard: 'jt808', durationS: 600 })).toMatchObject({ flag: false, errorCode: 400, data: { field: 'terminalPhone' } });
    expect(await open({ vehicleId: 'x1', standard: 'jt808', durationS: 600 })).toMatchObject({ flag: false, errorCode: 8002 });
    expect(await open({ vehicleId: 't1', standard: 'jt808', durationS: 600 }, tokens.watcher)).toMatchObject({ flag: false, errorCode: 403 });

    const opened = await open({ vehicleId: 't1', standard: 'jt808', durationS: 600, settings: { maxReportIntervalS: 30, requiredExtras: ['0x1', '0x30', '0x31'] } });
    expect(opened).toMatchObject({ flag: true, data: { vehicleId: 't1', plateCode: '浙At1', terminalPhone: '13900000201', status: 'running', totalChecks: 6, passedChecks: 0 } });
    expect(opened.data.checks.map((c) => [c.code, c.status])).toEqual(['registration', 'authentication', 'positionFields', 'requiredExtras', 'reportInterval', 'alarmBits'].map((code) => [code, 'pending']));
    expect(opened.data.settings).toMatchObject({ requiredExtras: ['0x01', '0x30', '0x31'], maxReportIntervalS: 30, minFrames: 3 });
    expect(await open({ vehicleId: 't1', standard: 'jt808', durationS: 600 })).toMatchObject({ flag: false, errorCode: 409 });
    expect((await get(`/industry/certification/tests/${opened.data.id}`, tokens.other)).errorCode).toBe(410);
    expect((await get<{ total: number }>('/industry/certification/tests', tokens.other)).data.total).toBe(0);
  });

  it('passes an 808 terminal that registers, authenticates and reports as the standard wants, live, then certifies it', async () => {
    const id = (await get<{ records: CertificationTestView[] }>('/industry/certification/tests?status=running&vehicleIds=t1', tokens.watcher)).data.records[0].id;
    const phone = TRUCK.terminalPhone;
    await bus.publish(Topics.terminalUplink, [{ key: phone, value: { terminalPhone: phone, msgId: '0x0100', version: '2013', serial: 1, receivedAt: Date.now(), gatewayId: 'g1', body: { plate: '浙At1', model: 'OF-808' } } }]);
    await bus.publish(Topics.terminalSession, [{ key: phone, value: { terminalPhone: phone, vehicleId: 't1', state: 'online', gatewayId: 'g1', at: Date.now(), remoteAddress: '10.0.0.8:50000' } }]);
    await waitFor(async () => check(await test(id, tokens.watcher), 'authentication').status === 'passed', 'authentication');
    const live = await test(id, tokens.watcher);
    expect(check(live, 'registration')).toMatchObject({ status: 'passed', evidence: { field: '0x0100', value: '浙At1 OF-808' } });
    expect(check(live, 'positionFields').status).toBe('pending');

    const t0 = now() - 40;
    const extras = { signalStrength: 25, satelliteCount: 12 };
    await bus.publish(Topics.position, [0, 10, 20, 30].map((s) => ({ key: phone, value: position(TRUCK, t0 + s, extras) })));
    await waitFor(async () => (await test(id)).passedChecks === 6, 'every 808 check passed');
    const passed = await test(id);
    expect(check(passed, 'reportInterval')).toMatchObject({ seen: 3, evidence: { field: 'interval', value: '10s' } });
    expect(check(passed, 'requiredExtras').evidence).toMatchObject({ field: '0x01,0x30,0x31', value: 'present' });

    await endTests();
    const ended = await test(id);
    expect(ended).toMatchObject({ status: 'passed', failedChecks: 0 });
    expect(ended.certificateNo).toMatch(new RegExp(`^ZS\\d{8}${String(id).padStart(6, '0')}$`));
    const certificates = (await get<{ records: CertificateView[] }>('/industry/certification/certificates')).data.records;
    expect(certificates).toEqual([expect.objectContaining({ certificateNo: ended.certificateNo, vehicleId: 't1', standard: 'jt808', testId: id })]);
    expect((await get('/industry/certification/certificates', tokens.watcher)).errorCode).toBe(403);
    expect((await get<{ total: number }>('/industry/certification/certificates', tokens.other)).data.total).toBe(0);
  });

  it('fails an 808 terminal on exactly what it got wrong: a 45 s gap, a reserved alarm bit, no satellite count, no registration', async () => {
    const id = (await open({ vehicleId: 't2', standard: 'jt808', durationS: 600 })).data.id;
    const phone = SLOW.terminalPhone;
    await bus.publish(Topics.terminalUplink, [{ key: phone, value: { terminalPhone: phone, msgId: '0x0102', version: '2013', serial: 1, receivedAt: Date.now(), gatewayId: 'g1', body: { authCode: 'abc' } } }]);
    await bus.publish(Topics.terminalSession, [{ key: phone, value: { terminalPhone: phone, state: 'online', gatewayId: 'g1', at: Date.now() } }]);
    const t0 = now() - 100;
    // Bit 15 is reserved in 808-2013 (defined only by 2019); the third position has no 0x31.
    await bus.publish(Topics.position, [
      { key: phone, value: position(SLOW, t0, { signalStrength: 20, satelliteCount: 9 }) },
      { key: phone, value: position(SLOW, t0 + 20, { signalStrength: 20, satelliteCount: 9 }, 1 << 15) },
      { key: phone, value: position(SLOW, t0 + 65, { signalStrength: 20 }) },
    ]);
    await waitFor(async () => (await test(id)).failedChecks === 3, 'three failures');
    await endTests();
    const ended = await test(id);
    expect(ended).toMatchObject({ status: 'failed', certificateNo: null });
    expect(Object.fromEntries(ended.checks.map((c) => [c.code, [c.status, c.evidence?.field, c.evidence?.value]]))).toEqual({
      registration: ['failed', 'registration', 'notObserved'],
      authentication: ['passed', '0x0102', 'g1'],
      positionFields: ['passed', 'latitude,longitude,time,speed', '30.25,120.16'],
      requiredExtras: ['failed', '0x31', 'absent'],
      reportInterval: ['failed', 'interval', '45s'],
      alarmBits: ['failed', 'alarm (2013)', '0x00008000'],
    });
    expect(check(ended, 'reportInterval').evidence!.at).toBe((t0 + 65) * 1000);
  });

  it('fails an EV whose real-time reports lack unit 0x08, on that unit only, with the frame as evidence; reissue is seen', async () => {
    const opened = await open({ vehicleId: 'e1', standard: 'gb32960', durationS: 600 });
    expect(opened.data.checks.map((c) => c.code)).toEqual(['login', 'timeSync', 'frameFormat', 'unit01', 'unit02', 'unit05', 'unit06', 'unit07', 'unit08', 'unit09', 'reissue']);
    const id = opened.data.id;
    const withoutCells = EV_UNITS.filter((unit) => unit.type !== 8);
    const t0 = (now() - 30) * 1000;
    const report = (collectedAt: number, reissued: boolean, units = withoutCells) => ({ vin: EV.vin, vehicleId: 'e1', collectedAt, receivedAt: Date.now(), reissued, data: encodeRealtime({ time: chinaTime(collectedAt), units }) });
    await bus.publish(Topics.energyReport, [{ key: EV.vin, value: { reports: [report(t0, false), report(t0 + 10_000, false), report(t0 + 20_000, false), report(t0 - 600_000, true, EV_UNITS)] } }]);
    await waitFor(async () => (await test(id)).checks.every((c) => c.status !== 'pending'), 'every unit judged');
    await endTests();
    const ended = await test(id);
    expect(ended).toMatchObject({ status: 'failed', passedChecks: 10, failedChecks: 1, certificateNo: null });
    expect(check(ended, 'unit08')).toMatchObject({ status: 'failed', evidence: { at: t0, field: '0x08', value: 'absent' } });
    expect(check(ended, 'reissue')).toMatchObject({ status: 'passed', evidence: { at: t0 - 600_000, field: '0x03' } });
    expect(check(ended, 'unit09')).toMatchObject({ status: 'passed', seen: 3 });
  });

  it('exports the log with the failed checks and the certificates as Excel sheets', async () => {
    const sheet = async (path: string) => {
      const response = await http().get(path).set('Authorization', tokens.tester).buffer(true).parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      }).expect(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(response.body as unknown as ArrayBuffer);
      return book.worksheets[0].getSheetValues().slice(2).map((row) => (row as unknown[]).slice(1));
    };
    // The keyword is part of a plate, a terminal phone or a VIN.
    expect((await get<{ records: CertificationTestView[] }>('/industry/certification/tests?keyword=LNBSCC')).data.records.map((row) => row.vehicleId)).toEqual(['e1']);
    expect((await get<{ records: CertificationTestView[] }>('/industry/certification/tests?keyword=0000020')).data.records.map((row) => row.vehicleId)).toEqual(['t2', 't1']);
    const log = await sheet('/industry/certification/tests/export');
    expect(log).toHaveLength(3);
    expect(log.find((row) => row[1] === '浙Ae1')).toEqual(expect.arrayContaining(['GB/T 32960', EV.vin, '未通过', '10/11', 'unit08: 0x08=absent']));
    // 检测人 by name (issue 28), never the user id.
    expect(log.map((row) => row[11])).toEqual(['钱检测', '钱检测', '钱检测']);
    const certificates = await sheet('/industry/certification/certificates/export');
    expect(certificates).toEqual([expect.arrayContaining(['浙At1', '13900000201', 'JT/T 808'])]);
    expect((await http().get('/industry/certification/tests/export').set('Authorization', tokens.watcher).expect(200)).body).toMatchObject({ errorCode: 403 });
  });

  it('writes 未知用户 for a tester who now belongs to a company outside the caller\'s scope', async () => {
    await bus.publish(Topics.userDirectory, [{ key: '7', value: { ...tester(['c2']), updatedAt: Date.now() + 1 } }]);
    const directory = app.get(UserDirectory);
    await waitFor(() => directory.byUserId('7')?.companyId === 'c2', 'the moved tester');
    // Another member of c1 exports: the tests stay in c1's scope (their vehicles are), the tester's name does not.
    const colleague = `Bearer ${await app.get(TokenService).sign(user('17', 'c1', ['tester']))}`;
    const response = await http().get('/industry/certification/tests/export').set('Authorization', colleague).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.body as unknown as ArrayBuffer);
    const testers = book.worksheets[0].getSheetValues().slice(2).map((row) => (row as unknown[])[12]);
    expect(testers).toEqual(['未知用户', '未知用户', '未知用户']);
  });
});
