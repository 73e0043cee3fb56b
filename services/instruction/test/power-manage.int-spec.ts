// /index/powerManage through the HTTP API on SQLite and MariaDB: the list of vehicles in scope with
// their limit settings (the password never answered), batch grant and withdrawal, clearing, the
// lock history; action codes of a narrower role, a fleet-scoped user and another company refused.
import { PermissionCache, type AuthUser } from '@openfleet/auth';
import { Topics } from '@openfleet/contracts';
import { companyUser, register, startInstruction, vehicleEntry, waitFor, type Engine, type InstructionTestApp } from './instruction-test-app';

jest.setTimeout(60_000);

const ALL = ['add', 'modify', 'delete', 'search', 'import', 'export'].map((action) => `powerManage:${action}`);
const ROLES = { power: ALL, viewer: ['powerManage:search'] };
const VEHICLES = [
  vehicleEntry('901', '13900000901', ['90']),
  { ...vehicleEntry('902', '13900000902', ['90']), fleetPath: ['f9'] },
  vehicleEntry('903', '13900000903', ['90']),
  vehicleEntry('911', '13900000911', ['91']),
];

describe.each<Engine>(['sqlite', 'mysql'])('powerManage on %s', (engine) => {
  let test: InstructionTestApp;
  const tokens: Record<'manager' | 'viewer' | 'other' | 'fleet', string> = { manager: '', viewer: '', other: '', fleet: '' };
  const as = (roleIds: string[], user: AuthUser): AuthUser => ({ ...user, roleIds });

  beforeAll(async () => {
    test = await startInstruction(engine);
    await register(test, VEHICLES);
    await test.bus.publish(Topics.rolePermissions, Object.entries(ROLES).map(([roleId, actionCodes]) => ({ key: roleId, value: { roleId, actionCodes, deleted: false, updatedAt: Date.now() } })));
    const cache = test.app.get(PermissionCache);
    await waitFor(() => cache.allows(as(['power'], companyUser('90')), ALL), 10_000, 'roles');
    tokens.manager = await test.tokenFor(as(['power'], companyUser('90')));
    tokens.viewer = await test.tokenFor(as(['viewer'], { ...companyUser('90'), id: 'viewer' }));
    tokens.other = await test.tokenFor(as(['power'], companyUser('91')));
    tokens.fleet = await test.tokenFor(as(['power'], { ...companyUser('90'), id: 'fleetUser', scope: { companies: [], fleets: ['f9'] } }));
  });
  afterAll(async () => {
    await test?.close();
  });

  type Who = keyof typeof tokens;
  const call = async (who: Who, method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) => {
    const req = test.http()[method](path).set('Authorization', tokens[who]);
    return (await (body ? req.send(body) : req)).body as { flag: boolean; errorCode: number; data: ReturnType<typeof JSON.parse> };
  };
  const plates = async (who: Who, query = '') => (await call(who, 'get', `/gps/powerManage${query}`)).data.records.map((r: { vehicleId: string }) => r.vehicleId);

  it('lists the vehicles in scope with their settings, the password only as "set"', async () => {
    expect(await plates('manager')).toEqual(['901', '902', '903']);
    expect((await call('manager', 'put', '/gps/vehicleLimit/901', { capable: true, authPhone: '13812345678', password: 'secret-901' })).flag).toBe(true);
    const page = await call('manager', 'get', '/gps/powerManage?capable=1');
    expect(page.data).toMatchObject({ total: 1, records: [{ vehicleId: '901', capable: true, authPhone: '138****5678', passwordSet: true, locked: false, updatedBy: 'u90' }] });
    expect(JSON.stringify(page.data)).not.toContain('secret');
    expect(JSON.stringify(page.data)).not.toContain('passwordHash');
    expect(await plates('manager', '?capable=0')).toEqual(['902', '903']);
    expect(await plates('manager', '?keyword=00903')).toEqual(['903']);
    expect((await call('manager', 'get', '/gps/powerManage?capable=2')).errorCode).toBe(400);
  });

  it('grants and withdraws in batch, all or none, and keeps the history', async () => {
    expect((await call('manager', 'post', '/gps/powerManage/batch', { vehicleIds: ['902', '903'], capable: true })).data).toEqual({ changed: 2 });
    expect(await plates('manager', '?capable=1')).toEqual(['901', '902', '903']);
    expect((await call('manager', 'post', '/gps/powerManage/batch', { vehicleIds: ['903', '911'], capable: false })).errorCode).toBe(8002);
    expect(await plates('manager', '?capable=1')).toEqual(['901', '902', '903']);
    expect((await call('manager', 'post', '/gps/powerManage/batch', { vehicleIds: ['903'], capable: false })).flag).toBe(true);
    const history = (await call('manager', 'get', '/gps/powerManage/903/history')).data;
    expect(history.records.map((r: { detail: string }) => r.detail)).toEqual(['batch capable=0', 'batch capable=1']);
    expect((await call('manager', 'delete', '/gps/powerManage/901')).flag).toBe(true);
    expect((await call('manager', 'get', '/gps/vehicleLimit/901')).data).toMatchObject({ capable: false, passwordSet: false, authPhone: '' });
    expect((await call('manager', 'get', '/gps/powerManage/901/history')).data.records[0].detail).toBe('settings cleared');
  });

  it('a narrower role reads but cannot change or export; a fleet user sees its fleet only', async () => {
    expect((await call('viewer', 'get', '/gps/powerManage')).data.total).toBe(3);
    expect((await call('viewer', 'post', '/gps/powerManage/batch', { vehicleIds: ['902'], capable: false })).errorCode).toBe(403);
    expect((await call('viewer', 'delete', '/gps/powerManage/902')).errorCode).toBe(403);
    expect((await call('viewer', 'get', '/gps/powerManage/export')).errorCode).toBe(403);
    expect(await plates('fleet')).toEqual(['902']);
    expect((await call('fleet', 'post', '/gps/powerManage/batch', { vehicleIds: ['901'], capable: true })).errorCode).toBe(8002);
  });

  it('another company sees none of these vehicles and cannot touch them', async () => {
    expect(await plates('other')).toEqual(['911']);
    expect((await call('other', 'get', '/gps/powerManage/902/history')).errorCode).toBe(8002);
    expect((await call('other', 'delete', '/gps/powerManage/902')).errorCode).toBe(8002);
    expect((await call('other', 'get', '/gps/powerManage?companyId=90')).errorCode).toBe(8002);
    expect((await call('other', 'put', '/gps/vehicleLimit/902', { capable: false })).errorCode).toBe(8002);
  });

  it('exports the list as xlsx', async () => {
    const response = await test.http().get('/gps/powerManage/export').set('Authorization', tokens.manager).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(response.status).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.body as unknown as ArrayBuffer);
    const values = JSON.stringify(book.worksheets[0]!.getSheetValues());
    expect(values).toContain('车牌号');
    expect(values).toContain('京A00902');
    expect(values).not.toContain('京A00911');
  });
});
