// Reminders on SQLite and MariaDB: the sweep's thresholds at the exact day and the exact kilometre
// (km from positions on the bus), the predicted service day, created once across two instances and
// a restart, the lease (two sweeps at once: one runs), the daily run once a day, settings, the
// list, marking read and done, counts, and the event published for the hub.
import { getDataSourceToken } from '@nestjs/typeorm';
import { chinaDate, chinaDayStartOf, Topics, type Position, type ReminderEvent } from '@openfleet/contracts';
import type { DataSource } from 'typeorm';
import { DayMileageConsumer } from '../src/reminders/day-mileage.consumer';
import { ReminderSweep, type SweepOutcome } from '../src/reminders/reminder-sweep.service';
import { setUpReminders, type ReminderInstance, type RemindersTestSetup, type Who } from './reminders-test-app';

jest.setTimeout(90_000);

type Envelope = { flag: boolean; errorCode: number; data: ReturnType<typeof JSON.parse> };
const DAY_MS = 86_400_000;
const day = (offset: number) => chinaDate(Date.now() + offset * DAY_MS);
const thresholds = (outcome: SweepOutcome) => outcome.created.map((r) => `${r.vehicleId} ${r.kind} ${r.threshold}`).sort();

const position = (vehicleId: string, gpsTimeS: number, odometerKm: number): Position => ({
  terminalPhone: '013800000001', vehicleId, gpsTimeS, receivedAtMs: gpsTimeS * 1000, latitudeE6: 39_900_000, longitudeE6: 116_400_000, altitudeM: 40, speedDkmh: 600, directionDeg: 90,
  alarmFlags: 0, statusFlags: 3, mileageHm: Math.round(odometerKm * 10), hasMileage: true, fuelDl: 0, hasFuel: false, recordedSpeedDkmh: 0, hasRecordedSpeed: false, blindArea: false, serial: 1, sequence: 0, extrasJson: '',
});

describe.each(['sqlite', 'mysql'] as const)('reminders on %s', (engine) => {
  let t: RemindersTestSetup;
  let a: ReminderInstance;
  const pushed: ReminderEvent[] = [];

  beforeAll(async () => {
    t = await setUpReminders(engine);
    a = t.a;
    await a.bus.subscribe(Topics.reminders, { group: 'reminders-test-listener', fromBeginning: true, handle: async (messages) => void pushed.push(...messages.map((m) => m.value)) });
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = async (who: Who, method: 'get' | 'post' | 'put', path: string, body?: object, on = a): Promise<Envelope> => {
    const req = on.http()[method](`/vehicleService/${path}`).set('Authorization', t.tokens[who]);
    return (await (body ? req.send(body) : req)).body as Envelope;
  };
  const create = async (kind: string, body: object, who: Who = 'manager'): Promise<number> => {
    const answer = await call(who, 'post', kind, body);
    if (!answer.flag) throw new Error(`${kind}: ${JSON.stringify(answer)}`);
    return answer.data.id;
  };
  const policy = (vehicleId: string, endDate: string, insuranceType = 1) => ({ vehicleId, policyNo: `P-${vehicleId}-${endDate}`, insuranceType, insurer: '人保', premium: 900, insuredAmount: 100000, startDate: day(-300), endDate });
  const sweep = (on = a) => on.app.get(ReminderSweep).sweep();

  it('reminds at the exact day: 7 days left gives days:7 (not days:1), 8 gives days:30, a passed date overdue', async () => {
    const seven = await create('insurance', policy('v1', day(7)));
    await create('insurance', policy('v4', day(8)));
    await create('inspection', { vehicleId: 'v2', agent: '张三', registrationDate: '2020-03-01', inspectionDate: day(-366), validUntil: day(-1), fee: 300 });
    await create('insurance', policy('v2', day(31)));
    const outcome = await sweep();
    expect(outcome.ran).toBe(true);
    expect(thresholds(outcome)).toEqual(['v1 insurance days:7', 'v2 inspection overdue', 'v4 insurance days:30']);
    expect(outcome.created.find((r) => r.recordId === seven)).toMatchObject({ companyId: 'c1', plateCode: '京A00001', dueDate: day(7), daysLeft: 7, status: 0 });
    // Pushed once per vehicle, to every role of c1 (no receiving roles set).
    expect(pushed.map((event) => [event.vehicleId, event.roleIds, event.reminders.length]).sort()).toEqual([['v1', [], 1], ['v2', [], 1], ['v4', [], 1]]);
  });

  it('creates nothing twice: a second sweep, another instance, a restart', async () => {
    const before = (await call('manager', 'get', 'reminders/page?size=100')).data.total;
    expect((await sweep()).created).toEqual([]);
    const b = await t.start();
    expect(await sweep(b)).toMatchObject({ ran: true, created: [] });
    await b.app.close();
    const restarted = await t.start();
    expect(await sweep(restarted)).toMatchObject({ ran: true, created: [] });
    expect((await call('manager', 'get', 'reminders/page?size=100', undefined, restarted)).data.total).toBe(before);
    await restarted.app.close();
  });

  it('lets one of two sweeps at once run (the lease), and the daily run happen once a day', async () => {
    const b = await t.start();
    await create('insurance', policy('v4', day(1), 2));
    const outcomes = await Promise.all([a.app.get(ReminderSweep).sweep(), b.app.get(ReminderSweep).sweep()]);
    expect(outcomes.map((o) => o.ran).sort()).toEqual([false, true]);
    expect(outcomes.flatMap(thresholds)).toEqual(['v4 insurance days:1']);
    // The lease is free again afterwards; today's sweep finished, so the daily (scheduled) run is not due today.
    expect((await a.app.get(ReminderSweep).sweep({ scheduled: true })).ran).toBe(false);
    expect((await b.app.get(ReminderSweep).sweep({ scheduled: true })).ran).toBe(false);
    expect((await a.app.get(ReminderSweep).sweep()).ran).toBe(true);
    await b.app.close();
  });

  it('reminds a service at the exact kilometre since the last service, from the positions, and predicts its day', async () => {
    const dataSource = a.app.get<DataSource>(getDataSourceToken('vehicle_service'));
    const today = chinaDayStartOf(Date.now()) / 1000;
    const service = await create('maintenance', { vehicleId: 'v2', serviceDate: day(-5), odometerKm: 100_000, fee: 500, servicedBy: '城北维修厂', items: '机油', nextServiceKm: 115_000, nextServiceDate: day(200) });
    // 14,499 km between day -4 and day -1 (201 km/h, believable), then 1 km more today.
    await a.bus.publish(Topics.position, [{ key: 'v2', value: position('v2', today - 4 * 86_400 + 36_000, 100_000) }, { key: 'v2', value: position('v2', today - 86_400 + 36_000, 114_499) }]);
    const km = async () => Number((await dataSource.query("SELECT SUM(km) AS km FROM reminder_vehicle_mileage WHERE vehicle_id = 'v2'"))[0].km ?? 0);
    for (let i = 0; i < 50 && (await km()) < 14_499; i++) await a.app.get(DayMileageConsumer).flush().then(() => new Promise((r) => setTimeout(r, 50)));
    expect(await km()).toBeCloseTo(14_499, 3);
    // 501 km left at 14,499 km a day (the pace of the one day seen): due tomorrow, not yet the 500 km margin.
    const first = await sweep();
    expect(thresholds(first)).toEqual(['v2 maintenance days:1']);
    expect(first.created[0]).toMatchObject({ recordId: service, serviceIntervalKm: 15_000, mileageSinceServiceKm: 14_499, predictedDueDate: day(1), daysLeft: 1 });
    await a.bus.publish(Topics.position, [{ key: 'v2', value: position('v2', today - 86_400 + 39_600, 114_500) }]);
    for (let i = 0; i < 50 && (await km()) < 14_500; i++) await a.app.get(DayMileageConsumer).flush().then(() => new Promise((r) => setTimeout(r, 50)));
    const second = await sweep();
    expect(thresholds(second)).toEqual(['v2 maintenance km']);
    expect(second.created[0]).toMatchObject({ mileageSinceServiceKm: 14_500, serviceIntervalKm: 15_000 });
  });

  it('keeps per-company settings: receiving roles go with the event, a disabled kind is not swept', async () => {
    expect((await call('manager', 'get', 'reminders/settings')).data).toEqual({ companyId: 'c1', insurance: true, inspection: true, maintenance: true, daysBefore: [30, 7, 1], overdue: true, maintenanceMarginKm: 500, roleIds: [] });
    expect((await call('manager', 'put', 'reminders/settings', { daysBefore: [7, 7] })).errorCode).toBe(1021);
    expect((await call('manager', 'put', 'reminders/settings', { daysBefore: [0] })).flag).toBe(false);
    expect((await call('manager', 'put', 'reminders/settings', { companyId: 'c2', insurance: false })).errorCode).toBe(8002);
    expect((await call('clerk', 'get', 'reminders/settings')).flag).toBe(false);
    const saved = await call('manager', 'put', 'reminders/settings', { daysBefore: [60, 3], inspection: false, roleIds: ['manager'] });
    expect(saved.data).toMatchObject({ daysBefore: [60, 3], inspection: false, roleIds: ['manager'] });
    expect((await call('other', 'put', 'reminders/settings', { insurance: false })).flag).toBe(true);
    pushed.length = 0;
    await create('insurance', policy('v1', day(45), 3));
    await create('insurance', policy('v3', day(2)), 'other');
    await create('inspection', { vehicleId: 'v4', agent: '李四', registrationDate: '2020-03-01', inspectionDate: day(-360), validUntil: day(2), fee: 300 });
    // Every c1 item is judged again under 60/3 days; inspections are off in c1, insurance in c2.
    const outcome = await sweep();
    expect(thresholds(outcome)).toEqual(['v1 insurance days:60', 'v1 insurance days:60', 'v2 insurance days:60', 'v2 maintenance days:3', 'v4 insurance days:3', 'v4 insurance days:60']);
    expect(pushed.map((event) => [event.vehicleId, event.roleIds]).sort()).toEqual([['v1', ['manager']], ['v2', ['manager']], ['v4', ['manager']]]);
  });

  it('lists, counts and marks read or done within the scope; a foreign id answers 1020', async () => {
    const counts = (await call('clerk', 'get', 'reminders/counts')).data;
    const all = (await call('manager', 'get', 'reminders/page?size=100')).data;
    expect(counts.messages).toBe(all.total);
    expect(counts.messages).toBe(counts.insurance + counts.inspection + counts.maintenance);
    expect(counts.inspection).toBe(1);
    expect((await call('other', 'get', 'reminders/counts')).data).toEqual({ messages: 0, insurance: 0, inspection: 0, maintenance: 0 });
    expect((await call('clerk', 'get', 'reminders/page')).flag).toBe(false);
    const insurance = (await call('manager', 'get', 'reminders/page?kind=insurance&status=0')).data.records as { id: number; vehicleId: string }[];
    expect(insurance.length).toBe(counts.insurance);
    expect((await call('manager', 'get', 'reminders/page?vehicleId=v3')).errorCode).toBe(8002);
    expect((await call('other', 'post', 'reminders/read', { ids: [insurance[0].id] })).errorCode).toBe(1020);
    expect((await call('manager', 'post', 'reminders/read', { ids: [insurance[0].id, insurance[1].id] })).data).toBe(2);
    expect((await call('manager', 'post', 'reminders/done', { ids: [insurance[1].id] })).data).toBe(1);
    // Marking read again changes nothing, nor does read after done.
    expect((await call('manager', 'post', 'reminders/read', { ids: [insurance[0].id, insurance[1].id] })).data).toBe(0);
    expect((await call('manager', 'get', 'reminders/counts')).data.insurance).toBe(counts.insurance - 2);
    expect((await call('manager', 'get', 'reminders/page?status=2')).data.records.map((r: { id: number }) => r.id)).toEqual([insurance[1].id]);
    expect((await call('manager', 'post', 'reminders/done', { ids: [] })).flag).toBe(false);
  });

  it("runs the next day's scheduled sweep once, on one instance", async () => {
    const tomorrow = Date.now() + DAY_MS;
    const b = await t.start();
    const outcomes = await Promise.all([a.app.get(ReminderSweep).sweep({ nowMs: tomorrow, scheduled: true }), b.app.get(ReminderSweep).sweep({ nowMs: tomorrow, scheduled: true })]);
    expect(outcomes.map((o) => o.ran).sort()).toEqual([false, true]);
    expect((await b.app.get(ReminderSweep).sweep({ nowMs: tomorrow, scheduled: true })).ran).toBe(false);
    await b.app.close();
  });
});
