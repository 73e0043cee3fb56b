// Session revocation rules (docs/auth.md): a replayed refresh token revokes its whole family, and a
// password change ends the account's sessions. The same suite on SQLite and MariaDB.
import { ADMIN_PASSWORD, loginAs, startAdmin, type AdminTestApp, type Engine } from './admin-test-app';

const engines: Engine[] = ['sqlite', 'mysql'];
const client = `Basic ${Buffer.from('console:console').toString('base64')}`;

interface Session {
  access: string;
  refresh: string;
}

describe.each(engines)('session revocation on %s', (engine) => {
  let test: AdminTestApp;
  let admin: string;
  let account = 0;

  const login = async (username: string, password: string): Promise<Session> => {
    const response = await test.http().post('/login').send({ username, password }).expect(200);
    expect(response.body.flag).toBe(true);
    return { access: `Bearer ${response.body.data.access_token}`, refresh: response.body.data.refresh_token };
  };
  const refresh = async (token: string) =>
    (await test.http().post('/auth/oauth/token').set('Authorization', client).type('form').send({ refresh_token: token, grant_type: 'refresh_token', scope: 'server' })).body;
  const sessionActive = async (access: string) => (await test.http().get('/verifySessionStatus').set('Authorization', access)).body.flag === true;
  const newUser = async () => {
    const name = `revoke${engine}${++account}`;
    const created = await test.http().post('/basic/user').set('Authorization', admin).send({ account: name, name: 'Revoke User', password: 'Operator123', userType: 1 });
    if (!created.body.flag) throw new Error(JSON.stringify(created.body));
    return { name, id: Number(created.body.data.id ?? created.body.data) };
  };

  beforeAll(async () => {
    test = await startAdmin(engine);
    admin = await loginAs(test, 'admin', ADMIN_PASSWORD);
  });

  afterAll(async () => {
    await test?.close();
  });

  it('revokes the whole family when a rotated refresh token is replayed', async () => {
    const { name } = await newUser();
    const first = await login(name, 'Operator123');
    const rotated = await refresh(first.refresh);
    expect(rotated).toMatchObject({ flag: true });
    // The thief (or the victim) presents the old token: refused, and the newest one dies with it.
    expect(await refresh(first.refresh)).toMatchObject({ flag: false, errorCode: 100 });
    expect(await refresh(rotated.refresh_token)).toMatchObject({ flag: false, errorCode: 100 });
    expect(await sessionActive(`Bearer ${rotated.access_token}`)).toBe(false);
    // Other sessions of the account are not part of that family.
    const other = await login(name, 'Operator123');
    expect(await refresh(other.refresh)).toMatchObject({ flag: true });
  });

  it('ends every session of an account whose password an administrator resets', async () => {
    const { name, id } = await newUser();
    const a = await login(name, 'Operator123');
    const b = await login(name, 'Operator123');
    const reset = await test.http().put(`/basic/user/${id}/password`).set('Authorization', admin).send({ password: 'Changed1234' });
    expect(reset.body.flag).toBe(true);
    for (const session of [a, b]) {
      expect(await refresh(session.refresh)).toMatchObject({ flag: false, errorCode: 100 });
      expect(await sessionActive(session.access)).toBe(false);
    }
    expect((await login(name, 'Changed1234')).refresh).toEqual(expect.any(String));
  });

  it('ends the other sessions when a user changes their own password, keeping the current one', async () => {
    const { name } = await newUser();
    const current = await login(name, 'Operator123');
    const other = await login(name, 'Operator123');
    const changed = await test.http().put('/basic/user/password').set('Authorization', current.access).send({ oldPassword: 'Operator123', newPassword: 'Changed5678', confirmPassword: 'Changed5678' });
    expect(changed.body.flag).toBe(true);
    expect(await refresh(other.refresh)).toMatchObject({ flag: false, errorCode: 100 });
    expect(await sessionActive(other.access)).toBe(false);
    expect(await sessionActive(current.access)).toBe(true);
    expect(await refresh(current.refresh)).toMatchObject({ flag: true });
  });
});
