// The HJ 1239 emission gateway over real TCP on SQLite and MariaDB: VIN refusal under strict
// registration, login, data streams with the supplementary stream and OBD reports stored (a resent
// or reissued one once), sentinels stored as null, bad BCC, encryption and data before login
// dropped without closing, time sync answered; the emission API with action codes, vehicle scope
// and query windows.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TokenService, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { Topics } from '@openfleet/contracts';
import {
  decodeHj1239Frame,
  encodeHj1239Frame,
  encodeHj1239Login,
  encodeHj1239Realtime,
  type DieselStream,
  type Hj1239Frame,
  type Hj1239Info,
} from '@openfleet/gb32960';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import request from 'supertest';
import { EnergyModule, Hj1239Server } from '../src';
import { eventually, VehicleSocket } from './vehicle-socket';

jest.setTimeout(60_000);

const VIN = 'LFWSRXSJ5N1A00001';
const OTHER_VIN = 'LFWSRXSJ5N1A00002';
const user = (company: string, role = 'emission'): AuthUser => ({ id: '41', companyId: company, userType: 1, roleIds: [role], superAdmin: false, scope: { companies: [company], fleets: [] } });

/** A truck's terminal: frames out, the rare answer (time sync) in. */
const openTruck = (port: number) => VehicleSocket.open(port, decodeHj1239Frame);
const send = (truck: VehicleSocket<Hj1239Frame>, command: number, data: Buffer, vin = VIN, encryption = 1) =>
  void truck.socket.write(encodeHj1239Frame({ command, vin, softwareVersion: 2, encryption, data }));

const login = () => encodeHj1239Login({ time: '2026-11-25 08:00:00', serial: 1, iccid: '89860012345678901234' });
const stream = (nox: number, reagent: number | 'invalid'): DieselStream => ({
  speedKmh: 60, atmosphericPressureKpa: 101, engineTorquePercent: 40, frictionTorquePercent: 5, engineRpm: 1500, fuelFlowLph: 12.5, noxUpstreamPpm: 450.5, noxDownstreamPpm: nox,
  reagentPercent: reagent, intakeAirKgph: 600, scrInletTempC: 300, scrOutletTempC: 280.5, dpfPressureDropKpa: 2.5, coolantTempC: 85, fuelLevelPercent: 50,
  // Valid fix, south and west: stored as negative degrees.
  positionStatus: 0b110, longitude: 116.397128, latitude: 39.916527, odometerKm: 12345.6,
});
const report = (sentAt: string, infos: Hj1239Info[]) => encodeHj1239Realtime({ sentAt, serial: 1, infos });
const supplement = { torqueMode: 9, acceleratorPercent: 30, totalFuelL: 10000.5, ureaTankTempC: 25, ureaDosingMlph: 1234.56, totalUreaG: 5000, dpfExhaustTempC: 350 };


describe.each(['sqlite', 'mysql'] as const)('HJ 1239 emission gateway on %s', (engine) => {
  const env: NodeJS.ProcessEnv = { ...testStorageEnv(engine, 'energy'), LOG_LEVEL: 'silent', ENERGY_32960_PORT: '0', ENERGY_HJ1239_PORT: '0', AUTH_JWT_SECRET: 'emission-test-secret-emission-test-secret-0123' };
  let app: INestApplication;
  let port: number;
  const tokens: Record<string, string> = {};
  let truck: VehicleSocket<Hj1239Frame>;

  const api = async (path: string, who = 'c1') => (await request(app.getHttpServer()).get(`/energy/emission/${path}`).set('Authorization', tokens[who]).expect(200)).body;
  const window = (vehicleId = 't1', start = '2026-11-25 07:00:00', end = '2026-11-25 09:00:00') => `vehicleId=${vehicleId}&startTime=${encodeURIComponent(start)}&endTime=${encodeURIComponent(end)}`;

  beforeAll(async () => {
    const bus = new InProcessBus({ logger: silentBusLogger });
    const now = Date.now();
    await bus.publish(Topics.rolePermissions, [
      { key: 'emission', value: { roleId: 'emission', actionCodes: ['emissionData', 'noxData', 'ureaData'], deleted: false, updatedAt: now } },
      { key: 'nox', value: { roleId: 'nox', actionCodes: ['noxData'], deleted: false, updatedAt: now } },
    ]);
    await bus.publish(Topics.vehicleRegistry, [
      { key: 't1', value: { vehicleId: 't1', plateCode: '京AH00001', plateColor: 2, vin: VIN, companyId: 'c1', companyPath: ['root', 'c1'], fleetPath: [], terminalPhone: '', deleted: false, updatedAt: now } },
      { key: 't2', value: { vehicleId: 't2', plateCode: '京AH00002', plateColor: 2, vin: OTHER_VIN, companyId: 'c2', companyPath: ['root', 'c2'], fleetPath: [], terminalPhone: '', deleted: false, updatedAt: now } },
    ]);
    app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'emission-test', config: loadConfig(PlatformConfig, env), bus, env }), EnergyModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    port = app.get(Hj1239Server).port();
    const tokensOf = app.get(TokenService);
    tokens.c1 = `Bearer ${await tokensOf.sign(user('c1'))}`;
    tokens.c2 = `Bearer ${await tokensOf.sign(user('c2'))}`;
    tokens.nox = `Bearer ${await tokensOf.sign(user('c1', 'nox'))}`;
  });

  afterAll(async () => {
    truck?.socket.destroy();
    await app?.close();
    await dropTestSchema(env, 'energy');
  });

  it('closes the connection of a VIN the registry does not know', async () => {
    const stranger = await openTruck(port);
    send(stranger, 0x01, login(), 'LUNKNOWN000000000');
    send(stranger, 0x02, report('2026-11-25 08:00:01', [{ type: 2, collectedAt: '2026-11-25 08:00:01', stream: stream(30, 80) }]), 'LUNKNOWN000000000');
    await eventually(async () => stranger.closed, Boolean, 'the refused connection to close', 5000);
  });

  it('stores a data stream with its supplementary stream, once when resent, and a reissue', async () => {
    truck = await openTruck(port);
    send(truck, 0x01, login());
    const live = report('2026-11-25 08:00:12', [{ type: 2, collectedAt: '2026-11-25 08:00:10', stream: stream(30, 80) }, { type: 0x80, collectedAt: '2026-11-25 08:00:10', supplement }]);
    send(truck, 0x02, live);
    send(truck, 0x02, live);
    send(truck, 0x03, report('2026-11-25 08:00:13', [{ type: 2, collectedAt: '2026-11-25 07:59:50', stream: stream(35.5, 'invalid') }]));
    const page = await eventually(() => api(`streams?${window()}&current=1&size=10`), (body) => body.data?.total === 2, 'two stored streams');
    expect(page.data.records[0]).toEqual({
      vin: VIN, vehicleId: 't1', plateCode: '京AH00001', collectedAt: Date.parse('2026-11-25T08:00:10+08:00'), reissued: 0,
      speed: 60, atmosphericPressure: 101, engineTorque: 40, frictionTorque: 5, engineRpm: 1500, fuelFlow: 12.5, noxUpstream: 450.5, noxDownstream: 30, reagent: 80, intakeAir: 600,
      scrInletTemp: 300, scrOutletTemp: 280.5, dpfPressureDrop: 2.5, coolantTemp: 85, fuelLevel: 50, odometer: 12345.6, latitude: -39.916527, longitude: -116.397128,
      torqueMode: 9, accelerator: 30, totalFuel: 10000.5, ureaTankTemp: 25, ureaDosing: 1234.56, totalUrea: 5000, dpfExhaustTemp: 350,
    });
    // The reissued one: older, marked, the invalid reagent null, no supplementary stream.
    expect(page.data.records[1]).toMatchObject({ collectedAt: Date.parse('2026-11-25T07:59:50+08:00'), reissued: 1, noxDownstream: 35.5, reagent: null, totalUrea: null });
    const series = (await api(`series?${window('t1', '2026-11-25 07:30:00', '2026-11-25 08:30:00')}`)).data;
    expect(series).toMatchObject({ t: [Date.parse('2026-11-25T07:59:50+08:00'), Date.parse('2026-11-25T08:00:10+08:00')], noxDownstream: [35.5, 30], reagent: [null, 80], ureaDosing: [null, 1234.56] });
  });

  it('stores an OBD report with its fault codes', async () => {
    const obd = { protocol: 2, mil: 1, diagnosticSupport: 0x1234, diagnosticReadiness: 1, vin: VIN, calibrationId: 'CAL123456789000000', cvn: 'ABCD12340000000000', iupr: '00'.repeat(36), faultCodes: [0x123456, 0x0a0b0c0d] };
    send(truck, 0x02, report('2026-11-25 08:01:00', [{ type: 1, collectedAt: '2026-11-25 08:00:58', obd }]));
    const page = await eventually(() => api(`obd?${window()}`), (body) => body.data?.total === 1, 'a stored OBD report');
    expect(page.data.records[0]).toEqual({
      vin: VIN, vehicleId: 't1', plateCode: '京AH00001', collectedAt: Date.parse('2026-11-25T08:00:58+08:00'), protocol: 2, mil: 1, diagnosticSupport: 0x1234, diagnosticReadiness: 1,
      obdVin: VIN, calibrationId: 'CAL123456789000000', cvn: 'ABCD12340000000000', iupr: '00'.repeat(36), faultCodes: [0x123456, 0x0a0b0c0d],
    });
  });

  it('drops a bad BCC, an encrypted payload and data before login without closing; answers a time sync', async () => {
    const bad = encodeHj1239Frame({ command: 0x02, vin: VIN, softwareVersion: 2, encryption: 1, data: report('2026-11-25 08:02:00', [{ type: 2, collectedAt: '2026-11-25 08:02:00', stream: stream(31, 80) }]) });
    bad[bad.length - 1] ^= 0xff;
    truck.socket.write(bad);
    send(truck, 0x02, report('2026-11-25 08:02:10', [{ type: 2, collectedAt: '2026-11-25 08:02:10', stream: stream(32, 80) }]), VIN, 0x02);
    const stranger = await openTruck(port);
    send(stranger, 0x02, report('2026-11-25 08:02:20', [{ type: 2, collectedAt: '2026-11-25 08:02:20', stream: stream(33, 80) }]));
    send(truck, 0x05, Buffer.alloc(0));
    const answer = await eventually(async () => truck.answers[0], Boolean, 'the time sync answer', 5000);
    expect(answer).toMatchObject({ command: 5, vin: VIN, encryption: 1 });
    expect(answer.data).toHaveLength(6);
    // The platform's China time, to the minute.
    const [y, mo, d] = [...answer.data];
    const china = new Date(Date.now() + 8 * 3_600_000);
    expect([2000 + y, mo, d]).toEqual([china.getUTCFullYear(), china.getUTCMonth() + 1, china.getUTCDate()]);
    expect(truck.closed).toBe(false);
    expect(stranger.closed).toBe(false);
    stranger.socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await api(`streams?${window()}`)).data.total).toBe(2);
  });

  it('closes a connection that sends ten undecodable frames in a row, not one that sent nine', async () => {
    const hostile = await openTruck(port);
    send(hostile, 0x01, login());
    const bad = encodeHj1239Frame({ command: 0x02, vin: VIN, softwareVersion: 2, encryption: 1, data: Buffer.alloc(8) });
    bad[bad.length - 1] ^= 0xff;
    hostile.socket.write(Buffer.concat(Array.from({ length: 9 }, () => bad)));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(hostile.closed).toBe(false);
    hostile.socket.write(bad);
    await eventually(async () => hostile.closed, Boolean, 'the hostile connection to close', 5000);
  });

  it('answers only in scope, with the action codes, within the query windows', async () => {
    expect((await api(`streams?${window('t1')}`, 'c2')).errorCode).toBe(8002);
    expect((await api(`streams?${window('t2')}`, 'c2')).data.total).toBe(0);
    // noxData may read the streams and the charts, not the OBD reports.
    expect((await api(`streams?${window()}`, 'nox')).data.total).toBe(2);
    expect((await api(`obd?${window()}`, 'nox')).errorCode).toBe(403);
    expect((await api(`series?${window('t1', '2026-11-25 07:00:00', '2026-11-26 07:00:01')}`)).errorCode).toBe(300);
    expect((await api(`streams?${window('t1', '2026-11-18 07:00:00', '2026-11-25 07:00:01')}`)).errorCode).toBe(300);
  });
});
