// /index/vgPower (车组权限) on SQLite and MariaDB: a company administrator grants a user single
// fleets; the user's old tokens end and the new scope narrows the real vehicle list; a narrower
// role cannot change grants; another company neither sees nor edits them; bad input answers its code.
import { ADMIN_PASSWORD, loginAs, startAdmin, type AdminTestApp, type Engine } from './admin-test-app';

const GRANTOR = ['vgPower:search', 'vgPower:modify', 'carList:search', 'userManage:search'];
const VIEWER = ['vgPower:search', 'carList:search'];

describe.each<Engine>(['sqlite', 'mysql'])('vgPower fleet grants on %s', (engine) => {
  let test: AdminTestApp;
  const ids: Record<string, number> = {};
  const bearer: Record<string, string> = {};

  const as = (token: string) => ({
    get: (path: string) => test.http().get(path).set('Authorization', token),
    put: (path: string, body: object) => test.http().put(path).set('Authorization', token).send(body),
    post: (path: string, body: object) => test.http().post(path).set('Authorization', token).send(body),
  });
  const idOf = (response: { body: { flag: boolean; data: { id: number } } }) => {
    if (!response.body.flag) throw new Error(JSON.stringify(response.body));
    return Number(response.body.data.id);
  };
  const plates = async (token: string) => ((await as(token).get('/basic/vehicle?size=100')).body.data.records as { plateCode: string }[]).map((v) => v.plateCode).sort();

  beforeAll(async () => {
    test = await startAdmin(engine);
    const sa = as(await loginAs(test, 'admin', ADMIN_PASSWORD));
    for (const name of ['Alpha', 'Bravo']) {
      ids[name] = idOf(await sa.post('/basic/company', { name: `${name} Freight` }));
      ids[`${name}F1`] = idOf(await sa.post('/basic/fleet', { name: `${name}-east`, companyId: ids[name] }));
      ids[`${name}F2`] = idOf(await sa.post('/basic/fleet', { name: `${name}-west`, companyId: ids[name] }));
      const grantor = idOf(await sa.post('/basic/role', { name: 'grantor', companyId: ids[name], roleType: 3, actionCodes: GRANTOR }));
      ids[`${name}Viewer`] = idOf(await sa.post('/basic/role', { name: 'viewer', companyId: ids[name], roleType: 3, actionCodes: VIEWER }));
      ids[`${name}Admin`] = idOf(await sa.post('/basic/user', { account: `${name.toLowerCase()}boss`, name: `${name} Boss`, password: 'Operator123', userType: 1, companyId: ids[name], roleIds: [grantor] }));
      ids[`${name}Driver`] = idOf(await sa.post('/basic/user', { account: `${name.toLowerCase()}desk`, name: `${name} Desk`, password: 'Operator123', userType: 1, companyId: ids[name], roleIds: [ids[`${name}Viewer`]] }));
    }
    await sa.post('/basic/vehicle', { plateCode: '京A71001', plateColor: 2, vehicleType: 1, companyId: ids.Alpha, fleetId: ids.AlphaF1 });
    await sa.post('/basic/vehicle', { plateCode: '京A71002', plateColor: 2, vehicleType: 1, companyId: ids.Alpha, fleetId: ids.AlphaF2 });
    await sa.post('/basic/vehicle', { plateCode: '京A71003', plateColor: 2, vehicleType: 1, companyId: ids.Alpha });
    await sa.post('/basic/vehicle', { plateCode: '沪B72001', plateColor: 2, vehicleType: 1, companyId: ids.Bravo, fleetId: ids.BravoF1 });
    for (const account of ['alphaboss', 'alphadesk', 'bravoboss']) bearer[account] = await loginAs(test, account, 'Operator123');
  });
  afterAll(async () => {
    await test?.close();
  });

  it('lists the users of the caller\'s company with their grants', async () => {
    const page = (await as(bearer.alphaboss!).get('/basic/vgPower')).body.data;
    const accounts = page.records.map((u: { account: string }) => u.account);
    expect(accounts).toEqual(expect.arrayContaining(['alphaboss', 'alphadesk']));
    expect(accounts).not.toContain('bravoboss');
    expect(page.records.find((u: { account: string }) => u.account === 'alphadesk')).toMatchObject({ wholeCompany: true, fleetIds: [] });
  });

  it('a user granted one fleet sees only its vehicles, after the old tokens ended', async () => {
    expect(await plates(bearer.alphadesk!)).toEqual(['京A71001', '京A71002', '京A71003']);
    const granted = await as(bearer.alphaboss!).put(`/basic/vgPower/${ids.AlphaDriver}`, { fleetIds: [ids.AlphaF1] });
    expect(granted.body).toMatchObject({ flag: true, data: { wholeCompany: false, fleetIds: [ids.AlphaF1], fleetNames: ['Alpha-east'] } });
    expect((await as(bearer.alphadesk!).get('/basic/vehicle')).body.flag).toBe(false);
    bearer.alphadesk = await loginAs(test, 'alphadesk', 'Operator123');
    expect(await plates(bearer.alphadesk)).toEqual(['京A71001']);
    const fleets = (await as(bearer.alphaboss!).get(`/basic/vgPower/${ids.AlphaDriver}/fleets`)).body.data;
    expect(fleets).toEqual([expect.objectContaining({ id: ids.AlphaF1, granted: true }), expect.objectContaining({ id: ids.AlphaF2, granted: false })]);

    // Back to the whole company.
    expect((await as(bearer.alphaboss!).put(`/basic/vgPower/${ids.AlphaDriver}`, { fleetIds: [] })).body.flag).toBe(true);
    bearer.alphadesk = await loginAs(test, 'alphadesk', 'Operator123');
    expect(await plates(bearer.alphadesk)).toEqual(['京A71001', '京A71002', '京A71003']);
  });

  it('a narrower role reads grants but cannot change them', async () => {
    expect((await as(bearer.alphadesk!).get('/basic/vgPower')).body.flag).toBe(true);
    expect((await as(bearer.alphadesk!).put(`/basic/vgPower/${ids.AlphaAdmin}`, { fleetIds: [ids.AlphaF2] })).body.errorCode).toBe(403);
  });

  it('another company neither sees nor edits the grants, nor grants its fleets', async () => {
    expect((await as(bearer.bravoboss!).get(`/basic/vgPower/${ids.AlphaDriver}/fleets`)).body.errorCode).toBe(403);
    expect((await as(bearer.bravoboss!).put(`/basic/vgPower/${ids.AlphaDriver}`, { fleetIds: [ids.BravoF1] })).body.errorCode).toBe(403);
    expect((await as(bearer.bravoboss!).put(`/basic/vgPower/${ids.BravoDriver}`, { fleetIds: [ids.AlphaF1] })).body.errorCode).toBe(209);
    expect((await as(bearer.alphaboss!).get(`/basic/vgPower/${ids.AlphaDriver}/fleets`)).body.data.map((f: { name: string }) => f.name)).toEqual(['Alpha-east', 'Alpha-west']);
  });

  it('refuses bad input with 400', async () => {
    expect((await as(bearer.alphaboss!).put(`/basic/vgPower/${ids.AlphaDriver}`, { fleetIds: ['east'] })).body.errorCode).toBe(400);
    expect((await as(bearer.alphaboss!).put(`/basic/vgPower/${ids.AlphaDriver}`, {})).body.errorCode).toBe(400);
  });
});
