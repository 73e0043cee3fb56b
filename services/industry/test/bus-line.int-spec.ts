// Bus lines on SQLite and MariaDB: the industry service on an in-process bus the test feeds as
// tracking and admin would. A line through the API (its checks, scope and action codes), a
// scripted morning of two buses (positions in -> arrivals, departures and dwell at the right stops
// and times), the live strip (a bus between stops, its headway to the one ahead, bunching, ETAs from
// what the first bus took), the state surviving a restart, a batch whose first write failed (the
// stop-event table away for a moment) stored whole when handed again, and the Excel round trip.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { TokenService, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { formatChinaTime, Topics, type BusLineInput, type BusLineStrip, type BusStopEventView, type Position, type VehicleRegistryEntry } from '@openfleet/contracts';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv, withTableAway } from '@openfleet/storage';
import ExcelJS from 'exceljs';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { IndustryModule } from '../src';
import { east, straightLine } from '../src/bus-line/bus-line.fixtures';

jest.setTimeout(120_000);

const LINE_CODES = ['busLine', 'busLine:search', 'busLine:add', 'busLine:modify', 'busLine:delete', 'busLine:import', 'busLine:export', 'busLineMonitor', 'busLineMonitor:search', 'busLineMonitor:export'];
const vehicle = (vehicleId: string, terminalPhone: string, company: string): VehicleRegistryEntry => ({
  vehicleId, plateCode: `浙A${vehicleId}`, plateColor: 1, vin: '', companyId: company, companyPath: [company], fleetPath: [], terminalPhone, deleted: false, updatedAt: Date.now(),
});
const VEHICLES = [vehicle('b1', '13900000101', 'c1'), vehicle('b2', '13900000102', 'c1'), vehicle('b3', '13900000103', 'c2')];
const user = (id: string, company: string, roleIds: string[], superAdmin = false): AuthUser => ({ id, companyId: company, userType: superAdmin ? 4 : 1, roleIds, superAdmin, scope: { companies: superAdmin ? [] : [company], fleets: [] } });
const waitFor = async (check: () => boolean | Promise<boolean>, what: string) => {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const { up, down } = straightLine(4);
/** The morning starts 1000 s ago, on whole seconds: every time below is T + seconds. */
const T = Math.floor(Date.now() / 1000) - 1000;

/** Positions every 10 s: at stop `from` from `atS` for 30 s, then 100 s to each next stop (10 m/s), to stop `to` (or `stopAtM` metres). */
function busRun(v: VehicleRegistryEntry, atS: number, from: number, to: number, stopAtM?: number): Position[] {
  const points: [number, number][] = [];
  let s = atS;
  for (let seq = from; seq <= to; seq++) {
    for (let dwell = 0; dwell <= 30 && (seq < to || stopAtM === undefined); dwell += 10) points.push([s + dwell, seq * 1000]);
    if (seq === to) break;
    s += 30;
    for (let step = 1; step < 10; step++) {
      if (stopAtM !== undefined && seq === to - 1 && seq * 1000 + step * 100 > stopAtM) return positions(v, points);
      points.push([s + step * 10, seq * 1000 + step * 100]);
    }
    s += 100;
  }
  return positions(v, points);
}

function positions(v: VehicleRegistryEntry, points: [number, number][]): Position[] {
  return points.map(([s, metres], i) => ({
    terminalPhone: v.terminalPhone, vehicleId: v.vehicleId, gpsTimeS: T + s, receivedAtMs: Date.now(), latitudeE6: 30_000_000, longitudeE6: Math.round(east(metres) * 1e6), altitudeM: 0, speedDkmh: 360, directionDeg: 90,
    alarmFlags: 0, statusFlags: 3, mileageHm: 0, hasMileage: false, fuelDl: 0, hasFuel: false, recordedSpeedDkmh: 0, hasRecordedSpeed: false, blindArea: false, serial: i, sequence: 0, extrasJson: '',
  }));
}

describe.each(['sqlite', 'mysql'] as const)('bus lines on %s', (engine) => {
  const env: NodeJS.ProcessEnv = { ...testStorageEnv(engine, 'industry'), LOG_LEVEL: 'silent', AUTH_JWT_SECRET: 'bus-line-test-secret-bus-line-test-secret-0123' };
  let bus: InProcessBus;
  let app: INestApplication;
  const tokens: Record<string, string> = {};
  let lineId = 0;

  const start = async () => {
    bus = new InProcessBus({ logger: silentBusLogger, backoff: { initialMs: 20, maxMs: 200 } });
    await bus.publish(Topics.rolePermissions, [
      { key: 'lines', value: { roleId: 'lines', actionCodes: LINE_CODES, deleted: false, updatedAt: Date.now() } },
      { key: 'watch', value: { roleId: 'watch', actionCodes: ['busLineMonitor', 'busLineMonitor:search'], deleted: false, updatedAt: Date.now() } },
    ]);
    await bus.publish(Topics.vehicleRegistry, VEHICLES.map((value) => ({ key: value.vehicleId, value })));
    app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'bus-line-test', config: loadConfig(PlatformConfig, env), bus, env }), IndustryModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    await app.get(VehicleRegistry).ready;
    const sign = async (u: AuthUser) => `Bearer ${await app.get(TokenService).sign(u)}`;
    Object.assign(tokens, { manager: await sign(user('1', 'c1', ['lines'])), watcher: await sign(user('2', 'c1', ['watch'])), other: await sign(user('3', 'c2', ['lines'])) });
  };
  const http = () => request(app.getHttpServer());
  const get = async <T>(path: string, token = tokens.manager) => (await http().get(path).set('Authorization', token).expect(200)).body as { flag: boolean; errorCode: number; data: T };
  const send = (list: Position[]) => bus.publish(Topics.position, list.map((value) => ({ key: value.terminalPhone, value })));
  const window = `startTime=${encodeURIComponent(formatChinaTime((T - 60) * 1000))}&endTime=${encodeURIComponent(formatChinaTime((T + 3600) * 1000))}`;
  const stopEvents = async (vehicleId: string) => (await get<{ records: BusStopEventView[] }>(`/industry/busLine/${lineId}/stopEvents?${window}&vehicleId=${vehicleId}&size=100`)).data.records.reverse();
  const LINE: BusLineInput = { code: 'K12', name: '12路', scheduledHeadwayS: 600, up, down, vehicles: [{ vehicleId: 'b1', direction: 'up' }, { vehicleId: 'b2', direction: 'up' }] };

  beforeAll(start);
  afterAll(async () => {
    await app?.close();
    await dropTestSchema(env, 'industry');
  });

  it('stores a line with its checks, company scope and action codes', async () => {
    const post = (body: object, token = tokens.manager) => http().post('/industry/busLine').set('Authorization', token).send(body).then((r) => r.body);
    expect(await post({ ...LINE, up: up.slice(0, 1) })).toMatchObject({ flag: false, errorCode: 400 });
    expect(await post({ ...LINE, up: [up[0], { ...up[1], stopId: up[0].stopId }] })).toMatchObject({ flag: false, errorCode: 400 });
    expect(await post({ ...LINE, up: [{ ...up[0], radiusM: 5000 }, up[1]] })).toMatchObject({ flag: false, errorCode: 400 });
    expect(await post({ ...LINE, vehicles: [{ vehicleId: 'b3', direction: 'up' }] })).toMatchObject({ flag: false, errorCode: 8002 });
    expect(await post(LINE, tokens.watcher)).toMatchObject({ flag: false, errorCode: 403 });
    const created = await post(LINE);
    expect(created).toMatchObject({ flag: true, data: { code: 'K12', companyId: 'c1', up: up.map((stop) => expect.objectContaining({ stopId: stop.stopId })) } });
    lineId = created.data.id;
    expect(await post({ ...LINE, vehicles: [] })).toMatchObject({ flag: false, errorCode: 1002, data: { code: 'K12' } });
    expect(await post({ ...LINE, code: 'K13' })).toMatchObject({ flag: false, errorCode: 1002, data: { vehicleIds: ['b1', 'b2'] } });
    expect((await get(`/industry/busLine/${lineId}`, tokens.other)).errorCode).toBe(1001);
    expect((await get<{ total: number }>('/industry/busLine', tokens.other)).data.total).toBe(0);
    expect((await get<{ records: { vehicles: unknown[] }[] }>('/industry/busLine', tokens.watcher)).data.records[0].vehicles).toEqual([
      { vehicleId: 'b1', direction: 'up', plateCode: '浙Ab1' },
      { vehicleId: 'b2', direction: 'up', plateCode: '浙Ab2' },
    ]);
  });

  it('turns a scripted morning into arrivals and departures, and a live strip with headway, bunching and ETAs', async () => {
    // b1 runs the whole line from T; b2 follows 200 s behind and is half-way from stop 2 to stop 3.
    await send(busRun(VEHICLES[0], 0, 0, 3));
    await send(busRun(VEHICLES[1], 200, 0, 2, 1500));
    await waitFor(async () => (await stopEvents('b2')).length === 2 && (await stopEvents('b1')).length === 4, 'arrivals');
    const b1 = await stopEvents('b1');
    expect(b1.map((e) => [e.stopId, e.arrivedAt / 1000 - T, e.departedAt === null ? null : e.departedAt / 1000 - T, e.dwellS, e.skipped])).toEqual([
      ['U1', 0, 30, 30, false],
      ['U2', 130, 160, 30, false],
      ['U3', 260, 290, 30, false],
      ['U4', 390, null, null, false],
    ]);
    expect((await stopEvents('b2')).map((e) => [e.stopId, e.arrivedAt / 1000 - T])).toEqual([['U1', 200], ['U2', 330]]);

    const strip = (await get<BusLineStrip>(`/industry/busLine/${lineId}/strip`, tokens.watcher)).data;
    const b2 = strip.vehicles.find((v) => v.vehicleId === 'b2')!;
    expect(b2).toMatchObject({ direction: 'up', seq: 1, atStop: false, fraction: 0.5, headwayS: 200, bunched: true, lastAt: (T + 410) * 1000 });
    expect(strip.vehicles.find((v) => v.vehicleId === 'b1')).toMatchObject({ seq: 3, atStop: true, headwayS: null, bunched: false });
    // b1 ran each segment in 100 s and stood 30 s: half of 100 s left to U3, then 30 s + 100 s to U4.
    expect(b2.etas.map((eta) => [eta.stopId, Math.round((eta.at - strip.at) / 1000), eta.source])).toEqual([['U3', 50, 'all'], ['U4', 180, 'all']]);
    expect(strip.referenceHeadwayS).toBe(600);
    expect((await get(`/industry/busLine/${lineId}/strip`, tokens.other)).errorCode).toBe(1001);
    expect((await get(`/industry/busLine/${lineId}/strip`, tokens.manager)).flag).toBe(true);

    const exportPath = `/industry/busLine/${lineId}/stopEvents/export?${window}&vehicleId=b1`;
    expect((await get(exportPath, tokens.watcher)).errorCode).toBe(403);
    const sheet = await http().get(exportPath).set('Authorization', tokens.manager).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(sheet.body);
    const rows = book.worksheets[0].getSheetValues().slice(2) as unknown[][];
    // Newest first: U4 (no departure yet) down to U1.
    expect(rows.map((row) => [row[4], row[8]])).toEqual([['U4', ''], ['U3', 30], ['U2', 30], ['U1', 30]]);
  });

  it('resumes each bus from its stored place after a restart; a batch whose write failed is stored when handed again; a replayed batch writes nothing twice', async () => {
    await app.close();
    await start();
    // b2 goes on from 1500 m: U3 at T+460 is its next arrival, with the run from U2 learnt.
    // First on from its stored place (between U2 and U3): a bus whose state were lost would have reached no stop yet.
    await send(positions(VEHICLES[1], [[420, 1600], [430, 1700]]));
    const b2At = async () => (await get<BusLineStrip>(`/industry/busLine/${lineId}/strip`)).data.vehicles.find((v) => v.vehicleId === 'b2')!;
    await waitFor(async () => (await b2At()).lastAt === (T + 430) * 1000, 'b2 at 1700 m');
    expect(await b2At()).toMatchObject({ seq: 1, atStop: false, fraction: 0.7 });
    const rest = positions(VEHICLES[1], [[440, 1800], [450, 1900], [460, 2000]]);
    // Its first delivery meets the stop-event table away: handed again, it must start from b2's place before it, or the arrival at U3 is lost.
    const db = app.get<DataSource>(getDataSourceToken('industry'));
    await withTableAway(db, 'bus_stop_event', async () => {
      await send(rest);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await send(rest);
    await waitFor(async () => (await stopEvents('b2')).length === 3, 'b2 at U3');
    expect((await stopEvents('b2')).map((e) => [e.stopId, e.arrivedAt / 1000 - T])).toEqual([['U1', 200], ['U2', 330], ['U3', 460]]);
    const strip = (await get<BusLineStrip>(`/industry/busLine/${lineId}/strip`)).data;
    expect(strip.vehicles.find((v) => v.vehicleId === 'b2')).toMatchObject({ seq: 2, atStop: true, headwayS: 200 });
  });

  it('exports lines as one row per stop and imports them back under a new code, all or nothing', async () => {
    const exported = await http().get('/industry/busLine/export').set('Authorization', tokens.manager).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.body);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(1 + up.length + down.length);
    const upload = async (buffer: Buffer, token = tokens.manager) => (await http().post('/industry/busLine/import').set('Authorization', token).attach('file', buffer, 'lines.xlsx').expect(200)).body;
    // The same code again: refused, nothing written.
    expect(await upload(Buffer.from(await book.xlsx.writeBuffer()))).toMatchObject({ flag: false, errorCode: 5005 });
    sheet.eachRow((row, n) => {
      if (n > 1) row.getCell(1).value = 'K99';
    });
    expect(await upload(Buffer.from(await book.xlsx.writeBuffer()), tokens.watcher)).toMatchObject({ flag: false, errorCode: 403 });
    expect(await upload(Buffer.from(await book.xlsx.writeBuffer()))).toMatchObject({ flag: true, data: { imported: 1 } });
    const lines = (await get<{ records: BusLineInput[] }>('/industry/busLine?keyword=K99')).data.records;
    expect(lines).toHaveLength(1);
    expect(lines[0].up.map((stop) => stop.stopId)).toEqual(up.map((stop) => stop.stopId));
    expect(lines[0].down.map((stop) => stop.stopId)).toEqual(down.map((stop) => stop.stopId));
  });
});

