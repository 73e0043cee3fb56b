// The alarm module alone on SQLite and MariaDB with an in-process bus the test feeds: an alarm
// opened before a restart is ended after it (state reloaded from the table), one whose first write
// failed (the table away for a moment) is stored when the batch is handed again, a replayed fence
// event inserts nothing twice, handling is stored; alarms other services detect (alarm.detected.v1:
// battery alarms, fuel theft) are stored once under their event id with their source, ended by it,
// and announced.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { TokenService, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { Topics, type AlarmEvent, type DetectedAlarmEvent, type FenceEvent, type Position } from '@openfleet/contracts';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv, withTableAway } from '@openfleet/storage';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { AlarmModule } from '../src';

jest.setTimeout(60_000);

const admin: AuthUser = { id: '7', companyId: '10', userType: 4, roleIds: [], superAdmin: true, scope: { companies: [], fleets: [] } };
const waitFor = async (check: () => boolean | Promise<boolean>, what: string) => {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.each(['sqlite', 'mysql'] as const)('alarm storage on %s', (engine) => {
  const env: NodeJS.ProcessEnv = { ...testStorageEnv(engine, 'alarm'), LOG_LEVEL: 'silent', ALARM_ATTACHMENT_PORT: '0', AUTH_JWT_SECRET: 'alarm-test-secret-alarm-test-secret-0123456789' };
  let bus: InProcessBus;
  let app: INestApplication;
  let token: string;
  const events: AlarmEvent[] = [];
  const t0 = Math.floor(Date.now() / 1000) - 300;
  const cst = (s: number) => new Date(s * 1000 + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);

  // Closing the app closes its bus: each start gets a new one, with the probe and the registry snapshot.
  const start = async () => {
    bus = new InProcessBus({ logger: silentBusLogger, backoff: { initialMs: 20, maxMs: 200 } });
    await bus.subscribe(Topics.alarm, { group: 'probe', handle: async (messages) => void events.push(...messages.map((m) => m.value)) });
    await bus.publish(Topics.vehicleRegistry, [
      { key: 'v1', value: { vehicleId: 'v1', plateCode: '京A1', plateColor: 1, vin: '', companyId: '10', companyPath: ['10'], fleetPath: [], terminalPhone: '13900000001', deleted: false, updatedAt: Date.now() } },
      { key: 'ev1', value: { vehicleId: 'ev1', plateCode: '京AD1', plateColor: 5, vin: 'LSJMEV00000000001', companyId: '10', companyPath: ['10'], fleetPath: [], terminalPhone: '', deleted: false, updatedAt: Date.now() } },
    ]);
    app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'alarm-test', config: loadConfig(PlatformConfig, env), bus, env }), AlarmModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    token = `Bearer ${await app.get(TokenService).sign(admin)}`;
  };
  const position = (s: number, alarmFlags: number): Position => ({
    terminalPhone: '13900000001', vehicleId: 'v1', gpsTimeS: t0 + s, receivedAtMs: Date.now(), latitudeE6: 39_900_000, longitudeE6: 116_400_000, altitudeM: 0, speedDkmh: 300, directionDeg: 0,
    alarmFlags, statusFlags: 3, mileageHm: 0, hasMileage: false, fuelDl: 0, hasFuel: false, recordedSpeedDkmh: 0, hasRecordedSpeed: false, blindArea: false, serial: s, sequence: 0, extrasJson: '',
  });
  const list = async () => (await request(app.getHttpServer()).get(`/gps/alarm/page?startTime=${encodeURIComponent(cst(t0 - 10))}&endTime=${encodeURIComponent(cst(t0 + 600))}`).set('Authorization', token).expect(200)).body.data as { records: { id: number; type: string; endedAt: number; handleStatus: number; handlerId: string }[]; total: number };

  beforeAll(start);

  afterAll(async () => {
    await app?.close();
    await dropTestSchema(env, 'alarm');
  });

  it('ends after a restart the alarm that started before it, and stores a replayed fence event once', async () => {
    await bus.publish(Topics.position, { key: '13900000001', value: position(0, 1 << 27) });
    await waitFor(async () => (await list()).total === 1, 'illegal ignition started');
    await app.close();
    await start();
    await bus.publish(Topics.position, { key: '13900000001', value: position(30, 0) });
    await waitFor(async () => (await list()).records[0]?.endedAt === (t0 + 30) * 1000, 'ended after restart');
    expect((await list()).records.map((r) => r.type)).toEqual(['illegalIgnition']);

    const fence: FenceEvent = { eventId: '13900000001:5:enter:1', kind: 'enter', fenceId: '5', fenceName: 'yard', vehicleId: 'v1', terminalPhone: '13900000001', at: (t0 + 40) * 1000, latitude: 39.9, longitude: 116.4, speedKmh: 30, blindArea: false };
    await bus.publish(Topics.fenceEvent, [{ key: '13900000001', value: fence }, { key: '13900000001', value: fence }]);
    await waitFor(async () => (await list()).total === 2, 'fence alarm');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await list()).total).toBe(2);

    const ids = (await list()).records.map((r) => String(r.id));
    await request(app.getHttpServer()).post('/gps/alarm/handle').set('Authorization', token).send({ alarmIds: ids, handleStatus: 2 }).expect(200);
    expect((await list()).records.every((r) => r.handleStatus === 2 && r.handlerId === '7')).toBe(true);
    expect(events.filter((e) => e.type === 'illegalIgnition' && e.endedAt)).toHaveLength(1);
  });

  it('stores an alarm whose first write failed when the batch is handed again, and ends it', async () => {
    const before = (await list()).total;
    const db = app.get<DataSource>(getDataSourceToken('alarm'));
    await withTableAway(db, 'alarm', async () => {
      await bus.publish(Topics.position, { key: '13900000001', value: position(100, 1 << 27) });
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    // Handed again from the terminal's stored state (no alarm open): the start is stored, and the next position ends it.
    await waitFor(async () => (await list()).total === before + 1, 'the alarm stored by the retry');
    await bus.publish(Topics.position, { key: '13900000001', value: position(110, 0) });
    await waitFor(async () => (await list()).records.some((r) => r.type === 'illegalIgnition' && r.endedAt === (t0 + 110) * 1000), 'ended');
    expect((await list()).records.filter((r) => r.type === 'illegalIgnition').map((r) => r.endedAt)).toEqual([(t0 + 110) * 1000, (t0 + 30) * 1000]);
  });

  it('stores a battery alarm once under its event id, ends it by that id, and announces both', async () => {
    const before = (await list()).total;
    const startedAt = (t0 + 50) * 1000;
    const base: DetectedAlarmEvent = { eventId: `LSJMEV00000000001:socLow:${startedAt}`, phase: 'start', vehicleId: 'ev1', source: 'energy', type: 'socLow', level: 0, startedAt, at: startedAt, latitude: 39.9, longitude: 116.4, speedKmh: 0, detail: { vin: 'LSJMEV00000000001' } };
    await bus.publish(Topics.alarmDetected, [{ key: base.vehicleId, value: base }, { key: base.vehicleId, value: base }]);
    await waitFor(async () => (await list()).total === before + 1, 'battery alarm stored');
    const stored = (await list()).records.find((r) => r.type === 'socLow') as unknown as Record<string, unknown>;
    // The VIN stands in for the terminal the vehicle lacks.
    expect(stored).toMatchObject({ source: 'energy', level: 0, vehicleId: 'ev1', plateCode: '京AD1', terminalPhone: 'LSJMEV00000000001', endedAt: 0 });
    await bus.publish(Topics.alarmDetected, { key: base.vehicleId, value: { ...base, phase: 'end', at: startedAt + 60_000 } });
    await waitFor(async () => (await list()).records.find((r) => r.type === 'socLow')?.endedAt === startedAt + 60_000, 'battery alarm ended');
    expect((await list()).total).toBe(before + 1);
    const announced = events.filter((e) => e.type === 'socLow');
    expect(announced.map((e) => [e.source, e.endedAt ?? 0])).toEqual([['energy', 0], ['energy', startedAt + 60_000]]);
  });

  it('stores a fuel theft with its source, once however often its start and end come, and ends it by its id', async () => {
    const startedAt = (t0 + 70) * 1000;
    const theft: DetectedAlarmEvent = { eventId: `fuel:v1:theft:${startedAt}`, phase: 'start', vehicleId: 'v1', source: 'fuel', type: 'fuelTheft', level: 1, startedAt, at: startedAt, latitude: 39.9, longitude: 116.4, speedKmh: 0, detail: { amountL: 30 } };
    const end: DetectedAlarmEvent = { ...theft, phase: 'end', at: startedAt + 120_000 };
    const thefts = async () => (await list()).records.filter((r) => r.type === 'fuelTheft') as unknown as Record<string, unknown>[];
    // A start and its end in one batch: inserted ended, announced once.
    await bus.publish(Topics.alarmDetected, [{ key: 'v1', value: theft }, { key: 'v1', value: end }]);
    await waitFor(async () => (await thefts()).length === 1, 'fuel theft stored');
    expect((await thefts())[0]).toMatchObject({ source: 'fuel', level: 1, vehicleId: 'v1', plateCode: '京A1', terminalPhone: '13900000001', startedAt, endedAt: end.at, detail: expect.objectContaining({ amountL: 30 }) });
    // A redelivery of both stores and announces nothing more, and an end does not move an ended alarm.
    await bus.publish(Topics.alarmDetected, [{ key: 'v1', value: theft }, { key: 'v1', value: { ...end, at: end.at + 60_000 } }]);
    // A second theft's start, then (another batch) its end.
    const next: DetectedAlarmEvent = { ...theft, eventId: `fuel:v1:theft:${startedAt + 300_000}`, startedAt: startedAt + 300_000, at: startedAt + 300_000 };
    await bus.publish(Topics.alarmDetected, { key: 'v1', value: next });
    await waitFor(async () => (await thefts()).length === 2, 'the second theft');
    expect((await thefts()).find((r) => r.startedAt === next.startedAt)).toMatchObject({ endedAt: 0 });
    await bus.publish(Topics.alarmDetected, { key: 'v1', value: { ...next, phase: 'end', at: next.startedAt + 90_000 } });
    await waitFor(async () => (await thefts()).every((r) => r.endedAt !== 0), 'the second theft ended');
    expect((await thefts()).map((r) => [r.startedAt, r.endedAt]).sort()).toEqual([[startedAt, end.at], [next.startedAt, next.startedAt + 90_000]]);
    const announced = events.filter((e) => e.type === 'fuelTheft');
    expect(announced.map((e) => [e.source, e.startedAt, e.endedAt ?? 0, e.level])).toEqual([['fuel', startedAt, end.at, 1], ['fuel', next.startedAt, 0, 1], ['fuel', next.startedAt, next.startedAt + 90_000, 1]]);
  });

  it('lets a company configure fuelTheft like its own types: the next theft takes its level and handling', async () => {
    const config = { type: 'fuelTheft', level: 0, push: true, sound: true, needsHandling: false };
    expect((await request(app.getHttpServer()).put('/gps/alarm/type-config').set('Authorization', token).send({ companyId: '10', items: [config] }).expect(200)).body.flag).toBe(true);
    const startedAt = (t0 + 500) * 1000;
    const theft: DetectedAlarmEvent = { eventId: `fuel:v1:theft:${startedAt}`, phase: 'start', vehicleId: 'v1', source: 'fuel', type: 'fuelTheft', level: 1, startedAt, at: startedAt, latitude: 39.9, longitude: 116.4, speedKmh: 0 };
    await bus.publish(Topics.alarmDetected, { key: 'v1', value: theft });
    await waitFor(async () => (await list()).records.some((r) => r.type === 'fuelTheft' && (r as unknown as { startedAt: number }).startedAt === startedAt), 'the configured theft');
    expect((await list()).records.find((r) => (r as unknown as { startedAt: number }).startedAt === startedAt)).toMatchObject({ level: 0, handleStatus: 2, handlerId: 'system' });
    expect(events.find((e) => e.startedAt === startedAt)?.detail).toMatchObject({ push: true, sound: true });
  });
});
