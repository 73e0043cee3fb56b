// Bulk binding through the Excel imports: the vehicle sheet's terminal column binds each new vehicle
// under the single bind's rules (scope, 4231, carList:bind) and publishes both registries; the terminal
// sheet's video channel column; an export imports back unchanged. The same suite on SQLite and MariaDB.
import { Topics, type TerminalRegistryEntry, type VehicleRegistryEntry } from '@openfleet/contracts';
import { getDataSourceToken } from '@nestjs/typeorm';
import { TransactionRunner } from '@openfleet/storage';
import ExcelJS from 'exceljs';
import type { DataSource } from 'typeorm';
import { VehicleService } from '../src/vehicle/vehicle.service';
import { ADMIN_PASSWORD, loginAs, startAdmin, type AdminTestApp, type Engine } from './admin-test-app';

const engines: Engine[] = ['sqlite', 'mysql'];
const COMPANY_CODES = ['carList', 'carList:search', 'carList:import', 'carList:export', 'terminalM', 'terminalM:search', 'terminalM:import', 'terminalM:export'];
const VEHICLE_HEADER = ['车牌号', '车牌颜色', '车辆类型', '终端手机号'];

describe.each(engines)('vehicle import binding terminals on %s', (engine) => {
  let test: AdminTestApp;
  let admin: string;
  let operator: string;
  let importer: string;
  const ids: Record<string, number> = {};
  const vehicleEvents: VehicleRegistryEntry[] = [];
  const terminalEvents: TerminalRegistryEntry[] = [];

  const as = (bearer: string) => ({
    get: (path: string, query: Record<string, unknown> = {}) => test.http().get(path).query(query).set('Authorization', bearer),
    post: (path: string, body: object) => test.http().post(path).set('Authorization', bearer).send(body),
    del: (path: string) => test.http().delete(path).set('Authorization', bearer),
  });
  const upload = async (bearer: string, resource: string, rows: unknown[][]) =>
    test.http().post(`/basic/${resource}/import`).set('Authorization', bearer).attach('file', await sheet(rows), `${resource}.xlsx`);
  const download = (bearer: string, path: string, language = 'zh-CN') =>
    test.http().get(path).set('Authorization', bearer).set('Accept-Language', language).buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
  const terminalsByPhone = async () =>
    new Map(((await as(admin).get('/basic/terminal', { size: 1000, keyword: '1370000' })).body.data.records as { id: number; terminalPhone: string; vehicleId: number | null; videoChannels: number }[]).map((t) => [t.terminalPhone, t]));
  const vehiclesByPlate = async () =>
    new Map(((await as(admin).get('/basic/vehicle', { size: 1000 })).body.data.records as { id: number; plateCode: string; terminalId: number | null }[]).map((v) => [v.plateCode, v]));

  async function created(response: { body: { flag: boolean; data: { id: number } } }): Promise<number> {
    if (!response.body.flag) throw new Error(JSON.stringify(response.body));
    return Number(response.body.data.id);
  }

  beforeAll(async () => {
    test = await startAdmin(engine);
    await test.bus.subscribe(Topics.vehicleRegistry, { group: 'probe', handle: async (messages) => void vehicleEvents.push(...messages.map((m) => m.value)) });
    await test.bus.subscribe(Topics.terminalRegistry, { group: 'probe', handle: async (messages) => void terminalEvents.push(...messages.map((m) => m.value)) });
    admin = await loginAs(test, 'admin', ADMIN_PASSWORD);
    const sa = as(admin);
    for (const name of ['Alpha', 'Bravo']) ids[name] = await created(await sa.post('/basic/company', { name: `${name} Haulage` }));
    const operatorRole = await created(await sa.post('/basic/role', { name: 'operator', companyId: ids.Alpha, roleType: 3, actionCodes: [...COMPANY_CODES, 'carList:bind'] }));
    const importerRole = await created(await sa.post('/basic/role', { name: 'importer', companyId: ids.Alpha, roleType: 3, actionCodes: COMPANY_CODES }));
    await created(await sa.post('/basic/user', { account: 'alphaop', name: 'Alpha Operator', password: 'Operator123', userType: 1, companyId: ids.Alpha, roleIds: [operatorRole] }));
    await created(await sa.post('/basic/user', { account: 'alphaimp', name: 'Alpha Importer', password: 'Importer123', userType: 1, companyId: ids.Alpha, roleIds: [importerRole] }));
    operator = await loginAs(test, 'alphaop', 'Operator123');
    importer = await loginAs(test, 'alphaimp', 'Importer123');
    // Bravo's terminal, and an Alpha terminal already bound to an Alpha vehicle by the single bind.
    await created(await sa.post('/basic/terminal', { terminalCode: 'BRAVO01', terminalPhone: '13700000009', companyId: ids.Bravo }));
    const boundTerminal = await created(await sa.post('/basic/terminal', { terminalCode: 'ALPHA04', terminalPhone: '13700000004', companyId: ids.Alpha }));
    const boundVehicle = await created(await sa.post('/basic/vehicle', { plateCode: '京C00004', plateColor: 2, vehicleType: 1, companyId: ids.Alpha }));
    expect((await sa.post(`/basic/vehicle/${boundVehicle}/bind`, { terminalId: boundTerminal })).body.flag).toBe(true);
  });

  afterAll(async () => {
    await test?.close();
  });

  it('imports terminals with their video channel count, validated as the single update validates it', async () => {
    const header = ['终端编号', 'SIM卡号', '视频通道数'];
    const bad = await upload(operator, 'terminal', [header, ['ALPHA01', '13700000001', 4], ['ALPHA02', '13700000002', 33], ['ALPHA03', '13700000003', 'four']]);
    expect(bad.body).toMatchObject({ flag: false, errorCode: 5005 });
    expect(bad.body.data.map((problem: { row: number }) => problem.row)).toEqual([3, 4]);
    expect((await terminalsByPhone()).has('13700000001')).toBe(false);
    expect((await upload(operator, 'terminal', [header, ['ALPHA01', '13700000001', 4], ['ALPHA02', '13700000002'], ['ALPHA03', '13700000003', '0']])).body.data).toEqual({ imported: 3 });
    const terminals = await terminalsByPhone();
    expect(['13700000001', '13700000002', '13700000003'].map((phone) => terminals.get(phone)?.videoChannels)).toEqual([4, 0, 0]);
    await waitFor(() => terminalEvents.some((e) => e.terminalPhone === '13700000001' && e.videoChannels === 4));
    const exported = new ExcelJS.Workbook();
    await exported.xlsx.load((await download(operator, '/basic/terminal/export')).body);
    const rows = exported.worksheets[0].getSheetValues().slice(1) as unknown[][];
    const channelColumn = rows[0].indexOf('视频通道数');
    expect(channelColumn).toBeGreaterThan(0);
    expect(rows.find((row) => row[2] === '13700000001')?.[channelColumn]).toBe(4);
  });

  it('refuses a file whose terminal cells name an unknown, another company\'s or a bound terminal (5005 with the rows) and writes nothing', async () => {
    const bad = await upload(operator, 'vehicle', [
      VEHICLE_HEADER,
      ['京B00001', 2, 1, '13700000001'],
      ['京B00002', 2, 1, '13799999999'], // no such terminal
      ['京B00003', 2, 1, '13700000009'], // Bravo's
      ['京B00004', 2, 1, '13700000004'], // bound to 京C00004
      ['京B00005', 2, 1, '13700000001'], // named by row 2 already
      ['京B00006', 2, 1, '1370000'], // not a SIM number
    ]);
    expect(bad.body).toMatchObject({ flag: false, errorCode: 5005 });
    const problems = bad.body.data as { row: number; reasons: string[] }[];
    expect(problems.map((problem) => problem.row)).toEqual([3, 4, 5, 6, 7]);
    expect(problems.map((problem) => problem.reasons.join().slice(0, 4))).toEqual(['403:', '403:', '4231', '4231', expect.any(String)]);
    expect(problems[4].reasons.join()).toContain('terminalPhone');
    const vehicles = await vehiclesByPlate();
    expect([...vehicles.keys()].filter((plate) => plate.startsWith('京B'))).toEqual([]);
    const terminals = await terminalsByPhone();
    expect(terminals.get('13700000001')?.vehicleId).toBeNull();
    expect(terminals.get('13700000009')?.vehicleId).toBeNull();
    expect(terminals.get('13700000004')?.vehicleId).toBe(vehicles.get('京C00004')?.id);
  });

  it('binds each new vehicle to the terminal its row names and publishes both registries', async () => {
    // A phone typed as a number cell, and a row without a terminal.
    const answer = await upload(operator, 'vehicle', [VEHICLE_HEADER, ['京B00001', 2, 1, '13700000001'], ['京B00002', 2, 1, 13700000002], ['京B00003', 2, 1]]);
    expect(answer.body).toMatchObject({ flag: true, data: { imported: 3, bound: 2 } });
    const vehicles = await vehiclesByPlate();
    const terminals = await terminalsByPhone();
    expect(vehicles.get('京B00001')?.terminalId).toBe(terminals.get('13700000001')?.id);
    expect(vehicles.get('京B00002')?.terminalId).toBe(terminals.get('13700000002')?.id);
    expect(vehicles.get('京B00003')?.terminalId).toBeNull();
    expect(terminals.get('13700000001')?.vehicleId).toBe(vehicles.get('京B00001')?.id);
    expect(terminals.get('13700000002')?.vehicleId).toBe(vehicles.get('京B00002')?.id);
    // What the 808 gateway authenticates against: the terminal entry names its vehicle.
    await waitFor(() => terminalEvents.some((e) => e.terminalPhone === '13700000001' && e.vehicleId === String(vehicles.get('京B00001')?.id) && e.plateCode === '京B00001'));
    await waitFor(() => vehicleEvents.some((e) => e.plateCode === '京B00002' && e.terminalPhone === '13700000002'));
    // The single bind sees the same state: the imported binding holds.
    expect((await as(operator).post(`/basic/vehicle/${vehicles.get('京B00003')?.id}/bind`, { terminalId: Number(terminals.get('13700000001')?.id) })).body.errorCode).toBe(4231);
  });

  it('needs carList:bind to bind through the import (as the single bind does); an old template without the column still imports', async () => {
    const denied = await upload(importer, 'vehicle', [VEHICLE_HEADER, ['京B00010', 2, 1, '13700000003']]);
    expect(denied.body).toMatchObject({ flag: false, errorCode: 403 });
    expect((await vehiclesByPlate()).has('京B00010')).toBe(false);
    expect((await upload(importer, 'vehicle', [['车牌号', '车牌颜色', '车辆类型'], ['京B00010', 2, 1]])).body).toMatchObject({ flag: true, data: { imported: 1, bound: 0 } });
    expect((await terminalsByPhone()).get('13700000003')?.vehicleId).toBeNull();
  });

  it('binds a batch all or nothing: a terminal bound since the check fails the batch with 4231 and the transaction rolls back', async () => {
    const sa = as(admin);
    const vehicleIds = [await created(await sa.post('/basic/vehicle', { plateCode: '京D00001', plateColor: 2, vehicleType: 1, companyId: ids.Bravo })), await created(await sa.post('/basic/vehicle', { plateCode: '京D00002', plateColor: 2, vehicleType: 1, companyId: ids.Bravo }))];
    const terminalIds = [await created(await sa.post('/basic/terminal', { terminalCode: 'BRAVO11', terminalPhone: '13700000011', companyId: ids.Bravo })), await created(await sa.post('/basic/terminal', { terminalCode: 'BRAVO12', terminalPhone: '13700000012', companyId: ids.Bravo }))];
    // Someone binds the second terminal after the import checked it.
    const other = await created(await sa.post('/basic/vehicle', { plateCode: '京D00003', plateColor: 2, vehicleType: 1, companyId: ids.Bravo }));
    expect((await sa.post(`/basic/vehicle/${other}/bind`, { terminalId: terminalIds[1] })).body.flag).toBe(true);
    const vehicles = test.app.get(VehicleService);
    const binds = vehicleIds.map((vehicleId, index) => ({ vehicleId, terminalId: terminalIds[index] }));
    const attempt = new TransactionRunner(test.app.get<DataSource>(getDataSourceToken('admin'))).run((manager) => vehicles.writeBinds(manager, binds));
    await expect(attempt).rejects.toMatchObject({ errorCode: 4231 });
    expect((await vehiclesByPlate()).get('京D00001')?.terminalId).toBeNull();
    expect((await terminalsByPhone()).get('13700000011')?.vehicleId).toBeNull();
    expect((await terminalsByPhone()).get('13700000012')?.vehicleId).toBe(other);
  });

  it('offers the column in the template and the export, and an export imports back unchanged', async () => {
    const template = new ExcelJS.Workbook();
    await template.xlsx.load((await download(operator, '/basic/vehicle/template', 'en-US')).body);
    expect(template.worksheets[0].getRow(1).values).toContain('Terminal phone');

    const exportRows = async (file: Buffer) => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file as unknown as ArrayBuffer);
      return book.worksheets[0].getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1));
    };
    const exported = (await download(operator, '/basic/vehicle/export')).body as Buffer;
    const before = await exportRows(exported);
    expect(before[0].at(-1)).toBe('终端手机号');
    expect(before.find((row) => row[0] === '京B00001')?.at(-1)).toBe('13700000001');
    expect(before.find((row) => row[0] === '京C00004')?.at(-1)).toBe('13700000004');
    expect(before.find((row) => row[0] === '京B00003')?.[before[0].length - 1]).toBeFalsy();

    // Empty the company (unbinding first), then import the exported file as it is.
    const sa = as(admin);
    for (const vehicle of (await vehiclesByPlate()).values()) {
      if (vehicle.terminalId) expect((await sa.get('/basic/terminal/logoutTerminal', { vehicleId: vehicle.id })).body.flag).toBe(true);
      expect((await sa.del(`/basic/vehicle/${vehicle.id}`)).body.flag).toBe(true);
    }
    const reimport = await test.http().post('/basic/vehicle/import').set('Authorization', operator).attach('file', exported, 'vehicles.xlsx');
    expect(reimport.body).toMatchObject({ flag: true, data: { imported: before.length - 1, bound: 3 } });
    expect(await exportRows((await download(operator, '/basic/vehicle/export')).body)).toEqual(before);
  });
});

async function sheet(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet('sheet');
  rows.forEach((row) => worksheet.addRow(row));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
