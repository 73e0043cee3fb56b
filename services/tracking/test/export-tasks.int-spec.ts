// Offline download tasks on SQLite and MariaDB: creation checked like the report (action code,
// parameters, window, scope, active limit), the runner writing the file (track points, a report),
// its progress on the bus, pause, resume, cancel, a task taken over from a stopped instance, a task
// that keeps failing, failure, expiry, and downloads by the owner only (another user's task answers
// like a missing one).
import { getDataSourceToken } from '@nestjs/typeorm';
import { Topics, type ExportTaskEvent } from '@openfleet/contracts';
import ExcelJS from 'exceljs';
import type { DataSource } from 'typeorm';
import { ExportTaskRunner } from '../src/export-task/export-task.runner';
import { companyUser, grantRole, position, publishPositions, register, startTracking, storedCount, vehicle, waitFor, type Engine, type TrackingTestApp, binary } from './tracking-test-app';

jest.setTimeout(90_000);

const cst = (text: string) => Date.parse(`${text}+08:00`) / 1000;
const DAY = '2026-11-20';
const POINTS = 500;
const MISSING = 987_654;

describe.each<Engine>(['sqlite', 'mysql'])('offline download tasks on %s', (engine) => {
  let test: TrackingTestApp;
  let dataSource: DataSource;
  let runner: ExportTaskRunner;
  let owner: string;
  let colleague: string;
  const events: ExportTaskEvent[] = [];
  const call = async (method: 'get' | 'post' | 'delete', path: string, body?: object, auth = owner) => {
    const request = test.http()[method](path).set('Authorization', auth);
    return (await (body ? request.send(body) : request).expect(200)).body;
  };
  const create = (params: object, kind = 'track', auth = owner) => call('post', '/gps/export-task', { kind, params }, auth);
  const trackParams = { vehicleIds: '801', startTime: `${DAY} 00:00:00`, endTime: `${DAY} 23:59:59` };
  const task = async (id: number) => (await call('get', '/gps/export-task?size=100')).data.records.find((row: { id: number }) => row.id === id);
  const fileOf = async (id: number, auth = owner) =>
    test.http().get(`/gps/export-task/${id}/file`).set('Authorization', auth).buffer(true).parse(binary);

  beforeAll(async () => {
    test = await startTracking(engine, { extraEnv: { TRACKING_EXPORT_POLL_MS: '3600000', TRACKING_EXPORT_MAX_ACTIVE: '3' } });
    dataSource = test.app.get<DataSource>(getDataSourceToken('tracking'));
    runner = test.app.get(ExportTaskRunner);
    await register(test, [vehicle('801', '13900000801', ['80']), vehicle('802', '13900000802', ['81'])]);
    await grantRole(test, 'exporter', ['historyTrack:export', 'mileageStatistics:export']);
    await grantRole(test, 'viewer', ['mileageStatistics:search']);
    owner = await test.tokenFor({ ...companyUser('80'), id: 'owner', roleIds: ['exporter'] });
    colleague = await test.tokenFor({ ...companyUser('80'), id: 'colleague', roleIds: ['exporter'] });
    await test.bus.subscribe(Topics.exportTask, { group: `export-task-test-${engine}`, fromBeginning: true, handle: async (messages) => void events.push(...messages.map((m) => m.value)) });
    await publishPositions(test.bus, Array.from({ length: POINTS }, (_, i) => position('13900000801', cst(`${DAY}T08:00:00`) + i * 10, 39.9 + i * 0.0001, 116.4, 36, { receivedAtMs: Date.now() })));
    await waitFor(async () => (await storedCount(test, '13900000801')) === POINTS, 20_000, 'the track');
  });

  afterAll(async () => {
    await test?.close();
  });

  afterEach(async () => {
    // Tasks left unfinished by a test do not count against the next one's active limit.
    await dataSource.query('DELETE FROM export_task WHERE task_status IN (0, 4)');
  });

  it('writes the track points of a vehicle to a file its owner downloads, announcing the progress to the owner', async () => {
    const created = await create(trackParams);
    expect(created).toMatchObject({ flag: true, data: { kind: 'track', taskStatus: 0, downloadStatus: 0, progress: 0 } });
    await runner.drain();
    const done = await task(created.data.id);
    expect(done).toMatchObject({ taskStatus: 1, downloadStatus: 1, progress: 100, rows: POINTS, expired: false });
    expect(done.expiresAt - done.finishedAt).toBe(72 * 3_600_000);
    // Another user of the same company may not have it, nor learn that it exists: the answer is a missing id's.
    const foreign = JSON.parse((await fileOf(created.data.id, colleague)).body.toString());
    expect(foreign).toMatchObject({ flag: false, errorCode: 410 });
    expect(foreign).toEqual(JSON.parse((await fileOf(MISSING, colleague)).body.toString()));
    const response = await fileOf(created.data.id);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.body);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(POINTS + 1);
    expect(sheet.getRow(2).values).toEqual(expect.arrayContaining(['京A00801', `${DAY} 08:00:00`, 116.4, 39.9, 36]));
    expect(sheet.getRow(POINTS + 1).getCell(2).value).toBe(`${DAY} 09:23:10`);
    expect(await task(created.data.id)).toMatchObject({ downloadStatus: 2 });
    await waitFor(() => events.some((event) => event.taskId === created.data.id && event.taskStatus === 1), 10_000, 'the completion event');
    expect(events.filter((event) => event.taskId === created.data.id).every((event) => event.ownerId === 'owner')).toBe(true);
  });

  it('says "no data" for a window without points, and writes a report task', async () => {
    const empty = await create({ ...trackParams, startTime: '2026-11-10 00:00:00', endTime: '2026-11-10 23:59:59' });
    await runner.drain();
    expect(await task(empty.data.id)).toMatchObject({ taskStatus: 1, downloadStatus: 4, rows: 0 });
    const mileage = await create({ startTime: DAY, endTime: DAY }, 'mileage');
    await runner.drain();
    expect(await task(mileage.data.id)).toMatchObject({ taskStatus: 1, downloadStatus: 1, rows: 1 });
  });

  it('checks a task like the report itself: action code, parameters, window, scope, the active limit', async () => {
    const viewer = await test.tokenFor({ ...companyUser('80'), id: 'viewer', roleIds: ['viewer'] });
    expect(await create(trackParams, 'track', viewer)).toMatchObject({ flag: false, errorCode: 403 });
    expect(await create({ startTime: DAY, endTime: DAY }, 'mileage', viewer)).toMatchObject({ flag: false, errorCode: 403 });
    const nonsense = await test.http().post('/gps/export-task').set('Authorization', owner).send({ kind: 'nonsense', params: trackParams });
    expect(nonsense.body).toMatchObject({ flag: false, errorCode: 400 });
    expect(await create({ ...trackParams, extra: 1 })).toMatchObject({ flag: false, errorCode: 400 });
    expect(await create({ ...trackParams, endTime: '2026-11-25 00:00:00' })).toMatchObject({ flag: false, errorCode: 300 });
    expect(await create({ ...trackParams, vehicleIds: '802' })).toMatchObject({ flag: false, errorCode: 8002 });
    for (let i = 0; i < 3; i++) expect((await create(trackParams)).flag).toBe(true);
    expect(await create(trackParams)).toMatchObject({ flag: false, errorCode: 207 });
  });

  it('pauses, resumes and cancels; another user cannot touch the task', async () => {
    const created = (await create(trackParams)).data;
    for (const [method, action] of [['post', '/cancel'], ['post', '/pause'], ['delete', '']] as const) {
      const foreign = await call(method, `/gps/export-task/${created.id}${action}`, undefined, colleague);
      expect(foreign).toMatchObject({ flag: false, errorCode: 410 });
      expect(foreign).toEqual(await call(method, `/gps/export-task/${MISSING}${action}`, undefined, colleague));
    }
    expect((await call('post', `/gps/export-task/${created.id}/pause`)).data).toMatchObject({ taskStatus: 4 });
    await runner.drain();
    expect(await task(created.id)).toMatchObject({ taskStatus: 4, rows: 0 });
    expect((await call('post', `/gps/export-task/${created.id}/resume`)).data).toMatchObject({ taskStatus: 0 });
    await runner.drain();
    expect(await task(created.id)).toMatchObject({ taskStatus: 1, rows: POINTS });
    expect(await call('post', `/gps/export-task/${created.id}/cancel`)).toMatchObject({ flag: false, errorCode: 409 });
    const cancelled = (await create(trackParams)).data;
    expect((await call('post', `/gps/export-task/${cancelled.id}/cancel`)).data).toMatchObject({ taskStatus: 3, downloadStatus: 3 });
    await runner.drain();
    expect(await task(cancelled.id)).toMatchObject({ taskStatus: 3, rows: 0 });
    expect(await call('delete', `/gps/export-task/${cancelled.id}`)).toMatchObject({ flag: true });
    expect(await task(cancelled.id)).toBeUndefined();
  });

  it('takes over a task whose instance stopped, and fails one that keeps failing', async () => {
    const orphan = (await create(trackParams)).data;
    await dataSource.query('UPDATE export_task SET claimed_by = ?, heartbeat_at = ?, attempts = 1, progress = 40 WHERE id = ?', ['stopped-instance', Date.now() - 60_000, orphan.id]);
    await runner.drain();
    expect(await task(orphan.id)).toMatchObject({ taskStatus: 1, rows: POINTS });
    // A live claim (a fresh heartbeat) is left alone.
    const claimed = (await create(trackParams)).data;
    await dataSource.query('UPDATE export_task SET claimed_by = ?, heartbeat_at = ? WHERE id = ?', ['running-instance', Date.now(), claimed.id]);
    await runner.drain();
    expect(await task(claimed.id)).toMatchObject({ taskStatus: 0 });
    await dataSource.query('DELETE FROM export_task WHERE id = ?', [claimed.id]);
    const doomed = (await create(trackParams)).data;
    await dataSource.query('UPDATE export_task SET claimed_by = ?, heartbeat_at = ?, attempts = 3 WHERE id = ?', ['stopped-instance', Date.now() - 60_000, doomed.id]);
    await runner.drain();
    expect(await task(doomed.id)).toMatchObject({ taskStatus: 2, downloadStatus: 3, error: 'gave up after 3 attempts' });
    const broken = (await create(trackParams)).data;
    await dataSource.query("UPDATE export_task SET params = '{not json' WHERE id = ?", [broken.id]);
    await runner.drain();
    expect(await task(broken.id)).toMatchObject({ taskStatus: 2, downloadStatus: 3 });
  });

  it('deletes files past their time; the task shows as expired and its download answers 410', async () => {
    const created = (await create(trackParams)).data;
    await runner.drain();
    const done = await task(created.id);
    await runner.expire(done.expiresAt - 1);
    expect(await task(created.id)).toMatchObject({ expired: false });
    expect(await runner.expire(done.expiresAt + 1)).toBeGreaterThanOrEqual(1);
    expect(await task(created.id)).toMatchObject({ taskStatus: 1, expired: true });
    expect((await fileOf(created.id)).body.toString()).toContain('"errorCode":410');
  });
});
