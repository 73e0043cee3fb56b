// The lock wizard's code in instruction's database: two instruction instances on one schema, the
// wizard started on one continues on the other; the code is single use, its tries and the password
// tries are shared; another user, another company and a role without the action are refused; the
// authorisation phone's per-minute limit holds across both. SQLite and MariaDB.
import { PermissionCache, type AuthUser } from '@openfleet/auth';
import { Topics } from '@openfleet/contracts';
import { SMS_PROVIDER, type LoggingSmsProvider } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import { companyUser, register, startInstruction, vehicleEntry, waitFor, type Engine, type InstructionTestApp } from './instruction-test-app';

jest.setTimeout(90_000);

const ROLES = { locker: ['controlInstruction:send', 'powerManage:modify'], viewer: ['powerManage:search'] };
const VEHICLES = [vehicleEntry('951', '13900000951', ['95']), vehicleEntry('961', '13900000961', ['96'])];

describe.each<Engine>(['sqlite', 'mysql'])('lock wizard codes shared by two instances on %s', (engine) => {
  const storage = testStorageEnv(engine, 'locksms');
  const shared = { DATA_DIR: storage.DATA_DIR!, MYSQL_DATABASE_PREFIX: storage.MYSQL_DATABASE_PREFIX! };
  let one: InstructionTestApp;
  let two: InstructionTestApp;
  const tokens = { one: { manager: '', colleague: '', viewer: '', other: '' }, two: { manager: '', colleague: '', viewer: '', other: '' } };
  const as = (roleIds: string[], user: AuthUser): AuthUser => ({ ...user, roleIds });

  beforeAll(async () => {
    one = await startInstruction(engine, shared);
    two = await startInstruction(engine, shared);
    for (const [name, test] of [['one', one], ['two', two]] as const) {
      await register(test, VEHICLES);
      await test.bus.publish(Topics.rolePermissions, Object.entries(ROLES).map(([roleId, actionCodes]) => ({ key: roleId, value: { roleId, actionCodes, deleted: false, updatedAt: Date.now() } })));
      await waitFor(() => test.app.get(PermissionCache).allows(as(['locker'], companyUser('95')), ROLES.locker), 10_000, 'roles');
      tokens[name].manager = await test.tokenFor(as(['locker'], companyUser('95')));
      tokens[name].colleague = await test.tokenFor(as(['locker'], { ...companyUser('95'), id: 'colleague' }));
      tokens[name].viewer = await test.tokenFor(as(['viewer'], { ...companyUser('95'), id: 'viewer' }));
      tokens[name].other = await test.tokenFor(as(['locker'], companyUser('96')));
    }
  });
  afterAll(async () => {
    await two?.app.close();
    await one?.app.close();
    await dropTestSchema({ ...storage }, 'instruction');
  });

  type Who = keyof typeof tokens.one;
  const call = async (on: 'one' | 'two', who: Who, path: string, body: object, method: 'post' | 'put' = 'post') => {
    const test = on === 'one' ? one : two;
    return (await test.http()[method](path).set('Authorization', tokens[on][who]).send(body)).body as { flag: boolean; errorCode: number; data: ReturnType<typeof JSON.parse> };
  };
  const lastCode = (test: InstructionTestApp, phone: string) => /(\d{6})/.exec(test.app.get<LoggingSmsProvider>(SMS_PROVIDER).lastText.get(phone) ?? '')?.[1] ?? '';

  it('continues a wizard on the other instance; tries are shared; other users see nothing', async () => {
    expect((await call('one', 'manager', '/gps/vehicleLimit/951', { capable: true, authPhone: '13655550951', password: 'Limit#2026' }, 'put')).flag).toBe(true);
    expect((await call('one', 'viewer', '/gps/vehicleLimit/start', { vehicleId: '951', action: 'lock', reason: '欠费' })).errorCode).toBe(403);
    expect((await call('two', 'other', '/gps/vehicleLimit/start', { vehicleId: '951', action: 'lock', reason: '欠费' })).errorCode).toBe(8002);
    const started = await call('one', 'manager', '/gps/vehicleLimit/start', { vehicleId: '951', action: 'lock', reason: '欠费' });
    expect(started).toMatchObject({ flag: true, data: { phone: '136****0951' } });
    const { wizardId } = started.data as { wizardId: string };
    const code = lastCode(one, '13655550951');
    expect(code).toMatch(/^\d{6}$/);
    // The authorisation phone had its code this minute: on either instance, 3203.
    expect(await call('two', 'manager', '/gps/vehicleLimit/start', { vehicleId: '951', action: 'unlock', reason: '已缴费' })).toMatchObject({ flag: false, errorCode: 3203, data: { window: 'minute' } });
    // Another user of the same company, another company: as if the wizard did not exist.
    expect((await call('two', 'colleague', '/gps/vehicleLimit/verify', { wizardId, code })).errorCode).toBe(3034);
    expect((await call('two', 'other', '/gps/vehicleLimit/verify', { wizardId, code })).errorCode).toBe(3034);
    expect((await call('two', 'viewer', '/gps/vehicleLimit/verify', { wizardId, code })).errorCode).toBe(403);
    expect((await call('two', 'manager', '/gps/vehicleLimit/confirm', { wizardId, password: 'Limit#2026' })).errorCode).toBe(3034);
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await call('two', 'manager', '/gps/vehicleLimit/verify', { wizardId, code: '' })).errorCode).toBe(3201);
    expect((await call('two', 'manager', '/gps/vehicleLimit/verify', { wizardId, code: wrong })).errorCode).toBe(3034);
    expect((await call('two', 'manager', '/gps/vehicleLimit/verify', { wizardId, code })).flag).toBe(true);
    // Password tries counted in the database: five wrong ones over both instances and the right one is refused too.
    for (let i = 0; i < 5; i++) expect((await call(i % 2 ? 'one' : 'two', 'manager', '/gps/vehicleLimit/confirm', { wizardId, password: 'wrong-pass' })).errorCode).toBe(3031);
    expect((await call('one', 'manager', '/gps/vehicleLimit/confirm', { wizardId, password: 'Limit#2026' })).errorCode).toBe(3031);
  });

  it('kills the code after 5 wrong tries spread over both instances', async () => {
    expect((await call('two', 'manager', '/gps/vehicleLimit/951', { capable: true, authPhone: '13655551951' }, 'put')).flag).toBe(true);
    const started = await call('two', 'manager', '/gps/vehicleLimit/start', { vehicleId: '951', action: 'unlock', reason: '已缴费' });
    expect(started.flag).toBe(true);
    const code = lastCode(two, '13655551951');
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) expect((await call(i % 2 ? 'one' : 'two', 'manager', '/gps/vehicleLimit/verify', { wizardId: started.data.wizardId, code: wrong })).errorCode).toBe(3034);
    expect((await call('one', 'manager', '/gps/vehicleLimit/verify', { wizardId: started.data.wizardId, code })).errorCode).toBe(3034);
  });
});
