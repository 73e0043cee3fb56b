// Alarms on the path a deployment takes: a provisioned 2013 terminal over TCP sets and clears
// 0x0200 alarm bits, a fence raises platform alarms, and operators list and handle them.
import { AlarmDetectorService } from '@openfleet/alarm';
import { FenceAttribute, Topics, type AlarmEvent } from '@openfleet/contracts';
import ExcelJS from 'exceljs';
import type { EventBus } from '@openfleet/bus';
import { Gateway808Server } from '@openfleet/gateway-808';
import { locationBody, type TestTerminal } from '@openfleet/gateway-808/testing';
import { EVENT_BUS } from '@openfleet/service-kit';
import type { RunningPlatform } from '../src';
import { connectTerminal, login, loginAdmin, provisionVehicle, waitFor, type ApiClient, type ProvisionedVehicle } from './provisioning';
import { startTestPlatform } from './test-platform';

jest.setTimeout(90_000);

const cst = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);

describe('alarms: terminal bits from start to end, fence alarms, handling, scope', () => {
  let platform: RunningPlatform;
  let admin: ApiClient;
  let companyId: string;
  let vehicle: ProvisionedVehicle;
  let terminal: TestTerminal;
  const events: AlarmEvent[] = [];
  const base = Math.floor(Date.now() / 1000) - 600;
  type Row = { id: number; type: string; bit: number; level: number; source: string; startedAt: number; endedAt: number; handleStatus: number; handleResult: number; handleRemark: string; handlerId: string; plateCode: string };
  const window = `startTime=${encodeURIComponent(cst((base - 60) * 1000))}&endTime=${encodeURIComponent(cst(Date.now() + 60_000))}`;
  const list = async (client = admin, extra = '') => (await client.get(`/gps/alarm/page?size=100&${window}${extra}`).expect(200)).body.data as { records: Row[]; total: number };
  const report = async (offsetS: number, alarm: number, speed = 40, items?: number) => {
    const body = { ...locationBody(0, new Date((base + offsetS) * 1000)), alarm, speed };
    const serial = items ? terminal.send(0x0704, { type: 1, items: Array.from({ length: items }, () => body) }) : terminal.send(0x0200, body);
    await terminal.expectAck(serial);
  };

  beforeAll(async () => {
    platform = await startTestPlatform('strict');
    admin = await loginAdmin(platform);
    companyId = await admin.create('/basic/company', { name: 'Alarmed Logistics' });
    vehicle = await provisionVehicle(admin, companyId, { sim: '13300000001', plate: '京H30001', terminalCode: 'ALM0001', version: '2013' });
    terminal = await connectTerminal(platform.app.get(Gateway808Server).address().port, vehicle);
    await platform.app.get<EventBus>(EVENT_BUS).subscribe(Topics.alarm, { group: 'probe', fromBeginning: false, handle: async (messages) => void events.push(...messages.map((m) => m.value)) });
  });

  afterAll(async () => {
    terminal?.close();
    await platform?.app.close();
  });

  it('one record per alarm from the bit set to the bit cleared; redelivery and backfill change nothing', async () => {
    await report(0, 0);
    await report(10, 1 | 2); // emergency + overspeed
    await report(20, 1 | 2, 90);
    await report(30, 1); // overspeed cleared
    await report(40, 0); // emergency cleared
    // A redelivered report and an older backfill carrying the bits again.
    await report(20, 1 | 2, 90);
    await report(5, 1 | 2, 50, 2);
    await waitFor('both ended', async () => ((await list()).records.filter((r) => r.endedAt > 0).length === 2 ? true : undefined));
    const rows = (await list()).records;
    expect(rows.map((r) => ({ type: r.type, bit: r.bit, level: r.level, source: r.source, startedAt: r.startedAt, endedAt: r.endedAt, plate: r.plateCode })).sort((a, b) => a.bit - b.bit)).toEqual([
      { type: 'emergency', bit: 0, level: 0, source: 'terminal', startedAt: (base + 10) * 1000, endedAt: (base + 40) * 1000, plate: '京H30001' },
      { type: 'overspeed', bit: 1, level: 1, source: 'terminal', startedAt: (base + 10) * 1000, endedAt: (base + 30) * 1000, plate: '京H30001' },
    ]);
    await waitFor('events', () => events.filter((e) => e.endedAt).length >= 2 || undefined);
    expect(events.filter((e) => e.type === 'emergency' && !e.endedAt)).toHaveLength(1);
  });

  it('turns fence entries and exits into platform alarms', async () => {
    const fenceId = await admin.create('/gps/fence', { name: '报警区', type: 3, geometry: { type: 'polygon', points: [[116.3, 39.8], [116.5, 39.8], [116.5, 40.0], [116.3, 40.0]] }, attributes: FenceAttribute.ENTRY_ALARM_PLATFORM, companyId });
    await admin.post(`/gps/fence/${fenceId}/bind`, { vehicleIds: [vehicle.vehicleId] }).expect(200);
    // locationBody sits at 39.9, 116.4: inside. Out first, then in, then out.
    const at = async (offsetS: number, lng: number) => {
      const serial = terminal.send(0x0200, { ...locationBody(0, new Date((base + offsetS) * 1000)), longitude: lng, alarm: 0 });
      await terminal.expectAck(serial);
    };
    await at(100, 116.0);
    await at(110, 116.4);
    await at(120, 116.0);
    const rows = await waitFor('fence alarms', async () => {
      const found = (await list(admin, '&type=fenceIn')).records.concat((await list(admin, '&type=fenceOut')).records);
      return found.length === 2 ? found : undefined;
    });
    expect(rows.every((r) => r.source === 'platform' && r.level === 2 && r.endedAt === r.startedAt)).toBe(true);
  });

  it('applies platform rules set through the API without a restart: overspeed, stopped too long, offline too long', async () => {
    // The company's rules for every type allow 120 km/h; for this vehicle's type (1) 80.
    expect((await admin.put('/gps/alarm/rules', { companyId, overspeedKmh: 120, overspeedS: 10, fatigueDriveS: 0, fatigueRestS: 0, nightStart: '', nightEnd: '', offlineS: 60, stoppedS: 60 }).expect(200)).body.flag).toBe(true);
    expect((await admin.put('/gps/alarm/rules', { companyId, vehicleType: 1, overspeedKmh: 80, overspeedS: 10, fatigueDriveS: 0, fatigueRestS: 0, nightStart: '', nightEnd: '', offlineS: 60, stoppedS: 60 }).expect(200)).body.flag).toBe(true);
    expect((await admin.get(`/gps/alarm/rules?companyId=${companyId}`).expect(200)).body.data).toMatchObject({ overspeedKmh: 120, stoppedS: 60, vehicleType: 0 });
    expect((await admin.get(`/gps/alarm/rules?companyId=${companyId}&vehicleType=1`).expect(200)).body.data).toMatchObject({ overspeedKmh: 80, vehicleType: 1 });
    expect((await admin.get(`/gps/alarm/rules?companyId=${companyId}&vehicleType=2`).expect(200)).body.data).toMatchObject({ overspeedKmh: 120, vehicleType: 2 });
    await report(200, 0, 90);
    await report(209, 0, 90);
    await report(210, 0, 95);
    await report(220, 0, 70);
    await report(230, 0, 0);
    await report(290, 0, 0);
    await report(300, 0, 30);
    const rows = await waitFor('rule alarms', async () => {
      const found = (await list(admin, '&type=platformOverspeed')).records.concat((await list(admin, '&type=stoppedTooLong')).records);
      return found.length === 2 && found.every((r) => r.endedAt) ? found : undefined;
    });
    const byType = Object.fromEntries(rows.map((r) => [r.type, r]));
    expect(byType.platformOverspeed).toMatchObject({ startedAt: (base + 210) * 1000, endedAt: (base + 220) * 1000, source: 'platform', level: 1 });
    expect(byType.stoppedTooLong).toMatchObject({ startedAt: (base + 290) * 1000, endedAt: (base + 300) * 1000 });
    // The last report is minutes old: the sweep raises "offline too long"; the next report ends it.
    await platform.app.get(AlarmDetectorService).sweepOffline();
    await waitFor('offline alarm', async () => ((await list(admin, '&type=offlineTooLong')).total === 1 ? true : undefined));
    await report(400, 0, 30);
    await waitFor('offline ended', async () => ((await list(admin, '&type=offlineTooLong')).records[0]?.endedAt === (base + 400) * 1000 ? true : undefined));
  });

  it('handles one alarm and a batch, keeping handler and remark; refuses a custom result without a remark', async () => {
    const rows = (await list()).records;
    const [first, ...rest] = rows.map((r) => String(r.id));
    expect((await admin.post('/gps/alarm/handle', { alarmIds: [first], handleStatus: 1, handleResult: 22 }).expect(200)).body).toMatchObject({ flag: false, errorCode: 400 });
    expect((await admin.post('/gps/alarm/handle', { alarmIds: [first], handleStatus: 1, handleResult: 17, remark: '误报' }).expect(200)).body).toMatchObject({ flag: true, data: { handled: 1 } });
    expect((await admin.post('/gps/alarm/handle', { alarmIds: rest, handleStatus: 3 }).expect(200)).body.data.handled).toBe(rest.length);
    const after = (await list()).records;
    expect(after.find((r) => String(r.id) === first)).toMatchObject({ handleStatus: 1, handleResult: 17, handleRemark: '误报', handlerId: '1' });
    expect(after.filter((r) => r.handleStatus === 3)).toHaveLength(rest.length);
    expect((await list(admin, '&handleStatus=0')).total).toBe(0);
    const stats = (await admin.get('/gps/alarm/stats?hours=24').expect(200)).body.data;
    expect(stats).toMatchObject({ unhandled: 0, hours: 24 });
    // The rule test's reports brought the vehicle back into the fence: a second entry.
    expect(stats.byType).toEqual({ emergency: 1, overspeed: 1, fenceIn: 2, fenceOut: 1, platformOverspeed: 1, stoppedTooLong: 1, offlineTooLong: 1 });
    expect(Object.values(stats.byLevel as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(rows.length);
    expect((await admin.get('/gps/alarm/count?hours=24').expect(200)).body.data.count).toBe(0);
  });

  it("applies the company's level, push, sound and handling of a type to alarms that start afterwards", async () => {
    const before = (await admin.get(`/gps/alarm/type-config?companyId=${companyId}`).expect(200)).body.data.items as { type: string; level: number; push: boolean; sound: boolean; needsHandling: boolean; custom: boolean }[];
    expect(before.find((item) => item.type === 'emergency')).toEqual({ type: 'emergency', level: 0, push: true, sound: true, needsHandling: true, custom: false });
    expect(before.find((item) => item.type === 'dsmPhoneCall')).toBeDefined();
    expect((await admin.put('/gps/alarm/type-config', { companyId, items: [{ type: 'nonsense', level: 1, push: true, sound: false, needsHandling: true }] })).body).toMatchObject({ flag: false, errorCode: 400 });
    expect((await admin.put('/gps/alarm/type-config', { companyId, items: [{ type: 'emergency', level: 3, push: false, sound: false, needsHandling: false }] }).expect(200)).body.flag).toBe(true);
    expect(((await admin.get(`/gps/alarm/type-config?companyId=${companyId}`).expect(200)).body.data.items as { type: string; custom: boolean; level: number }[]).find((item) => item.type === 'emergency')).toMatchObject({ level: 3, custom: true });
    await report(500, 1);
    const row = await waitFor('configured emergency', async () => (await list(admin, '&type=emergency')).records.find((r) => r.startedAt === (base + 500) * 1000));
    expect(row).toMatchObject({ level: 3, handleStatus: 2, handlerId: 'system' });
    const event = await waitFor('its event', () => events.find((e) => e.type === 'emergency' && e.startedAt === (base + 500) * 1000));
    expect(event.detail).toMatchObject({ push: false, sound: false });
    await report(510, 0);
  });

  it('keeps the query window to 7 days and other companies away', async () => {
    const long = `startTime=${encodeURIComponent(cst(Date.now() - 8 * 86_400_000))}&endTime=${encodeURIComponent(cst(Date.now()))}`;
    expect((await admin.get(`/gps/alarm/page?${long}`).expect(200)).body).toMatchObject({ flag: false, errorCode: 300 });
    const otherCompany = await admin.create('/basic/company', { name: 'Quiet Logistics' });
    const roleId = await admin.create('/basic/role', { name: 'watcher', companyId: otherCompany, roleType: 3, actionCodes: ['alarmHandle', 'alarmHandle:search', 'alarmHandle:modify', 'alarmHandle:export', 'home'] });
    await admin.create('/basic/user', { account: 'otherwatcher', name: 'Other Watcher', password: 'Watcher123', userType: 1, companyId: otherCompany, roleIds: [Number(roleId)] });
    const other = await login(platform, 'otherwatcher', 'Watcher123');
    expect((await list(other)).total).toBe(0);
    const theirs = (await list()).records[0];
    expect((await other.post('/gps/alarm/handle', { alarmIds: [String(theirs.id)], handleStatus: 1 }).expect(200)).body).toMatchObject({ flag: false, errorCode: 410 });
    expect((await other.get(`/gps/alarm/${theirs.id}`).expect(200)).body.errorCode).toBe(410);
    // The count, the statistics and the export of the other company hold none of these alarms.
    expect((await other.get('/gps/alarm/count?hours=24').expect(200)).body.data.count).toBe(0);
    expect((await other.get('/gps/alarm/stats?hours=24').expect(200)).body.data).toMatchObject({ byType: {}, byLevel: {}, unhandled: 0 });
    expect(Object.keys((await admin.get('/gps/alarm/stats?hours=24').expect(200)).body.data.byType).length).toBeGreaterThan(0);
    const sheetRows = async (client: ApiClient) => {
      const sheet = await client.get(`/gps/alarm/export?${window}`).buffer(true).parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      }).expect(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(sheet.body as never);
      expect(workbook.worksheets[0].getRow(1).getCell(1).value).toBe('车牌号');
      return workbook.worksheets[0].getSheetValues().filter(Boolean).length - 1;
    };
    expect(await sheetRows(admin)).toBe((await list()).total);
    expect(await sheetRows(other)).toBe(0);
  });
});
