// The cold chain on SQLite and MariaDB: the industry service on an in-process bus the test feeds like tracking and admin would. A scripted reefer day (G10LS probes
// in 0x51, the rear door in the status word) gives one door-open-while-moving alarm, one too-warm
// excursion of known start and end (a shorter one gives none), the trip's time in range and the
// alarms on the alarm service's contract (alarm.detected.v1, source coldChain: a start and an end
// each, under one event id); a batch whose first write failed (the excursion table away for a moment)
// is handed again and stores all of it; a replayed batch writes and raises nothing twice; profiles and settings with their checks; vehicle scope and action codes.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { TokenService, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { detectedAlarmCodec, formatChinaTime, Topics, type ColdChainCurve, type ColdChainExcursion, type ColdChainLiveRow, type ColdChainProfile, type ColdChainReport, type DetectedAlarmEvent, type Position, type VehicleRegistryEntry } from '@openfleet/contracts';
import { placeIndexReady } from '@openfleet/geo';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv, withTableAway } from '@openfleet/storage';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { IndustryModule } from '../src';

jest.setTimeout(120_000);

const COLD_CODES = ['coldChainMonitor', 'coldChainMonitor:search', 'coldChainMonitor:export', 'coldChainMonitor:modify', 'coldChainReport', 'coldChainReport:search', 'coldChainReport:export'];
const vehicle = (vehicleId: string, terminalPhone: string, companyPath: string[], fleetPath: string[] = []): VehicleRegistryEntry => ({
  vehicleId, plateCode: `沪C${vehicleId}`, plateColor: 2, vin: '', companyId: companyPath[companyPath.length - 1], companyPath, fleetPath, terminalPhone, deleted: false, updatedAt: Date.now(),
});
const VEHICLES = [vehicle('v1', '13911100001', ['root', 'c1'], ['f1']), vehicle('v2', '13911100002', ['root', 'c2']), vehicle('v3', '13911100003', ['root', 'c1'])];
const user = (id: string, company: string, roleIds: string[], superAdmin = false): AuthUser => ({ id, companyId: company, userType: superAdmin ? 4 : 1, roleIds, superAdmin, scope: { companies: superAdmin ? [] : [company], fleets: [] } });

const waitFor = async (check: () => boolean | Promise<boolean>, what: string) => {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const MIN = 60_000;
// Two hours ago, on a whole minute: the script is 31 minutes long.
const T0 = Math.floor((Date.now() - 2 * 3600_000) / MIN) * MIN;
const REAR_DOOR = 1 << 15;

/** G10LS 0x51: 8 signed WORDs of 0.1 °C; probe 1 as scripted, probe 2 steady at -20.0, the rest unplugged (7FFF). */
const probesHex = (celsius: number) => {
  const word = (value: number) => (Math.round(value * 10) & 0xffff).toString(16).padStart(4, '0');
  return word(celsius) + word(-20) + '7fff'.repeat(6);
};

interface Minute {
  celsius: number;
  kmh: number;
  door?: boolean;
  acc?: boolean;
}

/** The reefer's day, one report a minute: door open while moving at 4-5, too warm 10-16 (7 min), a short spell 20-22, ACC off at 30. */
const SCRIPT: Minute[] = Array.from({ length: 31 }, (_, minute) => ({
  celsius: minute >= 10 && minute <= 16 ? -12 : minute >= 20 && minute <= 22 ? -13 : -18,
  kmh: minute < 30 ? 40 : 0,
  door: minute === 4 || minute === 5,
  acc: minute < 30,
}));

describe.each(['sqlite', 'mysql'] as const)('cold chain on %s', (engine) => {
  const env: NodeJS.ProcessEnv = { ...testStorageEnv(engine, 'coldchain'), LOG_LEVEL: 'silent', ALARM_ATTACHMENT_PORT: '0', AUTH_JWT_SECRET: 'cold-chain-test-secret-cold-chain-test-0123456' };
  let bus: InProcessBus;
  let app: INestApplication;
  const tokens: Record<string, string> = {};
  const detected: DetectedAlarmEvent[] = [];

  const position = (v: VehicleRegistryEntry, minute: number, step: Minute): Position => ({
    terminalPhone: v.terminalPhone, vehicleId: v.vehicleId, gpsTimeS: (T0 + minute * MIN) / 1000, receivedAtMs: Date.now(), latitudeE6: 31_200_000 + minute * 100, longitudeE6: 121_400_000, altitudeM: 0,
    speedDkmh: step.kmh * 10, directionDeg: 0, alarmFlags: 0, statusFlags: ((step.acc ?? true) ? 3 : 2) | (step.door ? REAR_DOOR : 0), mileageHm: 0, hasMileage: false, fuelDl: 0, hasFuel: false,
    recordedSpeedDkmh: 0, hasRecordedSpeed: false, blindArea: false, serial: minute, sequence: 0, extrasJson: JSON.stringify({ raw0x51: probesHex(step.celsius), signalStrength: 20 }),
  });
  const send = (list: Position[]) => bus.publish(Topics.position, list.map((value) => ({ key: value.terminalPhone, value })));
  const http = () => request(app.getHttpServer());
  const get = async <T>(path: string, token = tokens.manager) => (await http().get(path).set('Authorization', token).expect(200)).body as { flag: boolean; errorCode: number; data: T };
  const put = async <T>(path: string, body: object, token = tokens.manager) => (await http().put(path).set('Authorization', token).send(body).expect(200)).body as { flag: boolean; errorCode: number; data: T };
  const window = `startTime=${encodeURIComponent(formatChinaTime(T0 - MIN))}&endTime=${encodeURIComponent(formatChinaTime(T0 + 40 * MIN))}`;
  const excursions = async (vehicleId = 'v1') => (await get<{ records: ColdChainExcursion[] }>(`/industry/coldChain/excursions?${window}&vehicleIds=${vehicleId}`)).data.records.reverse();
  const SETTINGS = { vehicleId: 'v1', profileId: 'g10ls-0x51', temperature: { min: -25, max: -15 }, humidity: { min: null, max: null }, minDurationS: 300, doorMovingS: 0, doorOpenMaxS: 600, tripRanges: [] };

  beforeAll(async () => {
    bus = new InProcessBus({ logger: silentBusLogger, backoff: { initialMs: 20, maxMs: 200 } });
    await bus.subscribe(Topics.alarmDetected, { group: 'probe', handle: async (messages) => void detected.push(...messages.map((m) => m.value)) });
    await bus.publish(Topics.rolePermissions, [
      { key: 'cold', value: { roleId: 'cold', actionCodes: COLD_CODES, deleted: false, updatedAt: Date.now() } },
      { key: 'viewer', value: { roleId: 'viewer', actionCodes: ['coldChainMonitor', 'coldChainMonitor:search'], deleted: false, updatedAt: Date.now() } },
      { key: 'protocol', value: { roleId: 'protocol', actionCodes: ['protocolM', 'protocolM:search', 'protocolM:add', 'protocolM:modify'], deleted: false, updatedAt: Date.now() } },
      { key: 'protocolDelete', value: { roleId: 'protocolDelete', actionCodes: ['protocolM:delete'], deleted: false, updatedAt: Date.now() } },
    ]);
    await bus.publish(Topics.vehicleRegistry, VEHICLES.map((value) => ({ key: value.vehicleId, value })));
    app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'cold-chain-test', config: loadConfig(PlatformConfig, env), bus, env }), IndustryModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    await app.get(VehicleRegistry).ready;
    // The place index loads in a worker and lookups answer '' until it is ready: excursions are named only after.
    await placeIndexReady();
    const sign = async (u: AuthUser) => `Bearer ${await app.get(TokenService).sign(u)}`;
    Object.assign(tokens, { admin: await sign(user('9', 'root', [], true)), manager: await sign(user('1', 'c1', ['cold'])), viewer: await sign(user('2', 'c1', ['viewer'])), protocol: await sign(user('4', 'c1', ['protocol'])), protocolAll: await sign(user('5', 'c1', ['protocol', 'protocolDelete'])), other: await sign(user('3', 'c2', ['cold'])) });
  });
  afterAll(async () => {
    await app?.close();
    await dropTestSchema(env, 'industry');
  });

  it('stores a vehicle’s settings with their checks, for its own company only', async () => {
    expect(await put('/industry/coldChain/settings', { ...SETTINGS, temperature: { min: -10, max: -20 } })).toMatchObject({ flag: false, errorCode: 400 });
    expect(await put('/industry/coldChain/settings', { ...SETTINGS, profileId: 'nope' })).toMatchObject({ flag: false, errorCode: 400 });
    expect(await put('/industry/coldChain/settings', SETTINGS, tokens.other)).toMatchObject({ flag: false, errorCode: 8002 });
    expect(await put('/industry/coldChain/settings', SETTINGS, tokens.viewer)).toMatchObject({ flag: false, errorCode: 403 });
    expect((await put('/industry/coldChain/settings', SETTINGS)).data).toMatchObject({ vehicleId: 'v1', profileId: 'g10ls-0x51', temperature: { min: -25, max: -15 }, minDurationS: 300 });
    // A malformed body never reaches the service: 400 from validation.
    const bad = await http().put('/industry/coldChain/settings').set('Authorization', tokens.manager).send({ ...SETTINGS, minDurationS: 'long' }).expect(400);
    expect(bad.body).toMatchObject({ flag: false, errorCode: 400 });
    expect((await get('/industry/coldChain/settings?vehicleId=v1&_t=1764201600000', tokens.viewer)).data).toMatchObject({ profileId: 'g10ls-0x51' });
    expect(await get('/industry/coldChain/settings?vehicleId=v1', tokens.other)).toMatchObject({ flag: false, errorCode: 8002 });
  });

  it('finds the door opened while moving and the long excursion (not the short one), once, with the trip’s time in range', async () => {
    const batch = SCRIPT.map((step, minute) => position(VEHICLES[0], minute, step));
    // The first delivery meets the excursion table away: the bus hands the batch again, which must start from the states before it.
    const db = app.get<DataSource>(getDataSourceToken('industry'));
    await withTableAway(db, 'cold_chain_excursion', async () => {
      // v3 is not in the cold chain: its reports are not kept.
      await send([...batch, position(VEHICLES[2], 0, SCRIPT[0])]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(detected).toEqual([]);
    });
    await waitFor(async () => (await excursions()).length === 2, 'the two excursions');
    // The same batch again (a redelivery): nothing new.
    await send(batch);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await excursions()).toEqual([
      expect.objectContaining({ type: 'coldChainDoorOpenMoving', probe: 1, startedAt: T0 + 4 * MIN, endedAt: T0 + 6 * MIN, durationS: 120 }),
      expect.objectContaining({ type: 'coldChainTooWarm', probe: 1, startedAt: T0 + 10 * MIN, endedAt: T0 + 17 * MIN, durationS: 420, extreme: -12 }),
    ]);
    // Named offline where it started (31.201 N, 121.4 E: Shanghai).
    expect((await excursions())[1].place).toMatch(/^上海市/);

    // Raised on alarm.detected.v1 (the alarm service stores them, docs/alarms.md): a start and an end each, once, under one id.
    expect(detected.map((a) => [a.type, a.phase, a.at])).toEqual([
      ['coldChainDoorOpenMoving', 'start', T0 + 4 * MIN],
      ['coldChainDoorOpenMoving', 'end', T0 + 6 * MIN],
      ['coldChainTooWarm', 'start', T0 + 10 * MIN],
      ['coldChainTooWarm', 'end', T0 + 17 * MIN],
    ]);
    expect(detected[2]).toMatchObject({ source: 'coldChain', level: 1, vehicleId: 'v1', startedAt: T0 + 10 * MIN, eventId: detected[3].eventId, detail: { probe: 1, extreme: -12 } });
    expect(detectedAlarmCodec.decode(detectedAlarmCodec.encode(detected[3]))).toEqual(detected[3]);

    // One trip, minutes 0-29 (ACC off at 30): 29 minutes measured, 10 of them out of range (10-16, 20-22).
    const report = (await get<ColdChainReport>(`/industry/coldChain/report?${window}`)).data;
    expect(report.rows).toEqual([
      expect.objectContaining({ vehicleId: 'v1', startedAt: T0, endedAt: T0 + 29 * MIN, measuredS: 1740, inRangeS: 1140, inRangePercent: 65.5, minTemperature: -20, maxTemperature: -12, excursions: 2, doorOpenS: 120 }),
    ]);

    const live = (await get<{ records: ColdChainLiveRow[]; total: number }>('/industry/coldChain/live', tokens.viewer)).data;
    expect(live.records).toEqual([expect.objectContaining({ vehicleId: 'v1', at: T0 + 30 * MIN, temperatures: [-18, -20], doors: [false], active: [], profileId: 'g10ls-0x51', place: expect.stringMatching(/^上海市/) })]);

    const curve = (await get<ColdChainCurve>(`/industry/coldChain/curve?vehicleId=v1&${window}&_t=1764201600000`)).data;
    expect(curve.points).toHaveLength(31);
    expect(curve.points[12]).toMatchObject({ at: T0 + 12 * MIN, temperatures: [-12, -20], doors: [false] });
    expect(curve.excursions.map((e) => e.type)).toEqual(['coldChainDoorOpenMoving', 'coldChainTooWarm']);
  });

  it('keeps profiles to their company and built-in ones unchanged', async () => {
    const fields = [{ quantity: 'temperature', probe: 1, source: 'extra', extraId: 0xe3, offset: 0, type: 's16', scale: 0.1, offsetValue: 0, unit: 'C' }];
    const created = await http().post('/industry/coldChain/profiles').set('Authorization', tokens.manager).send({ companyId: 'c1', name: '某厂冷机', terminalModel: 'X-1', source: 'vendor sheet', fields }).expect(200);
    const profileId = (created.body.data as ColdChainProfile).profileId;
    const listed = async (token: string) => (await get<ColdChainProfile[]>('/industry/coldChain/profiles', token)).data.map((p) => p.profileId);
    expect(await listed(tokens.manager)).toEqual(['jt808-standard', 'analog-transmitter', 'g10ls-0x51', profileId]);
    expect(await listed(tokens.other)).toEqual(['jt808-standard', 'analog-transmitter', 'g10ls-0x51']);
    expect(await put(`/industry/coldChain/profiles/${profileId}`, { name: 'x', terminalModel: '', source: '', fields }, tokens.other)).toMatchObject({ flag: false, errorCode: 410 });
    expect(await put('/industry/coldChain/profiles/g10ls-0x51', { name: 'x', terminalModel: '', source: '', fields })).toMatchObject({ flag: false, errorCode: 400 });
    // A door read from the status word must be a bit; an unknown value type never passes validation.
    expect(await put(`/industry/coldChain/profiles/${profileId}`, { name: 'x', terminalModel: '', source: '', fields: [{ ...fields[0], source: 'status' }] })).toMatchObject({ flag: false, errorCode: 400 });
    await http().put(`/industry/coldChain/profiles/${profileId}`).set('Authorization', tokens.manager).send({ name: 'x', terminalModel: '', source: '', fields: [{ ...fields[0], type: 'f32' }] }).expect(400);
    // Another company's vehicle cannot use it.
    expect(await put('/industry/coldChain/settings', { ...SETTINGS, vehicleId: 'v2', profileId }, tokens.admin)).toMatchObject({ flag: false, errorCode: 400 });
  });

  it('lets the protocolM page’s codes manage profiles, each code its own change, and nothing else', async () => {
    const fields = [{ quantity: 'humidity', probe: 1, source: 'extra', extraId: 0xe4, offset: 2, type: 'u16', scale: 0.1, offsetValue: 0, unit: '%RH' }];
    const body = { companyId: 'c1', name: '协议页探头', terminalModel: 'P-2', source: 'vendor sheet', fields };
    // The monitor's viewer reads profiles but changes none; protocolM:add / modify / delete each allow their own call.
    expect((await http().post('/industry/coldChain/profiles').set('Authorization', tokens.viewer).send(body).expect(200)).body).toMatchObject({ flag: false, errorCode: 403 });
    const created = (await http().post('/industry/coldChain/profiles').set('Authorization', tokens.protocol).send(body).expect(200)).body as { flag: boolean; data: ColdChainProfile };
    expect(created.flag).toBe(true);
    const { profileId } = created.data;
    expect((await get<ColdChainProfile[]>('/industry/coldChain/profiles', tokens.protocol)).data.map((p) => p.profileId)).toContain(profileId);
    expect((await put<ColdChainProfile>(`/industry/coldChain/profiles/${profileId}`, { name: '协议页探头 2', terminalModel: 'P-2', source: '', fields }, tokens.protocol)).data.name).toBe('协议页探头 2');
    expect((await http().delete(`/industry/coldChain/profiles/${profileId}`).set('Authorization', tokens.protocol).expect(200)).body).toMatchObject({ flag: false, errorCode: 403 });
    // The page's codes are not the monitor's: no vehicle settings through them.
    expect(await put('/industry/coldChain/settings', SETTINGS, tokens.protocol)).toMatchObject({ flag: false, errorCode: 403 });
    expect((await http().delete(`/industry/coldChain/profiles/${profileId}`).set('Authorization', tokens.protocolAll).expect(200)).body).toMatchObject({ flag: true });
    expect((await get<ColdChainProfile[]>('/industry/coldChain/profiles', tokens.protocol)).data.map((p) => p.profileId)).not.toContain(profileId);
  });

  it('keeps to the vehicle scope and the action codes', async () => {
    expect(await get(`/industry/coldChain/curve?vehicleId=v1&${window}`, tokens.other)).toMatchObject({ flag: false, errorCode: 8002 });
    expect(await get(`/industry/coldChain/report?${window}&vehicleIds=v1`, tokens.other)).toMatchObject({ flag: false, errorCode: 8002 });
    expect((await get<ColdChainReport>(`/industry/coldChain/report?${window}`, tokens.other)).data.total).toBe(0);
    expect((await get<{ total: number }>('/industry/coldChain/live', tokens.other)).data.total).toBe(0);
    // The viewer watches the monitor but has no report, no export and no settings to change.
    expect(await get(`/industry/coldChain/report?${window}`, tokens.viewer)).toMatchObject({ flag: false, errorCode: 403 });
    expect(await get('/industry/coldChain/live/export', tokens.viewer)).toMatchObject({ flag: false, errorCode: 403 });
    expect(await get(`/industry/coldChain/excursions?startTime=2026-01-01%2000:00:00&endTime=2026-03-01%2000:00:00`)).toMatchObject({ flag: false, errorCode: 300 });
    const sheet = await http().get(`/industry/coldChain/report/export?${window}`).set('Authorization', tokens.manager).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    expect((sheet.body as Buffer).subarray(0, 2).toString()).toBe('PK');
  });
});
