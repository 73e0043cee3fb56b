// Battery traceability over HTTP on SQLite and MariaDB, with roles narrower than the super
// administrator: a pack from production through the after-sale warehouse, recovery and
// retirement (its state moving with each step, nothing after retirement), codes unique and
// GB/T 34014-shaped, one company blind to another's packs, append-only records, Excel import with
// row errors (nothing written) and export, and the action codes of each screen.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TokenService, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { Topics } from '@openfleet/contracts';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { EnergyModule } from '../src';

jest.setTimeout(60_000);

const CRUD = ['add', 'modify', 'delete', 'search', 'import', 'export'];
const codes = (screens: string[], actions = CRUD) => screens.flatMap((screen) => actions.map((action) => `${screen}:${action}`));
const user = (id: string, company: string, role: string): AuthUser => ({ id, companyId: company, userType: 1, roleIds: [role], superAdmin: false, scope: { companies: [company], fleets: [] } });
const PACK = 'PACK0A1B2C3D4E5F6G7H8J9K';
const PACK2 = 'PACK0A1B2C3D4E5F6G7H8J9L';

async function sheet(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('packs');
  rows.forEach((row) => ws.addRow(row));
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe.each(['sqlite', 'mysql'] as const)('battery traceability on %s', (engine) => {
  const env: NodeJS.ProcessEnv = { ...testStorageEnv(engine, 'energy'), LOG_LEVEL: 'silent', ENERGY_32960_PORT: '0', ENERGY_HJ1239_PORT: '0', AUTH_JWT_SECRET: 'battery-test-secret-battery-test-secret-01234' };
  let app: INestApplication;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    const bus = new InProcessBus({ logger: silentBusLogger });
    await bus.publish(Topics.rolePermissions, [
      { key: 'factory', value: { roleId: 'factory', actionCodes: codes(['batteryModel', 'batteryProductionInfo', 'afterSaleBatteryModule']), deleted: false, updatedAt: Date.now() } },
      { key: 'service', value: { roleId: 'service', actionCodes: [...codes(['afterSaleBatteryWarehouse', 'batteryRecoveryInfo', 'batteryRetirementInfo']), 'afterSaleBatteryPackInfo:search', 'batteryRetirement:search'], deleted: false, updatedAt: Date.now() } },
      { key: 'viewer', value: { roleId: 'viewer', actionCodes: ['batteryPackInformation:search'], deleted: false, updatedAt: Date.now() } },
    ]);
    await bus.publish(Topics.vehicleRegistry, [{ key: 'ev1', value: { vehicleId: 'ev1', plateCode: '京AD1', plateColor: 5, vin: 'LSJMEV00000000001', companyId: 'c1', companyPath: ['root', 'c1'], fleetPath: [], terminalPhone: '', deleted: false, updatedAt: Date.now() } }]);
    app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'battery-test', config: loadConfig(PlatformConfig, env), bus, env }), EnergyModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    const sign = async (u: AuthUser) => `Bearer ${await app.get(TokenService).sign(u)}`;
    tokens.factory = await sign(user('1', 'c1', 'factory'));
    tokens.service = await sign(user('2', 'c1', 'service'));
    tokens.viewer = await sign(user('3', 'c1', 'viewer'));
    tokens.root = await sign(user('4', 'root', 'service'));
    tokens.other = await sign(user('5', 'c2', 'factory'));
    tokens.otherService = await sign(user('6', 'c2', 'service'));
  });

  afterAll(async () => {
    await app?.close();
    await dropTestSchema(env, 'energy');
  });

  const call = (who: string, method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) => {
    const req = request(app.getHttpServer())[method](`/energy/battery/${path}`).set('Authorization', tokens[who]!);
    return (body ? req.send(body) : req).then((response) => response.body as { flag: boolean; errorCode: number; data: ReturnType<typeof JSON.parse> });
  };
  const packState = async (who = 'viewer', code = PACK) => (await call(who, 'get', `packs?keyword=${code}`)).data.records[0]?.state;

  it('records a model and a pack from production, codes unique and GB/T 34014-shaped', async () => {
    const model = { modelCode: 'LFP-280', name: '280Ah 磷酸铁锂', chemistry: 1, ratedCapacityAh: 280, ratedVoltageV: 614.4, ratedEnergyKwh: 172, cellCount: 192, manufacturer: '宁德' };
    expect((await call('factory', 'post', 'models', model)).flag).toBe(true);
    expect((await call('factory', 'post', 'models', model)).errorCode).toBe(30100);
    const pack = { packCode: PACK, modelCode: 'LFP-280', producer: '宁德', producedOn: '2026-10-01', batch: 'B01' };
    expect((await call('factory', 'post', 'packs', { ...pack, packCode: 'pack-lower-case' })).errorCode).toBe(400);
    expect((await call('factory', 'post', 'packs', { ...pack, extra: 1 })).errorCode).toBe(400);
    expect((await call('factory', 'post', 'packs', { ...pack, modelCode: 'NONE' })).errorCode).toBe(30101);
    expect((await call('factory', 'post', 'packs', pack)).flag).toBe(true);
    expect((await call('factory', 'post', 'packs', pack)).errorCode).toBe(30100);
    expect(await packState()).toBe(1);
    // Fitted to a vehicle: installed.
    const id = (await call('viewer', 'get', 'packs')).data.records[0].id;
    expect((await call('factory', 'put', `packs/${id}`, { ...pack, vin: 'LSJMEV00000000001', installedOn: '2026-10-20' })).flag).toBe(true);
    expect(await packState()).toBe(2);
    expect((await call('factory', 'post', 'modules', { moduleCode: 'MODA1B2C3D4E5F6G7H8J9K0L', packCode: PACK, cellCount: 16, producedOn: '2026-09-30' })).flag).toBe(true);
    // The model is used: it cannot go.
    const modelId = (await call('factory', 'get', 'models')).data.records[0].id;
    expect((await call('factory', 'delete', `models/${modelId}`)).errorCode).toBe(30104);
  });

  it('hides one company’s packs from another and refuses steps on them', async () => {
    expect((await call('other', 'get', 'packs')).data).toEqual({ records: [], total: 0 });
    expect((await call('otherService', 'post', 'warehouse', { kind: 'warehouseIn', packCode: PACK, happenedOn: '2026-11-01' })).errorCode).toBe(30102);
    // The parent company sees its subsidiary's packs.
    expect((await call('root', 'get', 'warehouse')).flag).toBe(true);
    expect(await packState('viewer')).toBe(2);
  });

  it('moves a pack through after-sale, recovery and retirement, and nothing after retirement', async () => {
    expect((await call('service', 'post', 'warehouse', { kind: 'warehouseIn', packCode: PACK, happenedOn: '2026-11-01', party: '北京售后库', residualCapacityPct: 88 })).flag).toBe(true);
    expect(await packState()).toBe(3);
    // A step of another list's kind is refused here.
    expect((await call('service', 'post', 'warehouse', { kind: 'retirement', packCode: PACK, happenedOn: '2026-11-02' })).errorCode).toBe(400);
    expect((await call('service', 'post', 'recovery', { kind: 'recovery', packCode: PACK, happenedOn: '2026-11-10', party: '格林美', residualCapacityPct: 72, destination: 1 })).flag).toBe(true);
    expect(await packState()).toBe(4);
    expect((await call('service', 'post', 'retirement', { kind: 'retirement', packCode: PACK, happenedOn: '2026-11-20', destination: 2, reason: '容量衰减' })).flag).toBe(true);
    expect(await packState()).toBe(5);
    expect((await call('service', 'post', 'warehouse', { kind: 'warehouseIn', packCode: PACK, happenedOn: '2026-11-21' })).errorCode).toBe(30103);
    // Records are a log: not edited, not deleted; the retired list is read-only.
    const recordId = (await call('service', 'get', 'warehouse')).data.records[0].id;
    expect((await call('service', 'put', `warehouse/${recordId}`, { kind: 'warehouseIn', packCode: PACK, happenedOn: '2026-11-01' })).errorCode).toBe(403);
    expect((await call('service', 'delete', `warehouse/${recordId}`)).errorCode).toBe(403);
    expect((await call('service', 'post', 'retired', { kind: 'retirement', packCode: PACK, happenedOn: '2026-11-22' })).errorCode).toBe(403);
    expect((await call('service', 'get', 'retired')).data.records.map((r: { kind: string }) => r.kind)).toEqual(['retirement']);
    const trace = (await request(app.getHttpServer()).get(`/energy/battery/trace/${PACK}`).set('Authorization', tokens.service!)).body.data;
    expect(trace.pack).toMatchObject({ packCode: PACK, state: 5, vin: 'LSJMEV00000000001' });
    expect(trace.modules.map((m: { state: number }) => m.state)).toEqual([5]);
    expect(trace.records.map((r: { kind: string }) => r.kind)).toEqual(['warehouseIn', 'recovery', 'retirement']);
  });

  it('guards each list with its screens’ action codes', async () => {
    expect((await call('viewer', 'post', 'packs', { packCode: PACK2, modelCode: 'LFP-280', producer: 'x', producedOn: '2026-10-01' })).errorCode).toBe(403);
    expect((await call('viewer', 'get', 'warehouse')).errorCode).toBe(403);
    expect((await call('factory', 'get', 'recovery')).errorCode).toBe(403);
    expect((await call('factory', 'get', 'nothing')).errorCode).toBe(404);
    // A keyword is text, not a pattern.
    expect((await call('viewer', 'get', 'packs?keyword=%25')).data.total).toBe(0);
    expect((await call('viewer', 'get', 'packs?keyword=B0_')).data.total).toBe(0);
    expect((await call('viewer', 'get', 'packs?keyword=B01')).data.total).toBe(1);
  });

  it('imports packs from Excel with row errors and nothing written, then all rows, and exports them', async () => {
    const header = ['电池包编码', '型号编码', '生产企业', '生产日期', '批次', 'VIN', '装车日期', '备注'];
    const upload = async (rows: (string | number)[][]) => (await request(app.getHttpServer()).post('/energy/battery/packs/import').set('Authorization', tokens.factory!).attach('file', await sheet(rows), 'packs.xlsx')).body;
    const bad = await upload([header, [PACK2, 'LFP-280', '宁德', '2026-10-02', 'B02'], ['SHORT', 'LFP-280', '宁德', '2026-10-02'], [PACK, 'LFP-280', '宁德', '2026-10-02']]);
    expect(bad.errorCode).toBe(5005);
    expect(bad.data.map((p: { row: number }) => p.row)).toEqual([3, 4]);
    expect(await packState('viewer', PACK2)).toBeUndefined();
    const unknownModel = await upload([header, [PACK2, 'NOPE', '宁德', '2026-10-02']]);
    expect(unknownModel.errorCode).toBe(5005);
    expect(unknownModel.data[0].reasons[0]).toContain('30101');
    expect((await upload([header, [PACK2, 'LFP-280', '宁德', '2026-10-02', 'B02']])).data).toEqual({ imported: 1 });
    expect(await packState('viewer', PACK2)).toBe(1);
    const exported = await request(app.getHttpServer()).get('/energy/battery/packs/export').set('Authorization', tokens.factory!).buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.body);
    expect(book.worksheets[0]!.getColumn(1).values.slice(2)).toEqual(expect.arrayContaining([PACK, PACK2]));
  });
});
