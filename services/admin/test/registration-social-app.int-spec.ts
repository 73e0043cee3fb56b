// Self registration with the SMS code, social binding of the signed-in user and app versions with
// the public getLastVersionAPK. SQLite and MariaDB.
import { SMS_PROVIDER } from '../src';
import type { LoggingSmsProvider } from '../src/sms/sms-provider';
import { ADMIN_PASSWORD, loginAs, startAdmin, type AdminTestApp, type Engine } from './admin-test-app';

const engines: Engine[] = ['sqlite', 'mysql'];

describe.each(engines)('registration, social binding and app versions on %s', (engine) => {
  let test: AdminTestApp;
  let admin: string;

  const post = async (path: string, body: object, bearer?: string) => {
    const call = test.http().post(path);
    if (bearer) call.set('Authorization', bearer);
    return (await call.send(body)).body;
  };
  const get = async (path: string, bearer?: string, query: Record<string, unknown> = {}) => {
    const call = test.http().get(path).query(query);
    if (bearer) call.set('Authorization', bearer);
    return (await call).body;
  };
  const smsCode = (phone: string) => /(\d{6})/.exec(test.app.get<LoggingSmsProvider>(SMS_PROVIDER).lastText.get(phone) ?? '')?.[1] ?? '';

  beforeAll(async () => {
    test = await startAdmin(engine);
    admin = await loginAs(test, 'admin', ADMIN_PASSWORD);
  });

  afterAll(async () => {
    await test?.close();
  });

  it('registers a company and its administrator with the SMS code (3201, 3200, 3034, 4016, 4001, 4003) and isolates it', async () => {
    const phone = '13500000001';
    const form = { companyName: 'Delta Freight', account: 'deltaadmin', name: 'Delta Admin', phone, password: 'Delta12345' };
    expect((await post('/register', { ...form, code: '123456' })).errorCode).toBe(3034);
    expect((await post('/sms/sendCode', { phone, purpose: 'register' })).flag).toBe(true);
    expect((await post('/sms/sendCode', { phone, purpose: 'register' })).errorCode).toBe(3203);
    const code = smsCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    // A register code does not reset passwords (and that phone is not registered anyway).
    expect((await post('/forgetPwd', { phone, code, password: 'Other12345' })).errorCode).toBe(3034);
    expect((await post('/register', { ...form, code: '' })).errorCode).toBe(3201);
    expect((await post('/register', { ...form, code, password: '' })).errorCode).toBe(3200);
    expect((await post('/register', { ...form, code: code === '000000' ? '111111' : '000000' })).errorCode).toBe(3034);
    expect((await post('/register', { ...form, code, password: '12345678' })).errorCode).toBe(400);
    expect((await post('/register', { ...form, code, account: 'admin' })).errorCode).toBe(4003);
    expect((await post('/register', { ...form, code, companyName: 'Digits 9' })).errorCode).toBe(400);
    // Refusals above did not use the code up: the corrected form goes through with it.
    const done = await post('/register', { ...form, code });
    expect(done).toMatchObject({ flag: true, data: { account: 'deltaadmin' } });
    expect((await post('/register', { ...form, code })).errorCode).toBe(3034);

    expect((await post('/sms/sendCode', { phone, purpose: 'register' })).errorCode).toBe(4016);
    const other = '13500000002';
    expect((await post('/sms/sendCode', { phone: other, purpose: 'register' })).flag).toBe(true);
    expect((await post('/register', { ...form, phone: other, account: 'deltatwo', code: smsCode(other) })).errorCode).toBe(4001);

    const delta = await loginAs(test, 'deltaadmin', 'Delta12345');
    const info = await get('/basic/user/getCurrentUserInfo', delta);
    expect(info.data).toMatchObject({ account: 'deltaadmin', companyId: done.data.companyId });
    expect((await post('/basic/vehicle', { plateCode: '粤B12345', plateColor: 2, vehicleType: 1 }, delta)).flag).toBe(true);
    const companies = JSON.stringify((await get('/basic/sysEnterprise/getEnterpriseTreeList', delta)).data);
    expect(companies).toContain('Delta Freight');
    expect(companies).not.toContain('平台运营');
    // The default role manages the company's data, reads shared catalogues, and nothing of the platform.
    expect((await get('/basic/brand', delta)).flag).toBe(true);
    expect((await post('/basic/brand', { name: 'Nope' }, delta)).errorCode).toBe(403);
    expect((await get('/basic/app-version', delta)).errorCode).toBe(403);
  });

  it('binds a social open id to the caller only (4231 when another user holds it), idempotently', async () => {
    await post('/basic/company', { name: 'Echo Transport' }, admin);
    const created = await post('/basic/user', { account: 'echouser', name: 'Echo User', password: 'Echo123456', userType: 1 }, admin);
    expect(created.flag).toBe(true);
    const echo = await loginAs(test, 'echouser', 'Echo123456');
    const bind = (bearer: string, query: Record<string, string>, body: object = {}) =>
      test.http().post('/basic/social/autoBindSocial').query(query).set('Authorization', bearer).send(body).then((r) => r.body);

    expect((await bind(echo, { openId: 'oWx-echo-000001' })).data).toMatchObject({ type: 'wechat', openId: 'oWx-echo-000001' });
    expect((await bind(echo, { openId: 'oWx-echo-000001' })).flag).toBe(true);
    expect((await bind(admin, {}, { openId: 'oWx-echo-000001' })).errorCode).toBe(4231);
    expect((await bind(admin, {}, { openId: 'bad id!' })).errorCode).toBe(400);
    expect((await bind(admin, { openId: 'oWx-admin-00001', type: 'weibo' })).errorCode).toBe(400);
    // A new open id of the same type replaces the caller's old one, which becomes free.
    expect((await bind(echo, {}, { openId: 'oWx-echo-000002' })).flag).toBe(true);
    expect((await get('/basic/social/list', echo)).data).toEqual([expect.objectContaining({ type: 'wechat', openId: 'oWx-echo-000002' })]);
    expect((await bind(admin, { openId: 'oWx-echo-000001' })).flag).toBe(true);
    expect((await test.http().post('/basic/social/unbindSocial').set('Authorization', echo)).body.data).toBe(true);
    expect((await get('/basic/social/list', echo)).data).toEqual([]);
    expect((await test.http().post('/basic/social/autoBindSocial').query({ openId: 'oWx-anon-000001' })).status).toBe(401);
  });

  it('publishes app versions (3006 not newer, 4052 duplicate name) and answers the newest APK publicly (3005 before any)', async () => {
    expect((await get('/app/appVersion/getLastVersionAPK')).errorCode).toBe(3005);
    const first = await post('/basic/app-version', { versionName: '1.0.0', versionCode: 100, downloadUrl: 'https://downloads.example.com/openfleet-1.0.0.apk' }, admin);
    expect(first).toMatchObject({ flag: true, errorCode: 200 });
    expect(first.data).toMatchObject({ platform: 'android', versionCode: 100, forceUpdate: 0 });
    expect((await post('/basic/app-version', { versionName: '1.0.1', versionCode: 100, downloadUrl: 'https://d.example.com/a.apk' }, admin)).errorCode).toBe(3006);
    expect((await post('/basic/app-version', { versionName: '1.0.0', versionCode: 101, downloadUrl: 'https://d.example.com/a.apk' }, admin)).errorCode).toBe(4052);
    expect((await post('/basic/app-version', { versionName: 'one', versionCode: 102, downloadUrl: 'https://d.example.com/a.apk' }, admin)).errorCode).toBe(400);
    expect((await post('/basic/app-version', { versionName: '1.1', versionCode: 102, downloadUrl: 'not a url' }, admin)).errorCode).toBe(400);
    await post('/basic/app-version', { versionName: '1.1.0', versionCode: 110, downloadUrl: 'https://d.example.com/1.1.0.apk', forceUpdate: 1, changelog: 'track replay' }, admin);
    await post('/basic/app-version', { platform: 'ios', versionName: '9.0.0', versionCode: 900, downloadUrl: 'https://d.example.com/ios' }, admin);
    expect((await get('/app/appVersion/getLastVersionAPK')).data).toMatchObject({ versionName: '1.1.0', versionCode: 110, forceUpdate: 1 });
    expect((await get('/basic/app-version', admin, { platform: 'android' })).data.total).toBe(2);
    const edited = await test.http().put(`/basic/app-version/${first.data.id}`).set('Authorization', admin).send({ changelog: 'first build' });
    expect(edited.body.data.changelog).toBe('first build');
    expect((await test.http().put(`/basic/app-version/${first.data.id}`).set('Authorization', admin).send({ versionCode: 999 })).body.errorCode).toBe(400);
  });
});
