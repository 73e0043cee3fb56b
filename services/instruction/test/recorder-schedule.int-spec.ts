// The daily GB/T 19056 collection of the driving record screen: schedules per company and per
// vehicle with scope and action codes, and the sweep, run by two instances sharing one database at
// once, sending exactly one 0x8700 order per vehicle and word (queued for offline vehicles), on
// SQLite and MariaDB.
import { getDataSourceToken } from '@nestjs/typeorm';
import { Topics } from '@openfleet/contracts';
import { testStorageEnv } from '@openfleet/storage';
import type { DataSource } from 'typeorm';
import { RecorderSweep } from '../src/recorder-schedule/recorder-sweep.service';
import { companyUser, register, startInstruction, vehicleEntry, waitFor, type Engine, type InstructionTestApp } from './instruction-test-app';
import { PermissionCache } from '@openfleet/auth';

jest.setTimeout(60_000);

const ROLES = { sender: ['controlInstruction:send', 'drivingRecord:search'], viewer: ['drivingRecord:search'] };
const VEHICLES = [vehicleEntry('801', '13900000801', ['80']), vehicleEntry('802', '13900000802', ['80']), vehicleEntry('803', '13900000803', ['80']), vehicleEntry('811', '13900000811', ['81'])];

async function grant(test: InstructionTestApp): Promise<void> {
  await test.bus.publish(Topics.rolePermissions, Object.entries(ROLES).map(([roleId, actionCodes]) => ({ key: roleId, value: { roleId, actionCodes, deleted: false, updatedAt: Date.now() } })));
  const cache = test.app.get(PermissionCache);
  await waitFor(() => cache.allows({ ...companyUser('0'), roleIds: ['sender'] }, ROLES.sender), 10_000, 'roles');
}

describe.each<Engine>(['sqlite', 'mysql'])('recorder collection schedules on %s', (engine) => {
  let a: InstructionTestApp;
  let b: InstructionTestApp;
  let sender: string;
  let viewer: string;
  let theirs: string;

  beforeAll(async () => {
    // Two instances of the service on one storage: the second starts on the migrated schema.
    const storage = testStorageEnv(engine, 'instruction');
    const shared = { DATA_DIR: storage.DATA_DIR ?? '', MYSQL_DATABASE_PREFIX: storage.MYSQL_DATABASE_PREFIX ?? '', RECORDER_SWEEP_ENABLED: 'false' };
    a = await startInstruction(engine, shared);
    b = await startInstruction(engine, shared);
    for (const test of [a, b]) {
      await register(test, VEHICLES);
      await grant(test);
    }
    sender = await a.tokenFor({ ...companyUser('80'), roleIds: ['sender'] });
    viewer = await a.tokenFor({ ...companyUser('80'), roleIds: ['viewer'] });
    theirs = await a.tokenFor({ ...companyUser('81'), roleIds: ['sender'] });
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const post = async (token: string, body: object) => (await a.http().post('/gps/recorderSchedule').set('Authorization', token).send(body).expect(200)).body;
  const list = async (token: string) => (await a.http().get('/gps/recorderSchedule').set('Authorization', token).expect(200)).body;

  it('keeps a company schedule and a vehicle override, within the caller scope and action codes', async () => {
    const company = await post(sender, { words: [16, 8, 3, 8], maxBlocks: 30 });
    expect(company).toMatchObject({ flag: true, data: { companyId: '80', vehicleId: null, words: [3, 8, 16], maxBlocks: 30, enabled: true } });
    // Saving again changes the same schedule.
    expect((await post(sender, { words: [3, 8, 16], maxBlocks: 30 })).data.id).toBe(company.data.id);
    expect(await post(sender, { vehicleId: '803', words: [8], enabled: false })).toMatchObject({ flag: true, data: { vehicleId: '803', plateCode: '京A00803', enabled: false } });
    expect((await list(viewer)).data.map((s: { vehicleId: string | null }) => s.vehicleId)).toEqual([null, '803']);
    // Narrower role: sees, may not change.
    expect(await post(viewer, { words: [8] })).toMatchObject({ flag: false, errorCode: 403 });
    // Another company's vehicle or company answers like a missing one; its user sees nothing of ours.
    expect(await post(sender, { vehicleId: '811', words: [8] })).toMatchObject({ flag: false, errorCode: 8002 });
    expect(await post(sender, { companyId: '81', words: [8] })).toMatchObject({ flag: false, errorCode: 8002 });
    expect((await list(theirs)).data).toEqual([]);
    expect((await a.http().delete(`/gps/recorderSchedule/${company.data.id}`).set('Authorization', theirs).expect(200)).body).toMatchObject({ flag: false, errorCode: 410 });
    // Bad input: HTTP 400 with the envelope's 400.
    for (const words of [[0x30], []]) {
      const refused = await a.http().post('/gps/recorderSchedule').set('Authorization', sender).send({ words }).expect(400);
      expect(refused.body).toMatchObject({ flag: false, errorCode: 400 });
    }
  });

  it('runs the day once across two instances: one order per vehicle and word, yesterday asked for', async () => {
    const nowMs = Date.parse('2026-11-21T02:00:00+08:00');
    const outcomes = await Promise.all([a.app.get(RecorderSweep).sweep({ nowMs, scheduled: true }), b.app.get(RecorderSweep).sweep({ nowMs, scheduled: true })]);
    expect(outcomes.map((o) => o.ran).sort()).toEqual([false, true]);
    // 801 and 802 follow the company (03H, 08H, 10H); 803's own schedule is off; 811 is another company.
    expect(outcomes.find((o) => o.ran)).toEqual({ ran: true, day: '2026-11-21', orders: 6 });
    expect(await b.app.get(RecorderSweep).sweep({ nowMs: nowMs + 3_600_000, scheduled: true })).toMatchObject({ ran: false });
    const db = a.app.get<DataSource>(getDataSourceToken('instruction'));
    const rows: { vehicle_id: string; params: string; status: number; operator_id: string }[] = await db.query("SELECT vehicle_id, params, status, operator_id FROM instruction_order WHERE command_type = 'tachographCollect' ORDER BY vehicle_id, id");
    expect(rows.map((row) => [row.vehicle_id, JSON.parse(row.params).command]).sort()).toEqual([['801', 16], ['801', 3], ['801', 8], ['802', 16], ['802', 3], ['802', 8]]);
    const speed = JSON.parse(rows.find((row) => JSON.parse(row.params).command === 8)!.params);
    expect(speed).toMatchObject({ startTime: '2026-11-20 00:00:00', endTime: '2026-11-20 23:59:59', maxBlocks: 30 });
    // Offline vehicles: queued (5), by the schedule.
    expect(new Set(rows.map((row) => [Number(row.status), row.operator_id].join()))).toEqual(new Set(['5,recorder-schedule']));
  });
});
