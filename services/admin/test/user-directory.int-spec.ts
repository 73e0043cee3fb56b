// admin.user-directory.v1 on SQLite and MariaDB: the full directory at start (the seeded super
// administrator), then a user created, renamed and deleted through the HTTP API each published with
// name, account and company path; a deleted user keeps its name (logs still name it), flagged.
import { Topics, type UserDirectoryEntry } from '@openfleet/contracts';
import { ADMIN_PASSWORD, loginAs, startAdmin, type AdminTestApp, type Engine } from './admin-test-app';

const engines: Engine[] = ['sqlite', 'mysql'];

describe.each(engines)('user directory on %s', (engine) => {
  let test: AdminTestApp;
  let admin: string;
  const records: UserDirectoryEntry[] = [];
  const latest = (userId: string) => records.filter((record) => record.userId === userId).at(-1);
  const waitFor = async (condition: () => boolean, what: string) => {
    for (const started = Date.now(); !condition(); await new Promise((resolve) => setTimeout(resolve, 20))) {
      if (Date.now() - started > 10_000) throw new Error(`timed out waiting for ${what}`);
    }
  };

  beforeAll(async () => {
    test = await startAdmin(engine);
    await test.bus.subscribe(Topics.userDirectory, { group: 'probe', fromBeginning: true, handle: async (messages) => void records.push(...messages.map((m) => m.value)) });
    admin = await loginAs(test, 'admin', ADMIN_PASSWORD);
  });

  afterAll(async () => {
    await test?.close();
  });

  it('publishes every user at start', async () => {
    await waitFor(() => records.some((record) => record.account === 'admin'), 'the start snapshot');
    expect(records.find((record) => record.account === 'admin')).toMatchObject({ name: 'Administrator', deleted: false });
  });

  it('publishes a user created, renamed and deleted through the API, the deleted one with its name', async () => {
    const sa = (method: 'post' | 'put' | 'delete', path: string, body?: object) => test.http()[method](path).set('Authorization', admin).send(body).then((r) => r.body);
    const company = await sa('post', '/basic/company', { name: 'Kilo Freight' });
    expect(company.flag).toBe(true);
    const created = await sa('post', '/basic/user', { account: 'kilodisp', name: 'Kilo调度', password: 'Dispatch123', userType: 1, companyId: company.data.id });
    expect(created.flag).toBe(true);
    const userId = String(created.data.id);
    await waitFor(() => latest(userId) !== undefined, 'the created user');
    expect(latest(userId)).toMatchObject({ userId, name: 'Kilo调度', account: 'kilodisp', companyId: String(company.data.id), deleted: false });
    expect(latest(userId)?.companyPath.at(-1)).toBe(String(company.data.id));

    expect((await sa('put', `/basic/user/${userId}`, { name: 'Kilo总调度' })).flag).toBe(true);
    await waitFor(() => latest(userId)?.name === 'Kilo总调度', 'the renamed user');

    expect((await sa('delete', `/basic/user/${userId}`)).flag).toBe(true);
    await waitFor(() => latest(userId)?.deleted === true, 'the deleted user');
    expect(latest(userId)).toMatchObject({ name: 'Kilo总调度', account: 'kilodisp', deleted: true });
  });
});
