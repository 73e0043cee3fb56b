// GET /basic/user-names on SQLite and MariaDB: the logs' operator ids named for the screens, only
// within the caller's scope (another company's user is left out like a missing one), for the roles
// of the screens that show operators (collision rescue included); bad id lists answer 400, other roles 403.
import { ADMIN_PASSWORD, loginAs, startAdmin, type AdminTestApp, type Engine } from './admin-test-app';

const engines: Engine[] = ['sqlite', 'mysql'];

describe.each(engines)('user names on %s', (engine) => {
  let test: AdminTestApp;
  let admin: string;
  const users: Record<string, string> = {};
  const names = async (bearer: string, ids: string) => (await test.http().get('/basic/user-names').query({ ids }).set('Authorization', bearer)).body;

  beforeAll(async () => {
    test = await startAdmin(engine);
    admin = await loginAs(test, 'admin', ADMIN_PASSWORD);
    const sa = (path: string, body: object) => test.http().post(path).set('Authorization', admin).send(body).then((r) => r.body);
    for (const name of ['India', 'Juliet']) {
      const company = (await sa('/basic/company', { name: `${name} Freight` })).data.id;
      const dispatcher = (await sa('/basic/role', { name: 'dispatcher', companyId: company, roleType: 3, actionCodes: ['controlInstruction', 'controlInstruction:search'] })).data.id;
      const auditor = (await sa('/basic/role', { name: 'auditor', companyId: company, roleType: 3, actionCodes: ['systemLog:search'] })).data.id;
      const rescuer = (await sa('/basic/role', { name: 'rescuer', companyId: company, roleType: 3, actionCodes: ['collisionRescue:search'] })).data.id;
      const lower = name.toLowerCase();
      users[`${lower}Dispatch`] = String((await sa('/basic/user', { account: `${lower}disp`, name: `${name}调度`, password: 'Dispatch123', userType: 1, companyId: company, roleIds: [dispatcher] })).data.id);
      users[`${lower}Audit`] = String((await sa('/basic/user', { account: `${lower}audit`, name: `${name}审计`, password: 'Audit12345', userType: 1, companyId: company, roleIds: [auditor] })).data.id);
      users[`${lower}Rescue`] = String((await sa('/basic/user', { account: `${lower}rescue`, name: `${name}救援`, password: 'Rescue1234', userType: 1, companyId: company, roleIds: [rescuer] })).data.id);
    }
  });

  afterAll(async () => {
    await test?.close();
  });

  it('names the users of the caller’s company and leaves another company’s out', async () => {
    const india = await loginAs(test, 'indiadisp', 'Dispatch123');
    const answer = await names(india, [users.indiaDispatch, users.indiaAudit, users.julietDispatch, '999999'].join(','));
    expect(answer.flag).toBe(true);
    expect(answer.data).toHaveLength(2);
    expect(answer.data).toEqual(expect.arrayContaining([
      { id: users.indiaDispatch, name: 'India调度', account: 'indiadisp' },
      { id: users.indiaAudit, name: 'India审计', account: 'indiaaudit' },
    ]));
    expect(JSON.stringify(answer.data)).not.toContain('Juliet');
    // The super administrator reads every company.
    expect((await names(admin, `${users.indiaDispatch},${users.julietDispatch}`)).data).toHaveLength(2);
  });

  it('names the operators of the collision rescue timeline for a role holding only that screen', async () => {
    const rescuer = await loginAs(test, 'indiarescue', 'Rescue1234');
    const answer = await names(rescuer, [users.indiaDispatch, users.julietRescue].join(','));
    expect(answer.data).toEqual([{ id: users.indiaDispatch, name: 'India调度', account: 'indiadisp' }]);
  });

  it('refuses roles without an operator screen and malformed id lists', async () => {
    const auditor = await loginAs(test, 'julietaudit', 'Audit12345');
    expect(await names(auditor, users.julietDispatch)).toMatchObject({ flag: false, errorCode: 403 });
    const juliet = await loginAs(test, 'julietdisp', 'Dispatch123');
    for (const ids of ['', 'abc', '1,,2', Array.from({ length: 101 }, (_, i) => i + 1).join(',')]) expect((await names(juliet, ids)).errorCode).toBe(400);
    expect((await test.http().get('/basic/user-names').query({ ids: '1' })).body.flag).toBe(false);
  });
});
