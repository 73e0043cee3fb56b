// The fuel ledger on SQLite and MariaDB: the vehicle-service and the alarm service in one app on an
// in-process bus the test feeds like tracking and admin would. Scripted positions become a refuel
// and a siphoning (across a restart: the detector's state is reloaded), a two-tank vehicle read by
// sensor heights through its calibration tables, the report's figures with the CAN comparison, the
// theft alarm (alarm.detected.v1, source fuel) through the alarm API, a batch whose first write failed
// (the event table away for a moment) written whole when handed again, a replayed batch that writes
// nothing twice, thresholds, and the vehicle scope and action codes.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { AlarmModule } from '@openfleet/alarm';
import { TokenService, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { chinaDate, chinaDayStartOf, formatChinaTime, Topics, type FuelEventView, type FuelReport, type Position, type VehicleFuelTanks, type VehicleRegistryEntry } from '@openfleet/contracts';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv, withTableAway } from '@openfleet/storage';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { FuelExportTaskService, VehicleServiceModule } from '@openfleet/vehicle-service';

jest.setTimeout(120_000);

const FUEL_CODES = ['fuelReport', 'fuelReport:search', 'fuelReport:export', 'fuelEvents', 'fuelEvents:search', 'fuelEvents:export', 'fuelEvents:modify'];
const vehicle = (vehicleId: string, terminalPhone: string, companyPath: string[], fleetPath: string[] = []): VehicleRegistryEntry => ({
  vehicleId, plateCode: `京F${vehicleId}`, plateColor: 1, vin: `LFUEL${vehicleId.padStart(12, '0')}`, companyId: companyPath[companyPath.length - 1], companyPath, fleetPath, terminalPhone, deleted: false, updatedAt: Date.now(),
});
const VEHICLES = [vehicle('v1', '13900000001', ['c1'], ['f1']), vehicle('v2', '13900000002', ['c2']), vehicle('v3', '13900000003', ['c1'])];
/** v3 has two tanks read by height: 500 mm = 200 L and 400 mm = 100 L, linear. */
const TANKS: VehicleFuelTanks = {
  vehicleId: 'v3',
  tanks: [
    { tankId: 't1', slot: 1, capacity: 200, height: 500, points: [{ height: 0, quantity: 0 }, { height: 500, quantity: 200 }] },
    { tankId: 't2', slot: 2, capacity: 100, height: 400, points: [{ height: 0, quantity: 0 }, { height: 400, quantity: 100 }] },
  ],
  updatedAt: Date.now(),
};
const user = (id: string, company: string, roleIds: string[], superAdmin = false): AuthUser => ({ id, companyId: company, userType: superAdmin ? 4 : 1, roleIds, superAdmin, scope: { companies: superAdmin ? [] : [company], fleets: [] } });

const waitFor = async (check: () => boolean | Promise<boolean>, what: string) => {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

// Yesterday 02:00 China time: the whole series falls in one day.
const T0 = Math.floor((chinaDayStartOf(Date.now()) - 86_400_000 + 2 * 3_600_000) / 1000);
const DAY = chinaDate(T0 * 1000);

interface Step {
  litres?: number;
  heights?: [number, number];
  driving?: boolean;
  acc?: boolean;
  canDl?: number;
}

describe.each(['sqlite', 'mysql'] as const)('fuel ledger on %s', (engine) => {
  const env: NodeJS.ProcessEnv = { ...testStorageEnv(engine, 'fuel'), LOG_LEVEL: 'silent', ALARM_ATTACHMENT_PORT: '0', AUTH_JWT_SECRET: 'fuel-test-secret-fuel-test-secret-0123456789ab' };
  let bus: InProcessBus;
  let app: INestApplication;
  const tokens: Record<string, string> = {};
  const mileage = new Map<string, number>();

  const start = async () => {
    bus = new InProcessBus({ logger: silentBusLogger, backoff: { initialMs: 20, maxMs: 200 } });
    await bus.publish(Topics.rolePermissions, [
      { key: 'fuel', value: { roleId: 'fuel', actionCodes: FUEL_CODES, deleted: false, updatedAt: Date.now() } },
      { key: 'monitor', value: { roleId: 'monitor', actionCodes: ['multiCar'], deleted: false, updatedAt: Date.now() } },
    ]);
    await bus.publish(Topics.vehicleRegistry, VEHICLES.map((value) => ({ key: value.vehicleId, value })));
    await bus.publish(Topics.vehicleFuelTanks, { key: 'v3', value: TANKS });
    app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'fuel-test', config: loadConfig(PlatformConfig, env), bus, env }), VehicleServiceModule, AlarmModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    await app.get(VehicleRegistry).ready;
    const sign = async (u: AuthUser) => `Bearer ${await app.get(TokenService).sign(u)}`;
    Object.assign(tokens, { admin: await sign(user('9', 'c1', [], true)), manager: await sign(user('1', 'c1', ['fuel'])), monitor: await sign(user('2', 'c1', ['monitor'])), other: await sign(user('3', 'c2', ['fuel'])) });
  };

  /** One position every 10 s from `fromStep`; driving adds 0.2 km to the terminal's odometer. */
  const positions = (v: VehicleRegistryEntry, fromStep: number, steps: Step[]): Position[] =>
    steps.map((step, index) => {
      const km = (mileage.get(v.vehicleId) ?? 1000) + (step.driving ? 0.2 : 0);
      mileage.set(v.vehicleId, km);
      const extras: Record<string, unknown> = {};
      if (step.heights) extras.analog = { ad0: step.heights[0], ad1: step.heights[1] };
      if (step.canDl !== undefined) extras.raw0xe1 = step.canDl.toString(16).padStart(8, '0');
      const s = T0 + (fromStep + index) * 10;
      return {
        terminalPhone: v.terminalPhone, vehicleId: v.vehicleId, gpsTimeS: s, receivedAtMs: Date.now(), latitudeE6: 39_900_000 + fromStep + index, longitudeE6: 116_400_000, altitudeM: 0, speedDkmh: step.driving ? 720 : 0, directionDeg: 0,
        alarmFlags: 0, statusFlags: (step.acc ?? true) ? 3 : 2, mileageHm: Math.round(km * 10), hasMileage: true, fuelDl: Math.round((step.litres ?? 0) * 10), hasFuel: step.litres !== undefined,
        recordedSpeedDkmh: 0, hasRecordedSpeed: false, blindArea: false, serial: index, sequence: 0, extrasJson: Object.keys(extras).length ? JSON.stringify(extras) : '',
      };
    });
  const send = (list: Position[]) => bus.publish(Topics.position, list.map((value) => ({ key: value.terminalPhone, value })));
  const get = async <T>(path: string, token = tokens.manager) => (await request(app.getHttpServer()).get(path).set('Authorization', token).expect(200)).body as { flag: boolean; errorCode: number; data: T };
  const window = `startTime=${encodeURIComponent(formatChinaTime((T0 - 60) * 1000))}&endTime=${encodeURIComponent(formatChinaTime((T0 + 3 * 3600) * 1000))}`;
  const events = async (vehicleId: string) => (await get<{ records: FuelEventView[] }>(`/vehicleService/fuel/events?${window}&vehicleIds=${vehicleId}`)).data.records.reverse();

  beforeAll(start);
  afterAll(async () => {
    await app?.close();
    await dropTestSchema(env, 'vehicle_service');
    await dropTestSchema(env, 'alarm');
  });

  it('finds a refuel and, after a restart, a siphoning; raises the theft alarm once; reports the figures', async () => {
    const v1 = VEHICLES[0];
    // Drive 10 steps burning 0.1 L each (CAN counter in 1/10 L along), stop, pump 100 -> 250 L, wait.
    let can = 5000;
    const drive = (from: number, count: number): Step[] => Array.from({ length: count }, (_, i) => ({ litres: from - (i + 1) * 0.1, driving: true, canDl: (can += 1) }));
    const first = [...drive(100.1, 11), ...Array.from({ length: 6 }, () => ({ litres: 99, canDl: can })), ...Array.from({ length: 10 }, (_, i) => ({ litres: 99 + (i + 1) * 15, canDl: can })), ...Array.from({ length: 20 }, () => ({ litres: 249, canDl: can }))];
    const batch = positions(v1, 0, first);
    // The first delivery meets the event table away: handed again, the batch must start from the states before it, or the refuel is lost.
    const db = app.get<DataSource>(getDataSourceToken('vehicle_service'));
    await withTableAway(db, 'fuel_event', async () => {
      await send(batch);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await waitFor(async () => (await events('v1')).length === 1, 'the refuel');
    // The same batch again (a redelivery): nothing new.
    await send(batch);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // From the level the stop settled at (the median lags the last 0.1 L steps): within 0.5 L of the 150 pumped.
    const [refuel] = await events('v1');
    expect(await events('v1')).toEqual([expect.objectContaining({ kind: 'refuel', litresAfter: 249, whileStopped: true })]);
    expect(Math.abs(refuel.amountL - 150)).toBeLessThanOrEqual(0.5);

    await app.close();
    await start();
    // Drive 20 steps (4 km, 2 L), park with ACC off, 30 L siphoned in a minute, wait.
    const second = [...drive(249, 20), ...Array.from({ length: 6 }, () => ({ litres: 247, acc: false, canDl: can })), ...Array.from({ length: 6 }, (_, i) => ({ litres: 247 - (i + 1) * 5, acc: false, canDl: can })), ...Array.from({ length: 20 }, () => ({ litres: 217, acc: false, canDl: can }))];
    await send(positions(v1, first.length, second));
    await waitFor(async () => (await events('v1')).length === 2, 'the siphoning');
    const theft = (await events('v1'))[1];
    expect(theft).toMatchObject({ kind: 'theft', litresAfter: 217, whileStopped: true });
    expect(Math.abs(theft.amountL - 30)).toBeLessThanOrEqual(0.5);

    // Raised on alarm.detected.v1: stored by the alarm service with the fuel ledger as its source, the
    // terminal's phone and plate from the registry, intermediate, start to end of the siphoning.
    const alarms = async () => (await get<{ records: Record<string, unknown>[] }>(`/gps/alarm/page?${window}`, tokens.admin)).data.records.filter((a) => a.type === 'fuelTheft');
    await waitFor(async () => (await alarms()).length === 1, 'the theft alarm');
    expect((await alarms())[0]).toMatchObject({ source: 'fuel', level: 1, vehicleId: 'v1', terminalPhone: '13900000001', plateCode: '京Fv1', startedAt: theft.startedAt, endedAt: theft.endedAt, detail: expect.objectContaining({ amountL: theft.amountL, litresAfter: 217, whileStopped: true }) });

    const report = (await get<FuelReport>(`/vehicleService/fuel/report?${window}&vehicleIds=v1`)).data;
    expect(report.total).toBe(1);
    const row = report.rows[0];
    // 30 driving steps of 0.2 km after the first report (the CAN counter 3 L over them); refuel and loss from the events; consumed about 100 - 217 + 150 - 30 = 3.
    expect(row).toMatchObject({ vehicleId: 'v1', fleetId: 'f1', day: '', suspectedLossL: theft.amountL, canConsumedL: 3 });
    expect(row.refuelledL).toBe(refuel.amountL);
    expect(row.distanceKm).toBeCloseTo(6, 1);
    expect(row.consumedL).toBeGreaterThanOrEqual(2.5);
    expect(row.consumedL).toBeLessThanOrEqual(3.5);
    expect(row.litresPer100Km).toBeCloseTo((row.consumedL / row.distanceKm) * 100, 0);
    expect(row.canDifferenceL).toBeCloseTo(row.consumedL - 3, 1);
    expect(report.fleets).toEqual([expect.objectContaining({ fleetId: 'f1', vehicles: 1, refuelledL: refuel.amountL, suspectedLossL: theft.amountL })]);
    // One trip: ACC on from the first report to the parking (ACC off) before the siphoning.
    const trips = (await get<{ distanceKm: number; refuelledL: number; suspectedLossL: number }[]>(`/vehicleService/fuel/trips?vehicleId=v1&${window}`)).data;
    expect(trips).toHaveLength(1);
    expect(trips[0]).toMatchObject({ refuelledL: refuel.amountL, suspectedLossL: 0 });
    expect(trips[0].distanceKm).toBeCloseTo(6, 1);
    const byDay = (await get<FuelReport>(`/vehicleService/fuel/report?${window}&vehicleIds=v1&groupBy=day`)).data;
    expect(byDay.rows.map((r) => r.day)).toEqual([DAY]);

    const curve = (await get<{ points: { at: number; litres: number }[]; events: FuelEventView[] }>(`/vehicleService/fuel/curve?vehicleId=v1&${window}`, tokens.monitor)).data;
    expect(curve.events.map((e) => e.kind)).toEqual(['refuel', 'theft']);
    expect(Math.max(...curve.points.map((p) => p.litres))).toBe(249);
    expect(curve.points[curve.points.length - 1].litres).toBe(217);
  });

  it('reads a two-tank vehicle by sensor heights and finds a refuel of one tank', async () => {
    const v3 = VEHICLES[2];
    // 250 mm = 100 L in tank 1, 200 mm = 50 L in tank 2; tank 2 filled to 400 mm (+50 L).
    const steps: Step[] = [
      ...Array.from({ length: 8 }, () => ({ heights: [250, 200] as [number, number] })),
      ...Array.from({ length: 5 }, (_, i) => ({ heights: [250, 200 + (i + 1) * 40] as [number, number] })),
      ...Array.from({ length: 20 }, () => ({ heights: [250, 400] as [number, number] })),
    ];
    await send(positions(v3, 0, steps));
    await waitFor(async () => (await events('v3')).length === 1, 'the two-tank refuel');
    expect((await events('v3'))[0]).toMatchObject({ kind: 'refuel', amountL: 50, litresBefore: 150, litresAfter: 200 });
  });

  it('keeps to the vehicle scope and the action codes', async () => {
    // Another company's vehicle: as unknown (8002), in the curve and in a filter.
    expect(await get(`/vehicleService/fuel/curve?vehicleId=v1&${window}`, tokens.other)).toMatchObject({ flag: false, errorCode: 8002 });
    expect(await get(`/vehicleService/fuel/report?${window}&vehicleIds=v1`, tokens.other)).toMatchObject({ flag: false, errorCode: 8002 });
    expect((await get<FuelReport>(`/vehicleService/fuel/report?${window}`, tokens.other)).data.total).toBe(0);
    // The monitor role sees the curve (multiCar) but not the report, the events or the settings.
    expect(await get(`/vehicleService/fuel/report?${window}`, tokens.monitor)).toMatchObject({ flag: false, errorCode: 403 });
    expect(await get(`/vehicleService/fuel/events?${window}`, tokens.monitor)).toMatchObject({ flag: false, errorCode: 403 });
    expect(await get(`/vehicleService/fuel/events/export?${window}`, tokens.monitor)).toMatchObject({ flag: false, errorCode: 403 });
    // A window over 31 days: 300; a bad kind: 400.
    expect(await get(`/vehicleService/fuel/events?startTime=2026-01-01%2000:00:00&endTime=2026-03-01%2000:00:00`)).toMatchObject({ flag: false, errorCode: 300 });
    const badKind = await request(app.getHttpServer()).get(`/vehicleService/fuel/events?${window}&kind=leak`).set('Authorization', tokens.manager).expect(400);
    expect(badKind.body).toMatchObject({ flag: false, errorCode: 400 });
    const sheet = await request(app.getHttpServer()).get(`/vehicleService/fuel/report/export?${window}`).set('Authorization', tokens.manager).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    expect((sheet.body as Buffer).subarray(0, 2).toString()).toBe('PK');
  });

  it('runs an offline download of the report for its owner only', async () => {
    const create = (body: object, token = tokens.manager) => request(app.getHttpServer()).post('/vehicleService/fuel/export-task').set('Authorization', token).send(body).expect(200);
    const params = Object.fromEntries(new URLSearchParams(window));
    expect((await create({ kind: 'fuelReport', params }, tokens.monitor)).body).toMatchObject({ flag: false, errorCode: 403 });
    expect((await create({ kind: 'fuelEvents', params: { ...params, vehicleIds: 'v1' } }, tokens.other)).body).toMatchObject({ flag: false, errorCode: 8002 });
    expect((await create({ kind: 'fuelReport', params: { startTime: 'yesterday' } })).body).toMatchObject({ flag: false, errorCode: 400 });
    const id = (await create({ kind: 'fuelReport', params })).body.data.id as number;
    await app.get(FuelExportTaskService).drain();
    const [task] = (await get<{ records: { id: number; taskStatus: number; downloadStatus: number; rows: number }[] }>('/vehicleService/fuel/export-task')).data.records;
    // v1 and v3 in c1's scope.
    expect(task).toMatchObject({ id, taskStatus: 1, downloadStatus: 1, rows: 2 });
    expect((await get<{ total: number }>('/vehicleService/fuel/export-task', tokens.other)).data.total).toBe(0);
    expect(await get(`/vehicleService/fuel/export-task/${id}/download`, tokens.other)).toMatchObject({ flag: false, errorCode: 404 });
    const file = await request(app.getHttpServer()).get(`/vehicleService/fuel/export-task/${id}/download`).set('Authorization', tokens.manager).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    expect((file.body as Buffer).subarray(0, 2).toString()).toBe('PK');
    expect((await get<{ records: { downloadStatus: number }[] }>('/vehicleService/fuel/export-task')).data.records[0].downloadStatus).toBe(2);
  });

  it('stores thresholds per company and type, checks them (1030) and keeps them to the company', async () => {
    const put = (body: object, token = tokens.manager) => request(app.getHttpServer()).put('/vehicleService/fuel/settings').set('Authorization', token).send(body).expect(200);
    const thresholds = { refuelMinL: 20, refuelMinPercent: 10, theftMinL: 15, theftMinPercent: 5, windowS: 900, medianSamples: 7, settleS: 60, maxLitresPer100Km: 45, idleLitresPerHour: 3 };
    expect((await get(`/vehicleService/fuel/settings?companyId=c1`)).data).toMatchObject({ stored: false, refuelMinL: 10 });
    expect((await put({ companyId: 'c1', vehicleType: 0, ...thresholds, medianSamples: 6 })).body).toMatchObject({ flag: false, errorCode: 1030 });
    expect((await put({ companyId: 'c1', vehicleType: 0, ...thresholds })).body.data).toMatchObject({ stored: true, refuelMinL: 20, medianSamples: 7 });
    expect((await get(`/vehicleService/fuel/settings?companyId=c1`)).data).toMatchObject({ stored: true, theftMinL: 15 });
    // c2's user asks for another company's settings: as unknown.
    expect(await get(`/vehicleService/fuel/settings?companyId=c1`, tokens.other)).toMatchObject({ flag: false, errorCode: 8002 });
  });
});
