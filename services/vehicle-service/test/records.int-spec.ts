// The five record kinds through the HTTP API on SQLite and MariaDB: create, read, filter, edit,
// delete; the kinds' own rules; action codes of a narrower role; one company blind to another's
// vehicles and records; and the due items the reminders' sweep reads.
import { chinaDate } from '@openfleet/contracts';
import { RecordDueSource, type DueItem } from '../src/records/record-due-source';
import { startRecordsApp, type RecordsTestApp } from './records-test-app';

jest.setTimeout(60_000);

type Who = keyof RecordsTestApp['tokens'];
type Envelope = { flag: boolean; errorCode: number; data: ReturnType<typeof JSON.parse> };
const DAY_MS = 86_400_000;
const day = (offset: number) => chinaDate(Date.now() + offset * DAY_MS);

const insurance = (extra: object = {}) => ({ vehicleId: 'v1', policyNo: 'PDAA2026001', insuranceType: 1, insurer: '人保', premium: 950, insuredAmount: 200000, startDate: day(-300), endDate: day(65), ...extra });
const maintenance = (extra: object = {}) => ({ vehicleId: 'v1', serviceDate: '2026-06-01', odometerKm: 30000, fee: 820.5, servicedBy: '城北维修厂', items: '机油 机滤', nextServiceKm: 45000, nextServiceDate: '2026-12-01', ...extra });
const inspection = (extra: object = {}) => ({ vehicleId: 'v1', agent: '张三', registrationDate: '2020-03-01', inspectionDate: '2026-03-01', validUntil: '2027-03-01', fee: 300, ...extra });
const violation = (extra: object = {}) => ({ vehicleId: 'v1', driverName: '李四', occurredAt: '2026-10-10 08:30:00', place: '长安街', violationCode: '1303', act: '超速 20%', fineAmount: 200, points: 3, agent: '王五', ...extra });
const accident = (extra: object = {}) => ({ vehicleId: 'v2', driverName: '赵六', occurredAt: '2026-09-01 17:05:00', place: '三环', nature: 1, liability: 2, loss: 3500, handler: '钱七', ...extra });

describe.each(['sqlite', 'mysql'] as const)('vehicle records on %s', (engine) => {
  let t: RecordsTestApp;
  beforeAll(async () => {
    t = await startRecordsApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = async (who: Who, method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object): Promise<Envelope> => {
    const req = t.http()[method](`/vehicleService/${path}`).set('Authorization', t.tokens[who]);
    return (await (body ? req.send(body) : req)).body as Envelope;
  };
  const ids = async (who: Who, path: string) => (await call(who, 'get', path)).data.records.map((r: { id: number }) => r.id);

  it('creates, reads, edits and deletes every kind', async () => {
    const kinds: [string, object, object][] = [
      ['insurance', insurance(), { premium: 1000.25 }],
      ['maintenance', maintenance(), { items: '机油 机滤 空滤' }],
      ['inspection', inspection(), { agent: '孙八' }],
      ['violation', violation(), { handled: true }],
      ['accident', accident(), { status: 3 }],
    ];
    for (const [kind, body, change] of kinds) {
      const created = await call('manager', 'post', kind, body);
      expect(created).toMatchObject({ flag: true });
      const id = created.data.id;
      const { vehicleId, ...fields } = body as { vehicleId: string };
      expect((await call('manager', 'get', `${kind}/${id}`)).data).toMatchObject({ id, vehicleId, companyId: 'c1', createdBy: '1', attachmentCount: 0, ...fields });
      expect((await call('manager', 'put', `${kind}/${id}`, { ...body, ...change })).flag).toBe(true);
      const edited = (await call('manager', 'get', `${kind}/${id}`)).data;
      expect(edited).toMatchObject(change);
      expect(edited).not.toHaveProperty('companyPath');
      expect(await ids('manager', kind)).toEqual([id]);
      expect((await call('manager', 'delete', `${kind}/${id}`)).flag).toBe(true);
      expect((await call('manager', 'get', `${kind}/${id}`)).errorCode).toBe(1001);
    }
  });

  it('answers the defaults of absent optional fields and clears them on a full edit', async () => {
    const { data } = await call('manager', 'post', 'maintenance', maintenance({ serviceDate: '2026-01-05', odometerKm: 10000 }));
    const { nextServiceKm: _km, nextServiceDate: _date, fee: _fee, ...bare } = maintenance({ serviceDate: '2026-01-05', odometerKm: 10000 });
    expect((await call('manager', 'put', `maintenance/${data.id}`, bare)).flag).toBe(true);
    expect((await call('manager', 'get', `maintenance/${data.id}`)).data).toMatchObject({ nextServiceKm: null, nextServiceDate: null, fee: 0 });
    expect((await call('manager', 'post', 'violation', violation({ occurredAt: '2026-10-11 09:00:00' }))).flag).toBe(true);
    expect((await call('manager', 'get', 'violation?status=0')).data.records[0]).toMatchObject({ handled: false, occurredAt: '2026-10-11 09:00:00' });
    expect((await call('manager', 'post', 'accident', accident({ occurredAt: '2026-09-02 10:00:00' }))).data.id).toBeGreaterThan(0);
    expect((await call('manager', 'get', 'accident?status=1')).data.records[0]).toMatchObject({ status: 1, occurredAt: '2026-09-02 10:00:00' });
  });

  it('filters by plate, vehicle, company, fleet, time window and status', async () => {
    const active = (await call('manager', 'post', 'insurance', insurance({ policyNo: 'ACTIVE' }))).data.id;
    const expired = (await call('manager', 'post', 'insurance', insurance({ vehicleId: 'v2', policyNo: 'EXPIRED', startDate: day(-400), endDate: day(-1) }))).data.id;
    const upcoming = (await call('manager', 'post', 'insurance', insurance({ vehicleId: 'v2', policyNo: 'UPCOMING', startDate: day(1), endDate: day(366) }))).data.id;
    // Today is the last day of a policy: still active.
    const endsToday = (await call('manager', 'post', 'insurance', insurance({ vehicleId: 'v2', policyNo: 'TODAY', insuranceType: 2, startDate: day(-365), endDate: day(0) }))).data.id;
    expect(await ids('manager', 'insurance?status=active')).toEqual([active, endsToday]);
    expect(await ids('manager', 'insurance?status=expired')).toEqual([expired]);
    expect(await ids('manager', 'insurance?status=upcoming')).toEqual([upcoming]);
    expect((await call('manager', 'get', `insurance/${expired}`)).data.status).toBe('expired');
    expect((await call('manager', 'get', 'insurance?status=lapsed')).errorCode).toBe(400);
    expect(await ids('manager', 'insurance?keyword=A00001')).toEqual([active]);
    expect(await ids('manager', 'insurance?vehicleId=v2')).toEqual([upcoming, endsToday, expired]);
    expect(await ids('manager', 'insurance?fleetId=f1')).toEqual([active]);
    expect((await ids('manager', 'insurance?companyId=c1')).length).toBe(4);
    // The window bounds the end date, both ends inclusive.
    expect(await ids('manager', `insurance?startTime=${day(-1)}&endTime=${day(0)}`)).toEqual([endsToday, expired]);
    expect((await call('manager', 'get', `insurance?startTime=${day(1)}&endTime=${day(0)}`)).errorCode).toBe(400);
    expect((await call('manager', 'get', 'insurance?startTime=1999-12-31')).errorCode).toBe(400);
    // A time column: an end given as a day takes the whole day.
    const late = (await call('manager', 'post', 'violation', violation({ occurredAt: '2026-10-12 23:59:30', handled: true }))).data.id;
    expect(await ids('manager', 'violation?startTime=2026-10-12&endTime=2026-10-12')).toEqual([late]);
    expect(await ids('manager', 'violation?status=1')).toEqual([late]);
    expect(await ids('manager', 'violation?startTime=2026-10-12%2000:00:00&endTime=2026-10-12%2023:59:00')).toEqual([]);
    // A keyword is text, not a pattern.
    expect(await ids('manager', 'insurance?keyword=%25')).toEqual([]);
    expect(await ids('manager', 'insurance?keyword=A0000_')).toEqual([]);
  });

  it('refuses what breaks the kinds’ rules with their codes', async () => {
    expect((await call('manager', 'post', 'insurance', insurance({ policyNo: 'P-ORDER', startDate: '2026-05-02', endDate: '2026-05-01' }))).errorCode).toBe(1003);
    expect((await call('manager', 'post', 'insurance', insurance({ policyNo: 'P-SAMEDAY', startDate: '2026-05-01', endDate: '2026-05-01' }))).flag).toBe(true);
    expect((await call('manager', 'post', 'inspection', inspection({ inspectionDate: '2026-03-02', validUntil: '2026-03-01' }))).errorCode).toBe(1004);
    expect((await call('manager', 'post', 'maintenance', maintenance({ serviceDate: '2026-07-01', odometerKm: 45000, nextServiceKm: 45000 }))).errorCode).toBe(1005);
    expect((await call('manager', 'post', 'maintenance', maintenance({ serviceDate: '2026-07-01', nextServiceDate: '2026-07-01' }))).errorCode).toBe(1005);
    expect((await call('manager', 'post', 'maintenance', maintenance({ serviceDate: '2026-07-01', odometerKm: 44999.9, nextServiceKm: 45000 }))).flag).toBe(true);
    // The same policy twice on one vehicle; the same number on another vehicle is another record.
    expect((await call('manager', 'post', 'insurance', insurance({ policyNo: 'P-SAMEDAY', startDate: '2026-05-01', endDate: '2026-05-01' }))).errorCode).toBe(1002);
    expect((await call('manager', 'post', 'insurance', insurance({ vehicleId: 'v4', policyNo: 'P-SAMEDAY', startDate: '2026-05-01', endDate: '2026-05-01' }))).flag).toBe(true);
    for (const bad of [{ endDate: '2100-01-01' }, { startDate: '2026-02-30' }, { insuranceType: 4 }, { premium: -1 }, { premium: 1.234 }, { unknown: 1 }, { policyNo: '' }]) {
      expect((await call('manager', 'post', 'insurance', insurance({ policyNo: 'P-BAD', ...bad }))).errorCode).toBe(400);
    }
    expect((await call('manager', 'post', 'violation', violation({ occurredAt: '2026-10-10' }))).errorCode).toBe(400);
    expect((await call('manager', 'post', 'accident', accident({ liability: 6 }))).errorCode).toBe(400);
  });

  it('guards every call with the kind’s action codes', async () => {
    expect((await call('viewer', 'get', 'insurance')).flag).toBe(true);
    expect((await call('viewer', 'post', 'insurance', insurance({ policyNo: 'VIEWER' }))).errorCode).toBe(403);
    expect((await call('viewer', 'get', 'maintenance')).errorCode).toBe(403);
    const id = (await call('viewer', 'get', 'insurance')).data.records[0].id;
    expect((await call('viewer', 'put', `insurance/${id}`, insurance({ policyNo: 'VIEWER' }))).errorCode).toBe(403);
    expect((await call('viewer', 'post', 'insurance/delete', { ids: [id] })).errorCode).toBe(403);
    expect((await t.http().get('/vehicleService/insurance/export').set('Authorization', t.tokens.viewer)).body.errorCode).toBe(403);
    expect((await t.http().get('/vehicleService/insurance')).body.errorCode).toBe(401);
  });

  it('keeps one company blind to another’s vehicles and records', async () => {
    // c2's manager cannot write on c1's vehicle, nor c1's on c2's.
    expect((await call('other', 'post', 'insurance', insurance({ policyNo: 'FOREIGN' }))).errorCode).toBe(8002);
    const mine = (await call('other', 'post', 'insurance', insurance({ vehicleId: 'v3', policyNo: 'C2-OWN' }))).data.id;
    expect((await call('manager', 'post', 'insurance', insurance({ vehicleId: 'v3', policyNo: 'C2-OWN' }))).errorCode).toBe(8002);
    expect(await ids('other', 'insurance')).toEqual([mine]);
    const theirs = (await call('manager', 'get', 'insurance')).data.records.map((r: { id: number }) => r.id);
    expect(theirs).not.toContain(mine);
    const victim = theirs[0];
    expect((await call('other', 'get', `insurance/${victim}`)).errorCode).toBe(1001);
    expect((await call('other', 'put', `insurance/${victim}`, insurance({ vehicleId: 'v3', policyNo: 'TAKEN' }))).errorCode).toBe(1001);
    expect((await call('other', 'post', 'insurance/delete', { ids: [mine, victim] })).errorCode).toBe(1001);
    expect(await ids('other', 'insurance')).toEqual([mine]);
    expect((await call('manager', 'get', `insurance/${victim}`)).flag).toBe(true);
    // Filters naming the other company, its fleet or its vehicle answer like unknown ones.
    expect((await call('other', 'get', 'insurance?companyId=c1')).errorCode).toBe(8002);
    expect((await call('other', 'get', 'insurance?fleetId=f1')).errorCode).toBe(8002);
    expect((await call('other', 'get', 'insurance?vehicleId=v1')).errorCode).toBe(8002);
    // A record cannot be moved onto another company's vehicle either.
    expect((await call('manager', 'put', `insurance/${victim}`, insurance({ vehicleId: 'v3', policyNo: 'MOVED' }))).errorCode).toBe(8002);
    // The parent company sees both.
    expect(await ids('root', 'insurance')).toEqual(expect.arrayContaining([mine, victim]));
  });

  it('deletes in batches, all or nothing', async () => {
    const a = (await call('manager', 'post', 'inspection', inspection({ vehicleId: 'v2', inspectionDate: '2025-03-01', validUntil: '2026-03-01' }))).data.id;
    const b = (await call('manager', 'post', 'inspection', inspection({ vehicleId: 'v2', inspectionDate: '2024-03-01', validUntil: '2025-03-01' }))).data.id;
    expect((await call('manager', 'post', 'inspection/delete', { ids: [a, b, 999_999] }))).toMatchObject({ errorCode: 1001, data: [999_999] });
    expect(await ids('manager', 'inspection?vehicleId=v2')).toEqual([a, b]);
    expect((await call('manager', 'post', 'inspection/delete', { ids: [a, b] })).flag).toBe(true);
    expect(await ids('manager', 'inspection?vehicleId=v2')).toEqual([]);
    expect((await call('manager', 'post', 'inspection/delete', { ids: [] })).errorCode).toBe(400);
  });

  it('answers the due items: the latest insurance per type, inspection and service of each vehicle', async () => {
    const post = async (kind: string, body: object) => (await call('manager', 'post', kind, { vehicleId: 'v4', ...body })).data.id as number;
    await post('insurance', insurance({ vehicleId: 'v4', policyNo: 'OLD', startDate: '2025-01-01', endDate: '2025-12-31' }));
    const renewed = await post('insurance', insurance({ vehicleId: 'v4', policyNo: 'NEW', startDate: '2026-01-01', endDate: '2026-12-31' }));
    const commercial = await post('insurance', insurance({ vehicleId: 'v4', policyNo: 'COM', insuranceType: 2, startDate: '2026-02-01', endDate: '2027-01-31' }));
    await post('inspection', inspection({ vehicleId: 'v4', inspectionDate: '2025-04-01', validUntil: '2026-04-01' }));
    const inspected = await post('inspection', inspection({ vehicleId: 'v4', inspectionDate: '2026-04-01', validUntil: '2027-04-01' }));
    await post('maintenance', maintenance({ vehicleId: 'v4', serviceDate: '2026-01-10', odometerKm: 10000, nextServiceKm: 25000, nextServiceDate: '2026-07-10' }));
    const serviced = await post('maintenance', maintenance({ vehicleId: 'v4', serviceDate: '2026-07-08', odometerKm: 24800, nextServiceKm: 39800, nextServiceDate: undefined }));
    const items = (await t.app.get(RecordDueSource).dueItems()).filter((item: DueItem) => item.vehicleId === 'v4');
    const base = { vehicleId: 'v4', companyId: 'c1', plateCode: '京A00004', dueOdometerKm: null, lastServiceOdometerKm: null, lastServiceDate: null };
    // P-SAMEDAY of the rules test is a compulsory policy of v4 too, but it ended before NEW.
    expect(items.sort((x, y) => x.recordId - y.recordId)).toEqual(
      [
        { ...base, kind: 'insurance', recordId: renewed, dueDate: '2026-12-31' },
        { ...base, kind: 'insurance', recordId: commercial, dueDate: '2027-01-31' },
        { ...base, kind: 'inspection', recordId: inspected, dueDate: '2027-04-01' },
        { ...base, kind: 'maintenance', recordId: serviced, dueDate: null, dueOdometerKm: 39800, lastServiceOdometerKm: 24800, lastServiceDate: '2026-07-08' },
      ].sort((x, y) => x.recordId - y.recordId),
    );
  });
});
