// The GB/T 32960 gateway over real TCP on SQLite and MariaDB: VIN refusal under strict
// registration, login and VIN repeated, reports answered once the bus has them and then stored
// (a resent one stored once), reissue, sentinels kept out of the series, battery alarms starting
// and ending, bad BCC and encrypted payloads, heartbeat, time sync and logout; the battery API
// with the caller's vehicle scope; day partitions on MariaDB.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { TokenService, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { Topics, type DetectedAlarmEvent } from '@openfleet/contracts';
import { decodeFrame, encodeFrame, encodeRealtime, encodeVehicleLogin, type Gb32960Frame, type RealtimeUnit } from '@openfleet/gb32960';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv, withTableAway } from '@openfleet/storage';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { EnergyIngestService, EnergyModule, EnergyPartitionMaintenance, Gb32960Server } from '../src';
import { eventually, VehicleSocket } from './vehicle-socket';

jest.setTimeout(60_000);

const VIN = 'LSVAU2180N2183294';
const OTHER_VIN = 'LSVAU2180N2183295';
const operator = (company: string): AuthUser => ({ id: '31', companyId: company, userType: 1, roleIds: ['energy'], superAdmin: false, scope: { companies: [company], fleets: [] } });

/** A vehicle terminal: frames out, answers in. */
class Ev {
  private constructor(private readonly link: VehicleSocket<Gb32960Frame>) {}

  get socket() {
    return this.link.socket;
  }

  get closed() {
    return this.link.closed;
  }

  get answers() {
    return this.link.answers;
  }

  static async open(port: number): Promise<Ev> {
    return new Ev(await VehicleSocket.open(port, decodeFrame));
  }

  async call(command: number, data: Buffer, vin = VIN, encryption = 1): Promise<Gb32960Frame> {
    const before = this.link.answers.length;
    this.link.socket.write(encodeFrame({ command, response: 0xfe, vin, encryption, data }));
    return this.link.next(before);
  }
}

const login = (time = '2026-11-24 10:00:00') => encodeVehicleLogin({ time, serial: 1, iccid: '89860012345678901234', subsystemCodes: ['PACK00000001'] });

const alarmUnit = (flags: number, maxLevel: number): RealtimeUnit => ({ type: 7, alarms: { maxLevel, flags, packFaults: [], motorFaults: [], engineFaults: [], otherFaults: [] } });
const units = (soc: number, cellVoltage: number | 'abnormal', extra: RealtimeUnit[] = []): RealtimeUnit[] => [
  ...extra,
  { type: 1, vehicle: { vehicleState: 1, chargeState: 3, runMode: 1, speedKmh: 42.5, mileageKm: 12345.6, voltageV: 350.2, currentA: -12.3, socPercent: soc, dcdcState: 1, gear: 0x2e, insulationKOhm: 5000, acceleratorPercent: 20, brakePercent: 0 } },
  { type: 6, extremes: { maxVoltageSubsystem: 1, maxVoltageCell: 23, maxCellVoltageV: cellVoltage, minVoltageSubsystem: 1, minVoltageCell: 5, minCellVoltageV: 3.298, maxTempSubsystem: 1, maxTempProbe: 3, maxTempC: 35, minTempSubsystem: 1, minTempProbe: 10, minTempC: 28 } },
  { type: 8, voltages: [{ subsystem: 1, voltageV: 350.2, currentA: -12.3, totalCells: 3, firstCell: 1, cellVoltagesV: [3.412, 3.3, 'abnormal'] }] },
];

describe.each(['sqlite', 'mysql'] as const)('GB/T 32960 gateway on %s', (engine) => {
  const env: NodeJS.ProcessEnv = { ...testStorageEnv(engine, 'energy'), LOG_LEVEL: 'silent', ENERGY_32960_PORT: '0', ENERGY_HJ1239_PORT: '0', AUTH_JWT_SECRET: 'energy-test-secret-energy-test-secret-0123456' };
  let app: INestApplication;
  let port: number;
  let token: string;
  let otherToken: string;
  let ev: Ev;
  const alarms: DetectedAlarmEvent[] = [];

  beforeAll(async () => {
    const bus = new InProcessBus({ logger: silentBusLogger });
    await bus.publish(Topics.rolePermissions, [{ key: 'energy', value: { roleId: 'energy', actionCodes: ['newEnergy', 'newEnergy:search'], deleted: false, updatedAt: Date.now() } }]);
    await bus.publish(Topics.vehicleRegistry, [
      { key: 'ev1', value: { vehicleId: 'ev1', plateCode: '京AD12345', plateColor: 5, vin: VIN, companyId: 'c1', companyPath: ['root', 'c1'], fleetPath: [], terminalPhone: '', deleted: false, updatedAt: Date.now() } },
      { key: 'ev2', value: { vehicleId: 'ev2', plateCode: '京AD12346', plateColor: 5, vin: OTHER_VIN, companyId: 'c2', companyPath: ['root', 'c2'], fleetPath: [], terminalPhone: '', deleted: false, updatedAt: Date.now() } },
    ]);
    await bus.subscribe(Topics.alarmDetected, { group: 'test-alarms', handle: async (messages) => void alarms.push(...messages.map((m) => m.value)) });
    app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'energy-test', config: loadConfig(PlatformConfig, env), bus, env }), EnergyModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    port = app.get(Gb32960Server).port();
    token = `Bearer ${await app.get(TokenService).sign(operator('c1'))}`;
    otherToken = `Bearer ${await app.get(TokenService).sign(operator('c2'))}`;
  });

  afterAll(async () => {
    ev?.socket.destroy();
    await app?.close();
    await dropTestSchema(env, 'energy');
  });

  it('refuses a VIN the registry does not know (0x02) and closes the connection', async () => {
    const stranger = await Ev.open(port);
    const answer = await stranger.call(0x01, login(), 'LUNKNOWN000000000');
    expect(answer).toMatchObject({ command: 1, response: 2 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stranger.closed).toBe(true);
  });

  it('logs a vehicle in (0x01 with the time), refuses the same VIN elsewhere (0x03) and data before login (0x02)', async () => {
    ev = await Ev.open(port);
    const answer = await ev.call(0x01, login());
    expect(answer).toMatchObject({ command: 1, response: 1, vin: VIN });
    expect(answer.data.toString('hex')).toBe('1a0b180a0000');
    const twin = await Ev.open(port);
    expect((await twin.call(0x01, login())).response).toBe(3);
    expect((await twin.call(0x02, encodeRealtime({ time: '2026-11-24 10:00:05', units: units(80, 3.4) }))).response).toBe(2);
    twin.socket.destroy();
  });

  const historyOf = async (vehicleId = 'ev1') => (await request(app.getHttpServer()).get(`/energy/history?vehicleId=${vehicleId}&startTime=${encodeURIComponent('2026-11-24 09:00:00')}&endTime=${encodeURIComponent('2026-11-24 11:00:00')}`).set('Authorization', token).expect(200)).body.data;

  it('answers a report once the bus has it, stores it once when resent, and a reissue marked as such', async () => {
    const report = encodeRealtime({ time: '2026-11-24 10:00:10', units: units(80, 3.412) });
    expect(await ev.call(0x02, report)).toMatchObject({ command: 2, response: 1 });
    expect(await ev.call(0x02, report)).toMatchObject({ command: 2, response: 1 });
    expect((await ev.call(0x03, encodeRealtime({ time: '2026-11-24 09:59:50', units: units(81, 'abnormal') }))).response).toBe(1);
    const history = await eventually(historyOf, (h) => h.t.length === 2, 'two stored reports');
    const latest = (await request(app.getHttpServer()).get('/energy/latest?vehicleId=ev1').set('Authorization', token).expect(200)).body.data;
    // The reissued report is older: the latest stays the real-time one.
    expect(latest).toMatchObject({ vin: VIN, soc: 80, chargeState: 3, voltage: 350.2, current: -12.3, maxCellV: 3.412, maxCellNo: 23, reissued: 0 });
    expect(latest.units[2].voltages[0].cellVoltagesV).toEqual([3.412, 3.3, 'abnormal']);
    const states = (await request(app.getHttpServer()).get('/energy/states?vehicleIds=ev1,ev2').set('Authorization', token).expect(200)).body.data;
    expect(states).toEqual([expect.objectContaining({ vehicleId: 'ev1', soc: 80, chargeState: 3, openAlarms: [] })]);
    expect(history.t).toEqual([Date.parse('2026-11-24T09:59:50+08:00'), Date.parse('2026-11-24T10:00:10+08:00')]);
    expect(history.soc).toEqual([81, 80]);
    // The abnormal cell voltage is no number in the series.
    expect(history.maxVoltages).toEqual([null, 3.412]);
    expect(history.maxVoltageNums).toEqual([23, 23]);
    expect((await request(app.getHttpServer()).get(`/energy/history?vehicleId=ev1&startTime=${encodeURIComponent('2026-11-01 00:00:00')}&endTime=${encodeURIComponent('2026-11-24 00:00:00')}`).set('Authorization', token)).body.errorCode).toBe(300);
  });

  it('starts a battery alarm when a table 18 flag is set and ends it, with the same id, when it clears', async () => {
    // bit 1 battery high temperature, bit 4 SOC low; level 3.
    expect((await ev.call(0x02, encodeRealtime({ time: '2026-11-24 10:00:30', units: units(18, 3.4, [alarmUnit(0b10010, 3)]) }))).response).toBe(1);
    expect((await ev.call(0x02, encodeRealtime({ time: '2026-11-24 10:00:40', units: units(18, 3.4, [alarmUnit(0b10000, 2)]) }))).response).toBe(1);
    // A reissued older report with no flags ends nothing: it is history.
    expect((await ev.call(0x03, encodeRealtime({ time: '2026-11-24 10:00:35', units: units(18, 3.4, [alarmUnit(0, 0)]) }))).response).toBe(1);
    const started = Date.parse('2026-11-24T10:00:30+08:00');
    await eventually(async () => alarms.length, (n) => n >= 3, 'three alarm events');
    expect(alarms).toEqual([
      // Level 3 of GB/T 32960 is our emergency; the VIN stays in the detail.
      expect.objectContaining({ phase: 'start', source: 'energy', type: 'batteryHighTemperature', eventId: `${VIN}:batteryHighTemperature:${started}`, vehicleId: 'ev1', level: 0, startedAt: started, detail: expect.objectContaining({ vin: VIN, gbLevel: 3 }) }),
      expect.objectContaining({ phase: 'start', type: 'socLow', eventId: `${VIN}:socLow:${started}` }),
      expect.objectContaining({ phase: 'end', type: 'batteryHighTemperature', eventId: `${VIN}:batteryHighTemperature:${started}`, at: started + 10_000, level: 1 }),
    ]);
    const states = (await request(app.getHttpServer()).get('/energy/states?vehicleIds=ev1').set('Authorization', token).expect(200)).body.data;
    expect(states[0]).toMatchObject({ soc: 18, alarmLevel: 2, openAlarms: ['socLow'] });
    // The open alarm survives a restart of the ingest's memory: the state is read back from storage.
    (app.get(EnergyIngestService) as unknown as { states: Map<string, unknown> }).states.clear();
    expect((await ev.call(0x02, encodeRealtime({ time: '2026-11-24 10:00:50', units: units(25, 3.4, [alarmUnit(0, 0)]) }))).response).toBe(1);
    await eventually(async () => alarms.length, (n) => n >= 4, 'the end of SOC low');
    // Each event has the level of the report that carried it: 2 intermediate above, none ordinary here.
    expect(alarms[3]).toMatchObject({ phase: 'end', type: 'socLow', startedAt: started, level: 2 });
  });

  it('reads the states a failed write touched again: the batch handed again stores its report, state and alarm', async () => {
    const db = app.get<DataSource>(getDataSourceToken('energy'));
    const at = Date.parse('2026-11-24T10:01:00+08:00');
    await withTableAway(db, 'energy_vehicle_state', async () => {
      expect((await ev.call(0x02, encodeRealtime({ time: '2026-11-24 10:01:00', units: units(30, 3.4, [alarmUnit(0b10, 1)]) }))).response).toBe(1);
      // The first attempt published the start, then its transaction failed.
      await eventually(async () => alarms.filter((a) => a.startedAt === at).length, (n) => n >= 1, 'the start published by the first attempt');
    });
    // Handed again from the stored state (10:00:50, nothing open): the report moves it, and the start goes out again under its id.
    await eventually(async () => (await request(app.getHttpServer()).get('/energy/states?vehicleIds=ev1').set('Authorization', token).expect(200)).body.data[0], (state) => state?.soc === 30, 'the state written by the retry');
    const state = (await request(app.getHttpServer()).get('/energy/states?vehicleIds=ev1').set('Authorization', token).expect(200)).body.data[0];
    expect(state).toMatchObject({ soc: 30, openAlarms: ['batteryHighTemperature'] });
    expect(new Set(alarms.filter((a) => a.startedAt === at).map((a) => a.eventId))).toEqual(new Set([`${VIN}:batteryHighTemperature:${at}`]));
    // It ends at the next report without the flag.
    expect((await ev.call(0x02, encodeRealtime({ time: '2026-11-24 10:01:10', units: units(30, 3.4, [alarmUnit(0, 0)]) }))).response).toBe(1);
    await eventually(async () => alarms.some((a) => a.phase === 'end' && a.startedAt === at), (ended) => ended, 'the end');
  });

  it('skips a frame with a bad BCC, refuses an encrypted one, answers heartbeat, time sync and logout', async () => {
    const bad = encodeFrame({ command: 7, response: 0xfe, vin: VIN, encryption: 1, data: Buffer.alloc(0) });
    bad[bad.length - 1] ^= 0xff;
    const before = ev.answers.length;
    ev.socket.write(bad);
    expect((await ev.call(0x02, encodeRealtime({ time: '2026-11-24 10:00:20', units: units(79, 3.4) }), VIN, 3)).response).toBe(2);
    expect(ev.answers.length).toBe(before + 1);
    expect(await ev.call(0x07, Buffer.alloc(0))).toMatchObject({ command: 7, response: 1 });
    const sync = await ev.call(0x08, Buffer.alloc(0));
    expect(sync.response).toBe(1);
    expect(sync.data.length).toBe(6);
    expect((await ev.call(0x04, Buffer.from('1a0b180a01000001', 'hex'))).response).toBe(1);
    // Logged out: data is refused again.
    expect((await ev.call(0x02, encodeRealtime({ time: '2026-11-24 10:01:00', units: units(79, 3.4) }))).response).toBe(2);
  });

  it('answers frames that arrive in one write in their order, reports once the bus has them', async () => {
    const link = await VehicleSocket.open(port, decodeFrame);
    const frame = (command: number, data: Buffer, encryption = 1) => encodeFrame({ command, response: 0xfe, vin: VIN, encryption, data });
    link.socket.write(
      Buffer.concat([
        frame(0x01, login('2026-11-24 10:02:00')),
        frame(0x02, encodeRealtime({ time: '2026-11-24 10:02:05', units: units(77, 3.4) })),
        frame(0x07, Buffer.alloc(0)),
        frame(0x02, encodeRealtime({ time: '2026-11-24 10:02:15', units: units(76, 3.4) })),
        frame(0x02, encodeRealtime({ time: '2026-11-24 10:02:25', units: units(75, 3.4) }), 3),
        frame(0x08, Buffer.alloc(0)),
      ]),
    );
    await link.next(5);
    expect(link.answers.map((a) => [a.command, a.response])).toEqual([[1, 1], [2, 1], [7, 1], [2, 1], [2, 2], [8, 1]]);
    // Each report's answer carries its own time.
    expect([link.answers[1]!.data.toString('hex'), link.answers[3]!.data.toString('hex')]).toEqual(['1a0b180a0205', '1a0b180a020f']);
    const history = await eventually(historyOf, (h) => h.t.includes(Date.parse('2026-11-24T10:02:15+08:00')), 'the pipelined reports stored');
    expect(history.t).toContain(Date.parse('2026-11-24T10:02:05+08:00'));
    expect(history.t).not.toContain(Date.parse('2026-11-24T10:02:25+08:00'));
    link.socket.destroy();
  });

  it('shows a vehicle’s battery only to its company', async () => {
    expect((await request(app.getHttpServer()).get('/energy/latest?vehicleId=ev1').set('Authorization', otherToken)).body.errorCode).toBe(8002);
    expect((await request(app.getHttpServer()).get('/energy/latest?vehicleId=ev2').set('Authorization', otherToken).expect(200)).body.data).toBeNull();
    expect((await request(app.getHttpServer()).get('/energy/states?vehicleIds=ev1').set('Authorization', otherToken).expect(200)).body.data).toEqual([]);
  });

  if (engine === 'mysql') {
    it('keeps energy_report in day partitions, adding days ahead and dropping days past retention', async () => {
      const maintenance = app.get(EnergyPartitionMaintenance);
      const today = Math.floor(Date.now() / 86_400_000) * 86_400;
      const dayName = (dayS: number) => `p_${new Date(dayS * 1000).toISOString().slice(0, 10).replace(/-/g, '')}`;
      const names = async () => (await maintenance.partitioned.partitions()).map((p) => p.name);
      expect(await names()).toEqual(expect.arrayContaining([dayName(today), dayName(today + 7 * 86_400), 'p_future']));
      // Bounds are in milliseconds, like collected_at.
      const bounds = await maintenance.partitioned.partitions();
      expect(bounds.find((p) => p.name === dayName(today))?.lessThanS).toBe(today + 86_400);
      const plan = await maintenance.runOnce(Date.now() + 200 * 86_400_000);
      expect(plan.drop).toContain(dayName(today));
      expect(await names()).toContain(dayName(today + 207 * 86_400));
      // The reports of 2026-11-24 were in today's partition (it also takes anything older): gone with it.
      expect((await historyOf()).t).toEqual([]);
    });
  }
});

describe('GB/T 32960 gateway under open registration', () => {
  const env: NodeJS.ProcessEnv = { ...testStorageEnv('sqlite', 'energy'), LOG_LEVEL: 'silent', ENERGY_32960_PORT: '0', ENERGY_HJ1239_PORT: '0', ENERGY_REGISTRATION: 'open', AUTH_JWT_SECRET: 'energy-test-secret-energy-test-secret-0123456' };
  let app: INestApplication;
  const published: string[] = [];

  beforeAll(async () => {
    const bus = new InProcessBus({ logger: silentBusLogger });
    await bus.subscribe(Topics.energyReport, { group: 'test-reports', handle: async (messages) => void published.push(...messages.flatMap((m) => m.value.reports.map((r) => r.vin))) });
    await bus.publish(Topics.vehicleRegistry, [{ key: 'ev1', value: { vehicleId: 'ev1', plateCode: '京AD12345', plateColor: 5, vin: VIN, companyId: 'c1', companyPath: ['root', 'c1'], fleetPath: [], terminalPhone: '', deleted: false, updatedAt: Date.now() } }]);
    app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'energy-open-test', config: loadConfig(PlatformConfig, env), bus, env }), EnergyModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await dropTestSchema(env, 'energy');
  });

  it('logs in a VIN outside the registry and answers its reports without keeping them; a known VIN is kept', async () => {
    const stranger = await Ev.open(app.get(Gb32960Server).port());
    expect((await stranger.call(0x01, login(), OTHER_VIN)).response).toBe(1);
    expect((await stranger.call(0x02, encodeRealtime({ time: '2026-11-24 10:00:10', units: units(80, 3.4) }), OTHER_VIN)).response).toBe(1);
    const known = await Ev.open(app.get(Gb32960Server).port());
    expect((await known.call(0x01, login())).response).toBe(1);
    expect((await known.call(0x02, encodeRealtime({ time: '2026-11-24 10:00:10', units: units(80, 3.4) }))).response).toBe(1);
    await eventually(async () => published.length, (n) => n >= 1, 'the known VIN on the bus');
    expect(published).toEqual([VIN]);
    stranger.socket.destroy();
    known.socket.destroy();
  });
});
