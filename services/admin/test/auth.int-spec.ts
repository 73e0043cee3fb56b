// Login, refresh, logout, 401s, throttling and lock, the menu tree: the same suite on SQLite and MariaDB.
import { TokenService } from '@openfleet/auth';
import { SMS_PROVIDER } from '../src';
import type { LoggingSmsProvider } from '../src/sms/sms-provider';
import { ADMIN_PASSWORD, loginAs, startAdmin, type AdminTestApp, type Engine } from './admin-test-app';

const engines: Engine[] = ['sqlite', 'mysql'];
const client = `Basic ${Buffer.from('console:console').toString('base64')}`;

describe.each(engines)('admin auth on %s', (engine) => {
  let test: AdminTestApp;

  beforeAll(async () => {
    test = await startAdmin(engine, { AUTH_THROTTLE_AFTER: '2', AUTH_THROTTLE_WINDOW_MS: '300', AUTH_LOCK_AFTER: '4' });
  });

  afterAll(async () => {
    await test?.close();
  });

  it('logs in with JSON or a form and answers the token pair in the envelope', async () => {
    const json = await test.http().post('/login').send({ username: 'admin', password: ADMIN_PASSWORD }).expect(200);
    expect(json.body).toMatchObject({ flag: true, errorCode: 200, data: { token_type: 'bearer', expires_in: 7200 } });
    expect(json.body.data.access_token.split('.')).toHaveLength(3);
    expect(json.body.data.refresh_token).toEqual(expect.any(String));
    const form = await test.http().post('/login').type('form').send({ username: 'admin', password: ADMIN_PASSWORD }).expect(200);
    expect(form.body.flag).toBe(true);
  });

  it('answers 3031 for a wrong password or unknown account and 400 for a missing field', async () => {
    expect((await test.http().post('/login').send({ username: 'admin', password: 'Wrong12345' })).body.errorCode).toBe(3031);
    expect((await test.http().post('/login').send({ username: 'nobody', password: 'Wrong12345' })).body.errorCode).toBe(3031);
    const missing = await test.http().post('/login').send({ username: 'admin' }).expect(400);
    expect(missing.body).toMatchObject({ flag: false, errorCode: 400 });
    await test.http().post('/login').send({ username: 'admin', password: ADMIN_PASSWORD }).expect(200);
  });

  it('refreshes with rotation through /auth/oauth/token and fails with 100 otherwise', async () => {
    const login = await test.http().post('/login').send({ username: 'admin', password: ADMIN_PASSWORD });
    const first = login.body.data.refresh_token as string;
    const form = { refresh_token: first, grant_type: 'refresh_token', scope: 'server' };
    const refreshed = await test.http().post('/auth/oauth/token').set('Authorization', client).type('form').send(form).expect(200);
    expect(refreshed.body).toMatchObject({ flag: true, errorCode: 200, expires_in: 7200 });
    expect(refreshed.body.access_token).toBe(refreshed.body.data.access_token);
    expect(refreshed.body.refresh_token).not.toBe(first);
    await test.http().get('/basic/user/getCurrentUserInfo').set('Authorization', `Bearer ${refreshed.body.access_token}`).expect(200);
    const reused = await test.http().post('/auth/oauth/token').set('Authorization', client).type('form').send(form);
    expect(reused.body).toMatchObject({ flag: false, errorCode: 100 });
    const badClient = await test.http().post('/auth/oauth/token').set('Authorization', `Basic ${Buffer.from('console:nope').toString('base64')}`).type('form')
      .send({ ...form, refresh_token: refreshed.body.refresh_token });
    expect(badClient.body.errorCode).toBe(100);
    const badGrant = await test.http().post('/auth/oauth/token').set('Authorization', client).type('form').send({ ...form, grant_type: 'password' });
    expect(badGrant.body.errorCode).toBe(100);
  });

  it('answers HTTP 401 / code 401 without a token, with a forged one and with an expired one', async () => {
    const none = await test.http().get('/basic/user/getCurrentUserInfo').expect(401);
    expect(none.body).toMatchObject({ flag: false, errorCode: 401 });
    await test.http().get('/basic/user/getCurrentUserInfo').set('Authorization', 'Bearer abc.def.ghi').expect(401);
    const tokens = test.app.get(TokenService);
    const expired = await tokens.sign({ id: '1', companyId: '1', userType: 4, roleIds: [], superAdmin: true, scope: { companies: ['1'], fleets: [] } }, -5);
    await test.http().get('/basic/tree/findVehicleTreeInfoList').set('Authorization', `Bearer ${expired}`).expect(401);
  });

  it('revokes the session on logout: verifySessionStatus then answers 402 and the refresh token is dead', async () => {
    const login = await test.http().post('/login').send({ username: 'admin', password: ADMIN_PASSWORD });
    const bearer = `Bearer ${login.body.data.access_token}`;
    expect((await test.http().get('/verifySessionStatus').set('Authorization', bearer)).body).toMatchObject({ flag: true, data: true });
    await test.http().post('/logout').set('Authorization', bearer).send({}).expect(200);
    expect((await test.http().get('/verifySessionStatus').set('Authorization', bearer)).body.errorCode).toBe(402);
    const refresh = await test.http().post('/auth/oauth/token').set('Authorization', client).type('form')
      .send({ refresh_token: login.body.data.refresh_token, grant_type: 'refresh_token', scope: 'server' });
    expect(refresh.body.errorCode).toBe(100);
  });

  it('serves the super administrator the whole seeded menu under node 2', async () => {
    const bearer = await loginAs(test, 'admin', ADMIN_PASSWORD);
    const tree = await test.http().get('/basic/resource/getCurrentUserTree').set('Authorization', bearer).query({ _t: Date.now() }).expect(200);
    expect(tree.body.flag).toBe(true);
    expect(tree.body.data).toHaveLength(1);
    const [root] = tree.body.data;
    expect(root.id).toBe(2);
    const hrefs = root.children.map((group: { href: string }) => group.href);
    expect(hrefs).toEqual(expect.arrayContaining(['/index', '/monitor', '/battery', '/recovery', '/retirement', '/veclCertifica']));
    const index = root.children.find((group: { href: string }) => group.href === '/index');
    const carList = index.children.find((page: { href: string }) => page.href === '/index/carList');
    expect(carList.children.map((button: { actionCode: string }) => button.actionCode)).toEqual(
      expect.arrayContaining(['carList:add', 'carList:modify', 'carList:delete', 'carList:import', 'carList:export', 'carList:bind']),
    );
    const info = await test.http().get('/basic/user/getCurrentUserInfo').set('Authorization', bearer).expect(200);
    expect(info.body.data).toMatchObject({ account: 'admin', userType: 4, superAdmin: true });
    expect(info.body.data.passwordHash).toBeUndefined();
  });

  it('resets a forgotten password with an SMS code from the provider', async () => {
    const bearer = await loginAs(test, 'admin', ADMIN_PASSWORD);
    await test.http().post('/basic/user').set('Authorization', bearer).send({ account: 'forgetful', name: 'Forgetful', password: 'Before12345', userType: 1, phone: '13700000007' }).expect(200);
    const old = await test.http().post('/login').send({ username: 'forgetful', password: 'Before12345' });
    expect((await test.http().post('/sms/sendCode').send({ phone: '13600000000' })).body.errorCode).toBe(3202);
    expect((await test.http().post('/sms/sendCode').send({ phone: '13700000007' })).body.flag).toBe(true);
    expect((await test.http().post('/sms/sendCode').send({ phone: '13700000007' })).body.errorCode).toBe(3203);
    const text = test.app.get<LoggingSmsProvider>(SMS_PROVIDER).lastText.get('13700000007') ?? '';
    const code = /\d{6}/.exec(text)?.[0];
    const reset = (body: object) => test.http().post('/forgetPwd').send({ phone: '13700000007', ...body });
    expect((await reset({ password: 'After12345' })).body.errorCode).toBe(3201);
    expect((await reset({ code })).body.errorCode).toBe(3200);
    expect((await reset({ code: code === '000000' ? '111111' : '000000', password: 'After12345' })).body.errorCode).toBe(3034);
    expect((await reset({ code, password: 'short' })).body.errorCode).toBe(400);
    expect((await reset({ code, password: 'After12345' })).body.flag).toBe(true);
    expect((await reset({ code, password: 'After12345' })).body.errorCode).toBe(3034);
    expect((await test.http().post('/login').send({ username: 'forgetful', password: 'Before12345' })).body.errorCode).toBe(3031);
    await loginAs(test, 'forgetful', 'After12345');
    const refresh = await test.http().post('/auth/oauth/token').set('Authorization', client).type('form')
      .send({ refresh_token: old.body.data.refresh_token, grant_type: 'refresh_token', scope: 'server' });
    expect(refresh.body.errorCode).toBe(100);
  });

  it('throttles repeated failures (207) and then locks the account (423)', async () => {
    const bearer = await loginAs(test, 'admin', ADMIN_PASSWORD);
    const created = await test.http().post('/basic/user').set('Authorization', bearer)
      .send({ account: 'victim', name: 'Victim', password: 'Victim12345', userType: 1 }).expect(200);
    expect(created.body.flag).toBe(true);
    const attempt = () => test.http().post('/login').send({ username: 'victim', password: 'Wrong12345' });
    const pause = () => new Promise((resolve) => setTimeout(resolve, 350));
    expect((await attempt()).body.errorCode).toBe(3031);
    expect((await attempt()).body.errorCode).toBe(3031);
    expect((await attempt()).body.errorCode).toBe(207);
    await pause();
    expect((await attempt()).body.errorCode).toBe(3031);
    await pause();
    expect((await attempt()).body.errorCode).toBe(423);
    const right = await test.http().post('/login').send({ username: 'victim', password: 'Victim12345' });
    expect(right.body.errorCode).toBe(423);
  });
});

describe('admin auth rate limit', () => {
  let test: AdminTestApp;

  beforeAll(async () => {
    test = await startAdmin('sqlite', { AUTH_RATE_LIMIT_PER_MINUTE: '3' });
  });

  afterAll(async () => {
    await test?.close();
  });

  it('answers 207 once a client exceeds the per-minute login budget', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) codes.push((await test.http().post('/login').send({ username: 'nobody', password: 'Wrong12345x' })).body.errorCode);
    expect(codes.slice(0, 3)).not.toContain(207);
    expect(codes[3]).toBe(207);
  });
});
