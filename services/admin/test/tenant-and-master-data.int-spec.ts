// Tenant isolation, permission denial, validation codes, binding and the registry topics: the same
// suite on SQLite and on MariaDB.
import { Topics, type TerminalRegistryEntry, type VehicleRegistryEntry } from '@openfleet/contracts';
import ExcelJS from 'exceljs';
import { ADMIN_PASSWORD, loginAs, startAdmin, type AdminTestApp, type Engine } from './admin-test-app';

const engines: Engine[] = ['sqlite', 'mysql'];
const OPERATOR_CODES = ['carList', 'carList:search', 'carList:add', 'carList:bind', 'carList:import', 'carList:export', 'driverManage:search', 'userManage:search', 'terminalM:add', 'terminalM:search'];

describe.each(engines)('admin tenants and master data on %s', (engine) => {
  let test: AdminTestApp;
  let admin: string;
  const ids: Record<string, number> = {};
  const vehicleEvents: VehicleRegistryEntry[] = [];
  const terminalEvents: TerminalRegistryEntry[] = [];

  const as = (bearer: string) => ({
    get: (path: string, query: Record<string, unknown> = {}) => test.http().get(path).query(query).set('Authorization', bearer),
    post: (path: string, body: object) => test.http().post(path).set('Authorization', bearer).send(body),
    put: (path: string, body: object) => test.http().put(path).set('Authorization', bearer).send(body),
    del: (path: string) => test.http().delete(path).set('Authorization', bearer),
  });

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
    for (const name of ['Alpha', 'Bravo']) {
      ids[name] = await created(await sa.post('/basic/company', { name: `${name} Logistics` }));
      ids[`${name}Fleet`] = await created(await sa.post('/basic/fleet', { name: `${name}-1`, companyId: ids[name] }));
      ids[`${name}Role`] = await created(await sa.post('/basic/role', { name: 'operator', companyId: ids[name], roleType: 3, actionCodes: OPERATOR_CODES }));
      await created(await sa.post('/basic/user', { account: `${name.toLowerCase()}op`, name: `${name} Operator`, password: 'Operator123', userType: 1, companyId: ids[name], roleIds: [ids[`${name}Role`]] }));
      ids[`${name}Driver`] = await created(await sa.post('/basic/driver', { name: `${name} Driver`, licenceNo: `${name.toUpperCase()}0001`, companyId: ids[name] }));
    }
    ids.AlphaCar = await created(await sa.post('/basic/vehicle', { plateCode: '京A10001', plateColor: 2, vehicleType: 1, companyId: ids.Alpha, fleetId: ids.AlphaFleet }));
    ids.BravoCar = await created(await sa.post('/basic/vehicle', { plateCode: '沪B20002', plateColor: 1, vehicleType: 5, companyId: ids.Bravo }));
  });

  afterAll(async () => {
    await test?.close();
  });

  it('keeps company Alpha users away from Bravo vehicles, drivers and users in every list and tree', async () => {
    const alpha = as(await loginAs(test, 'alphaop', 'Operator123'));
    const vehicles = await alpha.get('/basic/vehicle').expect(200);
    expect(vehicles.body.data.records.map((v: { plateCode: string }) => v.plateCode)).toEqual(['京A10001']);
    expect((await alpha.get('/basic/vehicle', { keyword: '沪B' })).body.data.total).toBe(0);
    expect((await alpha.get(`/basic/vehicle/${ids.BravoCar}`)).body.errorCode).toBe(8002);
    const tree = JSON.stringify((await alpha.get('/basic/tree/findVehicleTreeInfoList')).body.data);
    expect(tree).toContain('京A10001');
    expect(tree).not.toContain('沪B20002');
    expect(tree).not.toContain('Bravo');
    const drivers = JSON.stringify((await alpha.get('/basic/driver/findDriverList')).body.data);
    expect(drivers).toContain('Alpha Driver');
    expect(drivers).not.toContain('Bravo');
    expect(JSON.stringify((await alpha.get('/basic/driver')).body.data)).not.toContain('Bravo');
    expect(JSON.stringify((await alpha.get('/basic/sysEnterprise/findEnterpriseTreeDriverList')).body.data)).not.toContain('Bravo');
    const users = (await alpha.get('/basic/user')).body.data.records.map((u: { account: string }) => u.account);
    expect(users).toEqual(['alphaop']);
    for (const path of ['/basic/sysEnterprise/getEnterpriseTreeList', '/basic/sysEnterprise/findEnterpriseOrganizationTreeList']) {
      const body = JSON.stringify((await alpha.get(path)).body.data);
      expect(body).toContain('Alpha Logistics');
      expect(body).not.toContain('Bravo');
    }
    expect((await alpha.get('/enterprise/getEnterpriseById', { id: ids.Bravo })).body.errorCode).toBe(403);
    expect((await alpha.get('/enterprise/getEnterpriseById', { id: ids.Alpha })).body.data.name).toBe('Alpha Logistics');
  });

  it('denies actions the role does not grant with errorCode 403 and trims the menu to the grants', async () => {
    const alpha = as(await loginAs(test, 'alphaop', 'Operator123'));
    expect((await alpha.del(`/basic/vehicle/${ids.AlphaCar}`)).body).toMatchObject({ flag: false, errorCode: 403 });
    expect((await alpha.post('/basic/company', { name: 'Sneaky' })).body.errorCode).toBe(403);
    expect((await alpha.get('/basic/role')).body.errorCode).toBe(403);
    const [root] = (await alpha.get('/basic/resource/getCurrentUserTree')).body.data;
    expect(root.id).toBe(2);
    const pages = root.children.flatMap((group: { children: { href: string; children: { actionCode: string }[] }[] }) => group.children);
    expect(pages.map((page: { href: string }) => page.href).sort()).toEqual(['/index/carList', '/index/driverManage', '/index/terminalM', '/index/userManage']);
    const carList = pages.find((page: { href: string }) => page.href === '/index/carList');
    expect(carList.children.map((b: { actionCode: string }) => b.actionCode).sort()).toEqual(['carList:add', 'carList:bind', 'carList:export', 'carList:import', 'carList:search']);
    // A user can neither grant what they lack nor create a vehicle in another tenant.
    expect((await alpha.post('/basic/vehicle', { plateCode: '京A10009', plateColor: 2, vehicleType: 1, companyId: ids.Bravo })).body.errorCode).toBe(403);
    expect((await alpha.post('/basic/vehicle', { plateCode: '京A10009', plateColor: 2, vehicleType: 1 })).body.flag).toBe(true);
  });

  it('validates vehicles, terminals, SIM cards, drivers, users, roles and companies with the catalogue codes', async () => {
    const sa = as(admin);
    const code = async (response: PromiseLike<{ body: { errorCode: number } }>) => (await response).body.errorCode;
    expect(await code(sa.post('/basic/vehicle', { plateCode: '京A10001', plateColor: 2, vehicleType: 1, companyId: ids.Alpha }))).toBe(4013);
    expect(await code(sa.post('/basic/vehicle', { plateCode: '京A10002', plateColor: 7, vehicleType: 1 }))).toBe(400);
    expect(await code(sa.post('/basic/vehicle', { plateCode: '京A10002', plateColor: 9, vehicleType: 26 }))).toBe(400);
    expect(await code(sa.post('/basic/vehicle', { plateCode: '京A10002', plateColor: 9, vehicleType: 25, vin: 'SHORT' }))).toBe(400);
    expect(await code(sa.post('/basic/terminal', { terminalCode: 'abc1234', terminalPhone: '13800000001' }))).toBe(400);
    expect(await code(sa.post('/basic/terminal', { terminalCode: 'ABC1234', terminalPhone: '1380000000' }))).toBe(400);
    expect(await code(sa.post('/basic/terminal', { terminalCode: 'ABC1234', terminalPhone: '13800000001', companyId: ids.Alpha }))).toBe(200);
    expect(await code(sa.post('/basic/terminal', { terminalCode: 'ABC1235', terminalPhone: '13800000001' }))).toBe(4042);
    expect(await code(sa.post('/basic/sim-card', { number: '14400000001', operator: 1 }))).toBe(200);
    expect(await code(sa.post('/basic/sim-card', { number: '14400000001', operator: 2 }))).toBe(4000);
    expect(await code(sa.post('/basic/sim-card', { number: '14400000002', operator: 4 }))).toBe(400);
    expect(await code(sa.post('/basic/driver', { name: 'Copy', licenceNo: 'ALPHA0001' }))).toBe(4017);
    expect(await code(sa.post('/basic/user', { account: 'alphaop', name: 'Again', password: 'Operator123', userType: 1 }))).toBe(4003);
    expect(await code(sa.post('/basic/user', { account: 'phone1', name: 'Phone', password: 'Operator123', userType: 1, phone: '13900000000' }))).toBe(200);
    expect(await code(sa.post('/basic/user', { account: 'phone2', name: 'Phone', password: 'Operator123', userType: 1, phone: '13900000000' }))).toBe(4016);
    expect(await code(sa.post('/basic/user', { account: 'weak1', name: 'Weak', password: '12345678a', userType: 1 }))).toBe(400);
    expect(await code(sa.post('/basic/user', { account: 'weak2', name: 'Weak', password: 'abcdefgh', userType: 1 }))).toBe(400);
    expect(await code(sa.post('/basic/role', { name: 'operator', companyId: ids.Alpha, roleType: 3, actionCodes: [] }))).toBe(4006);
    expect(await code(sa.post('/basic/role', { name: 'odd', companyId: ids.Alpha, roleType: 3, actionCodes: ['nope:add'] }))).toBe(400);
    expect(await code(sa.post('/basic/company', { name: 'Alpha Logistics' }))).toBe(4001);
    expect(await code(sa.post('/basic/company', { name: 'Digits 123' }))).toBe(400);
  });

  it('binds vehicle and terminal once (4231), unbinds with logoutTerminal (4230 when unbound) and publishes both registries', async () => {
    const alpha = as(await loginAs(test, 'alphaop', 'Operator123'));
    const terminal = await created(await alpha.post('/basic/terminal', { terminalCode: 'T000001', terminalPhone: '13812345678' }));
    const unbound = (await alpha.get('/basic/terminal/findUnbindTerminalList')).body.data.map((t: { id: number }) => Number(t.id));
    expect(unbound).toContain(terminal);
    expect((await alpha.post(`/basic/vehicle/${ids.AlphaCar}/bind`, { terminalId: terminal })).body.flag).toBe(true);
    expect((await alpha.post(`/basic/vehicle/${ids.AlphaCar}/bind`, { terminalId: terminal })).body.errorCode).toBe(4231);
    expect((await alpha.get('/basic/terminal/findUnbindTerminalPage')).body.data.records.map((t: { id: number }) => Number(t.id))).not.toContain(terminal);
    await waitFor(() => terminalEvents.some((e) => e.terminalPhone === '13812345678' && e.vehicleId === String(ids.AlphaCar)));
    const vehicleEntry = [...vehicleEvents].reverse().find((e) => e.vehicleId === String(ids.AlphaCar));
    expect(vehicleEntry).toMatchObject({ plateCode: '京A10001', terminalPhone: '13812345678', companyPath: ['1', String(ids.Alpha)], fleetPath: [String(ids.AlphaFleet)] });

    // Tracking reports the vehicle online: the tree shows its status and counts it on every level.
    const treeNodes = async () => (await alpha.get('/basic/tree/findVehicleTreeInfoList')).body.data;
    const car = `v${ids.AlphaCar}`;
    expect(findNode(await treeNodes(), car)).toMatchObject({ vehicleStatus: 0 });
    await test.bus.publish(Topics.vehicleState, {
      key: '13812345678',
      value: {
        terminalPhone: '13812345678',
        vehicleId: String(ids.AlphaCar),
        vehicleStatus: 1,
        locateStatus: 1,
        displayStatus: 'online',
        gpsTimeS: Math.floor(Date.now() / 1000),
        latitude: 39.9,
        longitude: 116.4,
        speedKmh: 42,
        direction: 90,
        alarmFlags: 0,
        updatedAt: Date.now(),
      },
    });
    await waitFor(async () => findNode(await treeNodes(), car).vehicleStatus === 1);
    const onlineTree = await treeNodes();
    expect(findNode(onlineTree, car)).toMatchObject({ vehicleStatus: 1, displayStatus: 'online', locateStatus: 1 });
    expect(findNode(onlineTree, `f${ids.AlphaFleet}`)).toMatchObject({ total: 1, online: 1 });
    expect(findNode(onlineTree, `c${ids.Alpha}`)).toMatchObject({ online: 1 });

    expect((await alpha.get('/basic/terminal/logoutTerminal', { vehicleId: ids.AlphaCar })).body.flag).toBe(true);
    // Without a terminal the vehicle is offline in the tree whatever tracking last said.
    expect(findNode(await treeNodes(), car)).toMatchObject({ vehicleStatus: 0 });
    expect((await alpha.get('/basic/terminal/logoutTerminal', { vehicleId: ids.AlphaCar })).body.errorCode).toBe(4230);
    expect((await alpha.get('/basic/terminal/logoutTerminal', { vehicleId: ids.BravoCar })).body.errorCode).toBe(8002);
    await waitFor(() => terminalEvents.some((e) => e.terminalPhone === '13812345678' && e.vehicleId === '' && e.registrationState === 2));
  });

  it('applies the organisation tree rules: depth 4, 4031, 4032, 4037, 9000 and no drag under a fleet', async () => {
    const sa = as(admin);
    const company = await created(await sa.post('/basic/company', { name: 'Charlie Transport' }));
    const child = await created(await sa.post('/basic/company', { name: 'Charlie Sub', parentId: company }));
    expect((await sa.del(`/basic/company/${company}`)).body.errorCode).toBe(4037);
    let parent: number | undefined;
    const levels: number[] = [];
    for (let level = 1; level <= 4; level += 1) {
      parent = await created(await sa.post('/basic/fleet', { name: `L${level}`, companyId: child, parentId: parent }));
      levels.push(parent);
    }
    expect((await sa.post('/basic/fleet', { name: 'L5', companyId: child, parentId: parent })).body.errorCode).toBe(400);
    expect((await sa.post('/basic/fleet', { name: 'L1', companyId: child })).body.errorCode).toBe(4040);
    await created(await sa.post('/basic/vehicle', { plateCode: '粤C30003', plateColor: 2, vehicleType: 3, companyId: child, fleetId: levels[3] }));
    expect((await sa.del(`/basic/fleet/${levels[2]}`)).body.errorCode).toBe(9000);
    expect((await sa.del(`/basic/fleet/${levels[3]}`)).body.errorCode).toBe(4032);
    expect((await sa.del(`/basic/company/${child}`)).body.errorCode).toBe(4031);
    expect((await sa.post('/basic/tree/move', { nodeType: 'company', id: child, targetType: 'fleet', targetId: levels[0] })).body.errorCode).toBe(400);
    expect((await sa.post('/basic/tree/move', { nodeType: 'fleet', id: levels[3], targetType: 'fleet', targetId: levels[0] })).body.errorCode).toBe(400);
    expect((await sa.post('/basic/tree/move', { nodeType: 'fleet', id: levels[3], targetType: 'company', targetId: company })).body.flag).toBe(true);
    await waitFor(() => vehicleEvents.some((e) => e.plateCode === '粤C30003' && e.companyPath.at(-1) === String(company) && e.fleetPath.join() === String(levels[3])));
    const tree = (await sa.get('/basic/tree/findVehicleTreeInfoList')).body.data;
    const charlie = findNode(tree, `c${company}`);
    expect(charlie).toMatchObject({ total: 1, online: 0 });
    expect(findNode(charlie.children, `f${levels[3]}`).children[0]).toMatchObject({ plateCode: '粤C30003', plateColor: 2, vehicleStatus: 0 });
    const root = (await sa.get('/basic/sysEnterprise/getEnterpriseTreeList')).body.data[0];
    expect((await sa.del(`/basic/company/${root.id}`)).body.errorCode).toBe(403);
  });

  it('imports vehicles all-or-nothing with row errors and exports only the caller tenant', async () => {
    const alphaBearer = await loginAs(test, 'alphaop', 'Operator123');
    const upload = (rows: unknown[][]) => sheet(rows).then((file) => test.http().post('/basic/vehicle/import').set('Authorization', alphaBearer).attach('file', file, 'vehicles.xlsx'));
    const header = ['车牌号', '车牌颜色', '车辆类型', '车架号'];
    const bad = await upload([header, ['京A50001', 2, 1, 'LSVAU2180N2183294'], ['京A50002', 7, 1], ['沪B20002', 1, 5], ['京A50001', 2, 1], ['京A50004', 1, 30]]);
    expect(bad.body).toMatchObject({ flag: false, errorCode: 5005 });
    expect(bad.body.data.map((problem: { row: number }) => problem.row)).toEqual([3, 4, 5, 6]);
    expect(bad.body.data[1].reasons.join()).toContain('4013');
    expect((await as(alphaBearer).get('/basic/vehicle', { keyword: '京A5000' })).body.data.total).toBe(0);
    const good = await upload([header, ['京A50001', 2, 1, 'LSVAU2180N2183294'], ['京A50002', 1, 25]]);
    expect(good.body).toMatchObject({ flag: true, data: { imported: 2 } });
    expect((await upload([header])).body.errorCode).toBe(30020);
    expect((await upload([header, ...Array.from({ length: 1001 }, (_, i) => [`京D${String(i).padStart(5, '0')}`, 1, 1])])).body.errorCode).toBe(30021);
    const exported = await test.http().get('/basic/vehicle/export').set('Authorization', alphaBearer).buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.body);
    const plates = workbook.worksheets[0].getColumn(1).values.slice(2);
    expect(plates).toEqual(expect.arrayContaining(['京A10001', '京A50001', '京A50002']));
    expect(plates).not.toContain('沪B20002');
    expect(workbook.worksheets[0].getRow(1).getCell(1).value).toBe('车牌号');
    // In the requester's language (Accept-Language), and an English sheet imports as well.
    const english = await test.http().get('/basic/vehicle/export').set('Authorization', alphaBearer).set('Accept-Language', 'en-US').buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    const englishBook = new ExcelJS.Workbook();
    await englishBook.xlsx.load(english.body);
    expect(englishBook.worksheets[0].getRow(1).values).toEqual([undefined, 'Plate', 'Plate color', 'Vehicle type', 'VIN', 'Engine no.', 'Brand', 'Model', 'Owner', 'Owner phone', 'Registration state', 'Use state', 'Drive type', 'Fuel type', 'Terminal phone']);
    expect((await upload([['Plate', 'Plate color', 'Vehicle type'], ['京A50005', 1, 1]])).body).toMatchObject({ flag: true, data: { imported: 1 } });
  });

  it('does not let a user hand out roles that grant more than they hold', async () => {
    const sa = as(admin);
    const managerRole = await created(await sa.post('/basic/role', { name: 'manager', companyId: ids.Alpha, roleType: 2, actionCodes: ['userManage:search', 'userManage:modify'] }));
    const bossRole = await created(await sa.post('/basic/role', { name: 'boss', companyId: ids.Alpha, roleType: 2, actionCodes: ['carList:delete'] }));
    const manager = await created(await sa.post('/basic/user', { account: 'alphamgr', name: 'Alpha Manager', password: 'Manager123', userType: 2, companyId: ids.Alpha, roleIds: [managerRole] }));
    const alphaManager = as(await loginAs(test, 'alphamgr', 'Manager123'));
    expect((await alphaManager.put(`/basic/user/${manager}`, { roleIds: [managerRole, bossRole] })).body.errorCode).toBe(403);
    expect((await alphaManager.put(`/basic/user/${manager}`, { roleIds: [managerRole, ids.BravoRole] })).body.errorCode).toBe(2082);
    expect((await alphaManager.put(`/basic/user/${manager}`, { remark: 'still here' })).body.flag).toBe(true);
  });

  it('keeps an operation log of changing calls, readable with operationLog:search', async () => {
    const records = async () => (await as(admin).get('/basic/operation-log', { size: 1000 })).body.data.records as { path: string; method: string; errorCode: number; account: string }[];
    let logs = await records();
    for (let i = 0; i < 50 && !logs.some((log) => log.path === '/basic/terminal/logoutTerminal' && log.errorCode === 4230); i += 1) logs = await records();
    expect(logs.some((log) => log.path === '/basic/terminal/logoutTerminal' && log.errorCode === 200)).toBe(true);
    expect(logs.some((log) => log.path === '/basic/vehicle' && log.method === 'POST' && log.errorCode === 4013)).toBe(true);
    expect(logs.some((log) => log.path === '/login' && log.account === 'alphaop')).toBe(true);
    expect(logs.some((log) => log.method === 'GET' && log.path === '/basic/vehicle')).toBe(false);
    expect((await as(await loginAs(test, 'alphaop', 'Operator123')).get('/basic/operation-log')).body.errorCode).toBe(403);
  });

  it('imports terminals, SIM cards and drivers with row errors and exports within the tenant', async () => {
    const sa = await loginAs(test, 'admin', ADMIN_PASSWORD);
    const upload = (resource: string, rows: unknown[][], bearer = sa) =>
      sheet(rows).then((file) => test.http().post(`/basic/${resource}/import`).set('Authorization', bearer).attach('file', file, `${resource}.xlsx`));
    const badSims = await upload('sim-card', [['SIM卡号', '运营商'], ['14400000009', 1], ['14400000001', 2], ['1440000000', 3], ['14400000010', 4]]);
    expect(badSims.body.errorCode).toBe(5005);
    expect(badSims.body.data.map((problem: { row: number }) => problem.row)).toEqual([3, 4, 5]);
    expect((await upload('sim-card', [['SIM卡号', '运营商'], ['14400000009', 1], ['14400000010', 3]])).body.data).toEqual({ imported: 2 });
    const terminals = await upload('terminal', [['终端编号', 'SIM卡号'], ['TERM001', '13900000101'], ['TERM002', '13900000101']]);
    expect(terminals.body.data).toEqual([{ row: 3, reasons: ['duplicate in the file: 13900000101'] }]);
    expect((await upload('terminal', [['终端编号', 'SIM卡号'], ['TERM001', '13900000101']])).body.data).toEqual({ imported: 1 });
    // Checked against the database for the whole file at once: the stored one refused, a new one beside it not.
    const again = await upload('terminal', [['终端编号', 'SIM卡号'], ['TERM003', '13900000103'], ['TERM001', '13900000101']]);
    expect(again.body.data).toEqual([{ row: 3, reasons: [expect.stringMatching(/^\d+: terminal number exists$/)] }]);
    expect((await upload('driver', [['姓名', '驾驶证号'], ['Alpha Copy', 'ALPHA0001']])).body.errorCode).toBe(5005);
    // Not an xlsx file at all, and a sheet without a known header: 30022; nothing written either way.
    const csv = await test.http().post('/basic/driver/import').set('Authorization', sa).attach('file', Buffer.from('姓名,驾驶证号\nCsv Driver,CSVD0001\n'), 'drivers.xlsx');
    expect(csv.body.errorCode).toBe(30022);
    expect((await upload('driver', [['name?', 'licence?'], ['Odd Header', 'ODDH0001']])).body.errorCode).toBe(30022);
    expect((await test.http().get('/basic/driver').query({ keyword: 'CSVD' }).set('Authorization', sa)).body.data.total).toBe(0);
    const alphaBearer = await loginAs(test, 'alphaop', 'Operator123');
    expect((await upload('driver', [['姓名', '驾驶证号'], ['New Driver', 'NEWD0001']], alphaBearer)).body.errorCode).toBe(403);
    expect((await test.http().get('/basic/driver/export').set('Authorization', alphaBearer)).body.errorCode).toBe(403);
    const exported = await test.http().get('/basic/driver/export').set('Authorization', sa).buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.body);
    expect(workbook.worksheets[0].getColumn(2).values.slice(2)).toEqual(expect.arrayContaining(['ALPHA0001', 'BRAVO0001']));
  });

  it('moves a company with its vehicles under another company (scope and registry follow)', async () => {
    const sa = as(admin);
    const delta = await created(await sa.post('/basic/company', { name: 'Delta Freight' }));
    const deltaChild = await created(await sa.post('/basic/company', { name: 'Delta Child', parentId: delta }));
    await created(await sa.post('/basic/vehicle', { plateCode: '浙E40004', plateColor: 1, vehicleType: 2, companyId: delta }));
    const bravo = as(await loginAs(test, 'bravoop', 'Operator123'));
    expect((await bravo.get('/basic/vehicle', { keyword: '浙E' })).body.data.total).toBe(0);
    expect((await sa.post('/basic/tree/move', { nodeType: 'company', id: delta, targetType: 'company', targetId: deltaChild })).body.errorCode).toBe(400);
    expect((await sa.post('/basic/tree/move', { nodeType: 'company', id: delta, targetType: 'company', targetId: ids.Bravo })).body.flag).toBe(true);
    expect((await bravo.get('/basic/vehicle', { keyword: '浙E' })).body.data.total).toBe(1);
    const tree = JSON.stringify((await bravo.get('/basic/sysEnterprise/getEnterpriseTreeList')).body.data);
    expect(tree).toContain('Delta Child');
    await waitFor(() => vehicleEvents.some((e) => e.plateCode === '浙E40004' && e.companyPath.join() === ['1', ids.Bravo, delta].join()));
  });

  it('applies the emission-stage rules of spec §5 on create and on update', async () => {
    const sa = as(admin);
    const base = { plateColor: 2, vehicleType: 1, companyId: ids.Alpha };
    const stage5 = await sa.post('/basic/vehicle', { ...base, plateCode: '京E50001', emissionStandard: 5, maxReferenceTorque: 2200 });
    expect(stage5.body.errorCode).toBe(400);
    expect(JSON.stringify(stage5.body.data)).toMatch(/fuelTankVolume.*ureaTankVolume/);
    const ok = await created(await sa.post('/basic/vehicle', { ...base, plateCode: '京E50001', emissionStandard: 5, maxReferenceTorque: 2200, fuelTankVolume: 400, ureaTankVolume: 60 }));
    // Emptying a required value on update is refused; the merged vehicle is what is checked.
    expect((await sa.put(`/basic/vehicle/${ok}`, { ureaTankVolume: null })).body.errorCode).toBe(400);
    // Stage 6 with activation: the environmental-bureau vehicle type and a security chip.
    const stage6 = await sa.put(`/basic/vehicle/${ok}`, { emissionStandard: 6, activation: 1 });
    expect(stage6.body.errorCode).toBe(400);
    expect(JSON.stringify(stage6.body.data)).toMatch(/envVehicleType.*securityChip/);
    expect((await sa.put(`/basic/vehicle/${ok}`, { emissionStandard: 6, activation: 1, envVehicleType: 'N3', securityChip: 'SC-0001' })).body.flag).toBe(true);
    // Activation at stage 4 needs the chip but not the vehicle type.
    expect((await sa.post('/basic/vehicle', { ...base, plateCode: '京E40001', emissionStandard: 4, activation: 1 })).body.errorCode).toBe(400);
    expect((await sa.post('/basic/vehicle', { ...base, plateCode: '京E40001', emissionStandard: 4, activation: 1, securityChip: 'SC-0002' })).body.flag).toBe(true);
  });

  it('refuses to delete a role bound to users', async () => {
    expect((await as(admin).del(`/basic/role/${ids.AlphaRole}`)).body.errorCode).toBe(5002);
  });

  it('answers 400 (not a database error) when an update empties a required field with null', async () => {
    const sa = as(admin);
    const users = (await sa.get('/basic/user', { keyword: 'bravoop' })).body.data.records;
    const cases: [string, object][] = [
      [`/basic/vehicle/${ids.BravoCar}`, { plateCode: null }],
      [`/basic/vehicle/${ids.BravoCar}`, { vehicleType: null }],
      [`/basic/driver/${ids.BravoDriver}`, { name: null }],
      [`/basic/company/${ids.Bravo}`, { name: null }],
      [`/basic/role/${ids.BravoRole}`, { name: null }],
      [`/basic/user/${users[0].id}`, { name: null }],
    ];
    for (const [path, body] of cases) {
      const answer = (await sa.put(path, body)).body;
      expect({ path, errorCode: answer.errorCode }).toEqual({ path, errorCode: 400 });
      expect(String(answer.data)).toContain('cannot be empty');
    }
    expect((await sa.get(`/basic/vehicle/${ids.BravoCar}`)).body.data).toMatchObject({ plateCode: '沪B20002', vehicleType: 5 });
  });
});

interface Node {
  key: string;
  children: Node[];
  [extra: string]: unknown;
}

function findNode(nodes: Node[], key: string): Node {
  for (const node of nodes) {
    if (node.key === key) return node;
    try {
      return findNode(node.children, key);
    } catch {
      // keep looking
    }
  }
  throw new Error(`no node ${key}`);
}

async function sheet(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet('vehicles');
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
