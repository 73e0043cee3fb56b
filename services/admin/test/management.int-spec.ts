// Issue 28, management complete: menus and button resources edited on /index/newMune (4041 on a
// duplicate, seeded ids and codes kept across the start-up seed sync, platform owner only), SIM cards
// edited, and the §3 fields the audit found missing on vehicles, terminals, users and companies (with
// the company's administrator account made in the same transaction, and its logo checked by content).
import { Topics } from '@openfleet/contracts';
import ExcelJS from 'exceljs';
import { ADMIN_PASSWORD, loginAs, startAdmin, type AdminTestApp, type Engine } from './admin-test-app';
import { MenuService } from '../src/menu/menu.service';

const engines: Engine[] = ['sqlite', 'mysql'];
type Body = { flag: boolean; errorCode: number; data: ReturnType<typeof JSON.parse> };
interface TreeNode {
  id: number;
  label: string;
  href: string;
  actionCode: string;
  type: number;
  origin: number;
  children: TreeNode[];
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(64, 3)]);

describe.each(engines)('management (menus, SIM edits, §3 fields) on %s', (engine) => {
  let test: AdminTestApp;
  let admin: string;
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};

  const call = (bearer: string, method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) => {
    const req = test.http()[method](path).set('Authorization', bearer);
    return (body ? req.send(body) : req).then((r) => r.body as Body);
  };
  const find = (nodes: TreeNode[], id: number): TreeNode | undefined => {
    for (const node of nodes) {
      if (node.id === id) return node;
      const inside = find(node.children, id);
      if (inside) return inside;
    }
    return undefined;
  };
  const tree = async (who: string) => (await call(who, 'get', '/basic/resource/tree')).data as TreeNode[];

  beforeAll(async () => {
    test = await startAdmin(engine);
    admin = await loginAs(test, 'admin', ADMIN_PASSWORD);
    ids.root = (await call(admin, 'get', '/basic/user/getCurrentUserInfo')).data.companyId;
    ids.alpha = (await call(admin, 'post', '/basic/company', { name: 'Alpha Freight' })).data.id;
    ids.bravo = (await call(admin, 'post', '/basic/company', { name: 'Bravo Freight' })).data.id;
    const menuCodes = ['newMune:search', 'newMune:add', 'newMune:modify', 'newMune:delete'];
    const simCodes = ['simCare:search', 'simCare:add', 'simCare:modify', 'simCare:delete'];
    const roles = {
      // A platform operator allowed to edit the menu, a platform reader, and a tenant holding the same codes.
      menuEditor: await call(admin, 'post', '/basic/role', { name: 'menu_editor', companyId: ids.root, roleType: 2, actionCodes: menuCodes }),
      menuReader: await call(admin, 'post', '/basic/role', { name: 'menu_reader', companyId: ids.root, roleType: 3, actionCodes: ['newMune:search'] }),
      tenantMenu: await call(admin, 'post', '/basic/role', { name: 'tenant_menu', companyId: ids.alpha, roleType: 3, actionCodes: menuCodes }),
      alphaOps: await call(admin, 'post', '/basic/role', {
        name: 'alpha_ops',
        companyId: ids.alpha,
        roleType: 3,
        actionCodes: [...simCodes, 'carList:search', 'carList:add', 'carList:modify', 'carList:import', 'carList:export', 'terminalM:search', 'terminalM:add', 'terminalM:modify', 'terminalM:import', 'terminalM:export', 'userManage:search', 'userManage:add', 'userManage:modify', 'newCompany:search', 'newCompany:add', 'newCompany:modify'],
      }),
      simReader: await call(admin, 'post', '/basic/role', { name: 'sim_reader', companyId: ids.alpha, roleType: 3, actionCodes: ['simCare:search'] }),
    };
    for (const [name, created] of Object.entries(roles)) expect([name, created.errorCode]).toEqual([name, 200]);
    const users: [string, number, { data: { id: number } }][] = [
      ['menueditor', ids.root, roles.menuEditor],
      ['menureader', ids.root, roles.menuReader],
      ['tenantmenu', ids.alpha, roles.tenantMenu],
      ['alphaops', ids.alpha, roles.alphaOps],
      ['simreader', ids.alpha, roles.simReader],
    ];
    for (const [account, companyId, role] of users) {
      const created = await call(admin, 'post', '/basic/user', { account, name: account, password: 'Manage12345', userType: 1, companyId, roleIds: [role.data.id] });
      expect([account, created.errorCode]).toEqual([account, 200]);
      tokens[account] = await loginAs(test, account, 'Manage12345');
    }
  });

  afterAll(async () => {
    await test?.close();
  });

  describe('menus and button resources', () => {
    it('adds a directory, a page and a button, answers 4041 on duplicates, and keeps seeded ids', async () => {
      const before = await tree(admin);
      const carList = before[0].children.flatMap((group) => group.children).find((page) => page.actionCode === 'carList');
      expect(carList?.id).toBe(101);

      const dir = await call(tokens.menueditor, 'post', '/basic/resource', { parentId: 2, label: '客户门户', type: 1, href: '/portal', icon: 'globe', sort: 5 });
      expect(dir.errorCode).toBe(200);
      expect(dir.data.id).toBeGreaterThanOrEqual(10_000_000);
      const page = await call(tokens.menueditor, 'post', '/basic/resource', { parentId: dir.data.id, label: '客户列表', type: 2, href: '/portal/customerList' });
      expect(page.data).toMatchObject({ actionCode: 'customerList', nodeType: 2, origin: 2 });
      const button = await call(tokens.menueditor, 'post', '/basic/resource', { parentId: page.data.id, label: '审核', type: 3, actionCode: 'customerList:approve' });
      expect(button.data).toMatchObject({ actionCode: 'customerList:approve', href: '' });

      // 4041: the same name among siblings, the same path, the same action code (a seeded one too).
      expect((await call(tokens.menueditor, 'post', '/basic/resource', { parentId: 2, label: '客户门户', type: 1, href: '/portal2' })).errorCode).toBe(4041);
      expect((await call(tokens.menueditor, 'post', '/basic/resource', { parentId: dir.data.id, label: '另一个', type: 2, href: '/portal/customerList' })).errorCode).toBe(4041);
      expect((await call(tokens.menueditor, 'post', '/basic/resource', { parentId: page.data.id, label: '审核2', type: 3, actionCode: 'customerList:approve' })).errorCode).toBe(4041);
      expect((await call(tokens.menueditor, 'post', '/basic/resource', { parentId: dir.data.id, label: '车辆', type: 2, href: '/portal/carList' })).errorCode).toBe(4041);
      expect((await call(tokens.menueditor, 'put', `/basic/resource/${button.data.id}`, { label: '审核' })).errorCode).toBe(200);

      // Bad input: a button under a directory, a page under a button, a foreign button code, unknown parent, bad type/path.
      expect((await call(tokens.menueditor, 'post', '/basic/resource', { parentId: dir.data.id, label: 'x', type: 3, actionCode: 'customerList:x' })).errorCode).toBe(400);
      expect((await call(tokens.menueditor, 'post', '/basic/resource', { parentId: button.data.id, label: 'x', type: 2, href: '/portal/x' })).errorCode).toBe(400);
      expect((await call(tokens.menueditor, 'post', '/basic/resource', { parentId: page.data.id, label: 'x', type: 3, actionCode: 'carList:approve' })).errorCode).toBe(400);
      expect((await call(tokens.menueditor, 'post', '/basic/resource', { parentId: 99_999_999, label: 'x', type: 1, href: '/nowhere' })).errorCode).toBe(400);
      expect((await call(tokens.menueditor, 'post', '/basic/resource', { parentId: 2, label: 'x', type: 4, href: '/x' })).errorCode).toBe(400);
      expect((await call(tokens.menueditor, 'post', '/basic/resource', { parentId: 2, label: 'x', type: 1, href: 'no-slash' })).errorCode).toBe(400);
      expect((await call(tokens.menueditor, 'post', '/basic/resource', { parentId: 2, label: '', type: 1, href: '/empty' })).errorCode).toBe(400);

      const after = await tree(admin);
      expect(find(after, page.data.id)?.children.map((node) => node.actionCode)).toEqual(['customerList:approve']);
      expect(find(after, 101)?.actionCode).toBe('carList');
      ids.portal = dir.data.id;
      ids.customerList = page.data.id;
      ids.approve = button.data.id;
    });

    it('lets roles grant an added button, and the user tree shows it', async () => {
      const role = await call(admin, 'post', '/basic/role', { name: 'portal_user', companyId: ids.root, roleType: 3, actionCodes: ['customerList', 'customerList:approve'] });
      expect(role.errorCode).toBe(200);
      expect((await call(admin, 'post', '/basic/role', { name: 'bogus', companyId: ids.root, roleType: 3, actionCodes: ['customerList:nothing'] })).errorCode).toBe(400);
      await call(admin, 'post', '/basic/user', { account: 'portaluser', name: 'portal', password: 'Manage12345', userType: 1, companyId: ids.root, roleIds: [role.data.id] });
      const mine = (await call(await loginAs(test, 'portaluser', 'Manage12345'), 'get', '/basic/resource/getCurrentUserTree')).data as TreeNode[];
      expect(find(mine, ids.customerList)?.children.map((node) => node.actionCode)).toEqual(['customerList:approve']);
      expect(find(mine, 101)).toBeUndefined();
    });

    it('edits a seeded node without changing its code, and the seed sync keeps the edit and the deletion', async () => {
      // carList (101): label and sort change; type, path and code stay (the API checks that code).
      expect((await call(tokens.menueditor, 'put', '/basic/resource/101', { label: '车辆档案', sort: 3 })).data).toMatchObject({ id: 101, label: '车辆档案', actionCode: 'carList', origin: 1 });
      expect((await call(tokens.menueditor, 'put', '/basic/resource/101', { actionCode: 'cars' })).errorCode).toBe(400);
      expect((await call(tokens.menueditor, 'put', '/basic/resource/101', { href: '/index/cars' })).errorCode).toBe(400);
      // A seeded button (carList:import, 10105) goes away and stays away.
      expect((await call(tokens.menueditor, 'delete', '/basic/resource/10105')).data).toBe(true);
      await test.app.get(MenuService).syncSeed();
      const synced = await tree(admin);
      expect(find(synced, 101)).toMatchObject({ label: '车辆档案', origin: 1 });
      expect(find(synced, 101)?.children.map((node) => node.actionCode)).not.toContain('carList:import');
      expect(find(synced, 10104)?.actionCode).toBe('carList:search');
      expect((await call(tokens.menueditor, 'put', '/basic/resource/10105', { label: 'back' })).errorCode).toBe(403);
    });

    it('moves and renames an added page, refuses moving a node under itself, and deletes pages with their buttons', async () => {
      expect((await call(tokens.menueditor, 'put', `/basic/resource/${ids.customerList}`, { href: '/portal/clients' })).data).toMatchObject({ href: '/portal/clients', actionCode: 'clients' });
      expect((await call(tokens.menueditor, 'put', `/basic/resource/${ids.portal}`, { parentId: ids.portal })).errorCode).toBe(400);
      // A directory that still holds pages cannot go (409); a page goes with its buttons.
      expect((await call(tokens.menueditor, 'delete', `/basic/resource/${ids.portal}`)).errorCode).toBe(409);
      expect((await call(tokens.menueditor, 'delete', '/basic/resource/2')).errorCode).toBe(403);
      expect((await call(tokens.menueditor, 'delete', `/basic/resource/${ids.customerList}`)).data).toBe(true);
      const after = await tree(admin);
      expect(find(after, ids.customerList)).toBeUndefined();
      expect(find(after, ids.approve)).toBeUndefined();
      expect((await call(tokens.menueditor, 'delete', `/basic/resource/${ids.portal}`)).data).toBe(true);
    });

    it('needs the action codes, and only the platform owner edits the platform menu', async () => {
      expect((await call(tokens.menureader, 'post', '/basic/resource', { parentId: 2, label: '只读', type: 1, href: '/readonly' })).errorCode).toBe(403);
      expect((await call(tokens.menureader, 'put', '/basic/resource/101', { label: 'x' })).errorCode).toBe(403);
      expect((await call(tokens.menureader, 'delete', '/basic/resource/101')).errorCode).toBe(403);
      expect((await tree(tokens.menureader))[0].id).toBe(2);
      // Another company holding every newMune code still cannot change the platform's menu.
      expect((await call(tokens.tenantmenu, 'post', '/basic/resource', { parentId: 2, label: '租户', type: 1, href: '/tenant' })).errorCode).toBe(403);
      expect((await call(tokens.tenantmenu, 'put', '/basic/resource/101', { label: 'tenant' })).errorCode).toBe(403);
      expect((await call(tokens.tenantmenu, 'delete', '/basic/resource/101')).errorCode).toBe(403);
      expect((await test.http().post('/basic/resource').send({ parentId: 2, label: 'anon', type: 1, href: '/anon' })).status).toBe(401);
    });
  });

  describe('SIM cards', () => {
    it('edits number, operator, city and company in scope; 4000 on a taken number; a bound card keeps its number', async () => {
      const sim = await call(tokens.alphaops, 'post', '/basic/sim-card', { number: '13900000001', operator: 1, city: '北京' });
      const other = await call(tokens.alphaops, 'post', '/basic/sim-card', { number: '13900000002', operator: 2 });
      expect([sim.errorCode, other.errorCode]).toEqual([200, 200]);
      const edited = await call(tokens.alphaops, 'put', `/basic/sim-card/${sim.data.id}`, { number: '13900000003', operator: 3, city: '天津' });
      expect(edited.data).toMatchObject({ number: '13900000003', operator: 3, city: '天津', companyId: ids.alpha });
      expect((await call(tokens.alphaops, 'put', `/basic/sim-card/${sim.data.id}`, { city: null })).data.city).toBeNull();
      expect((await call(tokens.alphaops, 'put', `/basic/sim-card/${sim.data.id}`, { number: '13900000002' })).errorCode).toBe(4000);
      expect((await call(tokens.alphaops, 'put', `/basic/sim-card/${sim.data.id}`, { number: '1390000' })).errorCode).toBe(400);
      expect((await call(tokens.alphaops, 'put', `/basic/sim-card/${sim.data.id}`, { operator: 4 })).errorCode).toBe(400);
      // Moving it to a company outside the caller's scope is refused.
      expect((await call(tokens.alphaops, 'put', `/basic/sim-card/${sim.data.id}`, { companyId: ids.bravo })).errorCode).toBe(403);

      const terminal = await call(tokens.alphaops, 'post', '/basic/terminal', { terminalCode: 'SIM0001', terminalPhone: '13900000003' });
      expect((await call(admin, 'post', `/basic/sim-card/${sim.data.id}/bind`, { terminalId: terminal.data.id })).errorCode).toBe(200);
      expect((await call(tokens.alphaops, 'put', `/basic/sim-card/${sim.data.id}`, { number: '13900000009' })).errorCode).toBe(4231);
      expect((await call(tokens.alphaops, 'put', `/basic/sim-card/${sim.data.id}`, { operator: 1 })).data.operator).toBe(1);
      ids.alphaSim = sim.data.id;
    });

    it('needs simCare:modify, and another company’s card answers like a missing one', async () => {
      expect((await call(tokens.simreader, 'put', `/basic/sim-card/${ids.alphaSim}`, { operator: 2 })).errorCode).toBe(403);
      const bravoSim = await call(admin, 'post', '/basic/sim-card', { number: '13900000100', operator: 1, companyId: ids.bravo });
      const foreign = await call(tokens.alphaops, 'put', `/basic/sim-card/${bravoSim.data.id}`, { operator: 2 });
      const missing = await call(tokens.alphaops, 'put', '/basic/sim-card/99999999', { operator: 2 });
      expect([foreign.errorCode, foreign.data]).toEqual([missing.errorCode, missing.data]);
      expect(foreign.errorCode).toBe(403);
      expect((await call(admin, 'get', '/basic/sim-card?keyword=13900000100')).data.records[0].operator).toBe(1);
    });
  });

  describe('§3 fields', () => {
    it('keeps a vehicle’s registration state, use state, drive type and fuel type, and refuses unknown codes', async () => {
      const car = await call(tokens.alphaops, 'post', '/basic/vehicle', { plateCode: '京A66001', plateColor: 2, vehicleType: 1, registrationState: 1, useState: 1, driveType: 4, fuelType: 2 });
      expect(car.data).toMatchObject({ registrationState: 1, useState: 1, driveType: 4, fuelType: 2 });
      const edited = await call(tokens.alphaops, 'put', `/basic/vehicle/${car.data.id}`, { useState: 3, driveType: null });
      expect(edited.data).toMatchObject({ registrationState: 1, useState: 3, driveType: null });
      for (const bad of [{ registrationState: 9 }, { useState: 0 }, { driveType: 7 }, { fuelType: 42 }]) {
        expect([bad, (await call(tokens.alphaops, 'put', `/basic/vehicle/${car.data.id}`, bad)).errorCode]).toEqual([bad, 400]);
      }
      const bravoCar = await call(admin, 'post', '/basic/vehicle', { plateCode: '沪B66002', plateColor: 1, vehicleType: 1, companyId: ids.bravo });
      expect((await call(tokens.alphaops, 'put', `/basic/vehicle/${bravoCar.data.id}`, { useState: 2 })).errorCode).toBe(8002);
    });

    it('keeps a terminal’s hardware, firmware and CAN protocol versions, IP and port', async () => {
      const fields = { hardwareVersion: 'HW-1.2', firmwareVersion: 'FW_3.4.5', canProtocolVersion: 'J1939', ip: '10.1.2.3', port: 7611 };
      const terminal = await call(tokens.alphaops, 'post', '/basic/terminal', { terminalCode: 'FLD0001', terminalPhone: '13911110001', ...fields });
      expect(terminal.data).toMatchObject(fields);
      expect((await call(tokens.alphaops, 'put', `/basic/terminal/${terminal.data.id}`, { firmwareVersion: 'FW_3.5.0', ip: null })).data).toMatchObject({ firmwareVersion: 'FW_3.5.0', ip: null, port: 7611 });
      for (const bad of [{ ip: '300.1.1.1' }, { port: 0 }, { port: 65536 }, { hardwareVersion: 'v 1' }, { canProtocolVersion: 'x'.repeat(17) }]) {
        expect([bad, (await call(tokens.alphaops, 'put', `/basic/terminal/${terminal.data.id}`, bad)).errorCode]).toEqual([bad, 400]);
      }
      const bravoTerminal = await call(admin, 'post', '/basic/terminal', { terminalCode: 'FLD0002', terminalPhone: '13911110002', companyId: ids.bravo });
      expect((await call(tokens.alphaops, 'put', `/basic/terminal/${bravoTerminal.data.id}`, { port: 1 })).errorCode).toBe(403);
    });

    it('shows the address the gateway reports while the terminal is online, and keeps the typed one', async () => {
      const terminal = await call(tokens.alphaops, 'post', '/basic/terminal', { terminalCode: 'SES0001', terminalPhone: '13911119001', ip: '10.9.9.9', port: 9000 });
      const row = async () => ((await call(tokens.alphaops, 'get', '/basic/terminal?keyword=SES0001')).data.records as Record<string, unknown>[])[0];
      const session = (state: 'online' | 'offline', at: number, remoteAddress?: string) =>
        test.bus.publish(Topics.terminalSession, [{ key: '13911119001', value: { terminalPhone: '013911119001', state, gatewayId: 'g1', at, ...(remoteAddress ? { remoteAddress } : {}) } }]);
      const until = async (check: (r: Record<string, unknown>) => boolean) => {
        for (let i = 0; i < 100 && !check(await row()); i += 1) await new Promise((resolve) => setTimeout(resolve, 30));
        return row();
      };
      await session('online', 2_000, '::ffff:172.16.0.5:40001');
      expect(await until((r) => r.sessionOnline === 1)).toMatchObject({ sessionIp: '172.16.0.5', sessionPort: 40001, sessionOnline: 1, ip: '10.9.9.9', port: 9000 });
      // A late redelivery of an older event changes nothing; going offline keeps the last address.
      await session('offline', 1_000);
      await session('online', 1_500, '1.1.1.1:1');
      await session('offline', 3_000);
      expect(await until((r) => r.sessionOnline === 0)).toMatchObject({ sessionIp: '172.16.0.5', sessionPort: 40001, sessionOnline: 0 });
      expect(terminal.errorCode).toBe(200);
    });

    it('keeps a user’s birth date, address, zip code, fax and ID card, checked', async () => {
      const fields = { birthDate: '1985-06-15', address: '北京市朝阳区', postalCode: '100020', fax: '010-12345678', idCard: '11010519491231002X' };
      const user = await call(tokens.alphaops, 'post', '/basic/user', { account: 'fielduser', name: 'field', password: 'Manage12345', userType: 1, ...fields });
      expect(user.data).toMatchObject(fields);
      expect((await call(tokens.alphaops, 'put', `/basic/user/${user.data.id}`, { postalCode: '010000' })).data.postalCode).toBe('010000');
      for (const bad of [{ birthDate: '2999-01-01' }, { birthDate: '1985-02-30' }, { postalCode: '1000' }, { fax: '12345678' }, { idCard: '110105194912310021' }]) {
        expect([bad, (await call(tokens.alphaops, 'put', `/basic/user/${user.data.id}`, bad)).errorCode]).toEqual([bad, 400]);
      }
      expect((await call(admin, 'get', `/basic/user/${user.data.id}`)).data).toMatchObject({ birthDate: '1985-06-15', idCard: '11010519491231002X' });
    });

    it('imports and exports the new vehicle and terminal columns (old templates still import)', async () => {
      const upload = (resource: string, rows: unknown[][]) =>
        sheet(rows).then((file) => test.http().post(`/basic/${resource}/import`).set('Authorization', tokens.alphaops).attach('file', file, `${resource}.xlsx`).then((r) => r.body as Body));
      const download = async (resource: string) => {
        const response = await test.http().get(`/basic/${resource}/export`).set('Authorization', tokens.alphaops).buffer(true).parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(response.body as unknown as ArrayBuffer);
        const rows = workbook.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
        const header = rows[0].slice(1) as string[];
        return rows.slice(1).map((row) => Object.fromEntries(header.map((name, index) => [name, row[index + 1]])));
      };
      const vehicleHeader = ['车牌号', '车牌颜色', '车辆类型', '登记状态', '使用状态', '驱动形式', '燃料类型'];
      const bad = await upload('vehicle', [vehicleHeader, ['京A77001', 2, 1, 1, 1, 4, 2], ['京A77002', 2, 1, 8, 1, 4, 2]]);
      expect(bad).toMatchObject({ flag: false, errorCode: 5005 });
      expect((await upload('vehicle', [vehicleHeader, ['京A77001', 2, 1, 1, 1, 4, 2], ['京A77002', 2, 1, 3, 2, 5, 5]])).data).toEqual({ imported: 2, bound: 0 });
      expect((await upload('vehicle', [['车牌号', '车牌颜色', '车辆类型'], ['京A77003', 2, 1]])).data).toEqual({ imported: 1, bound: 0 });
      const vehicles = await download('vehicle');
      expect(vehicles.find((row) => row['车牌号'] === '京A77002')).toMatchObject({ 登记状态: 3, 使用状态: 2, 驱动形式: 5, 燃料类型: 5 });
      expect(vehicles.map((row) => row['车牌号'])).not.toContain('沪B66002');

      const terminalHeader = ['终端编号', 'SIM卡号', '硬件版本', '固件版本', 'CAN协议版本', 'IP地址', '端口'];
      expect((await upload('terminal', [terminalHeader, ['XLS0001', '13922220001', 'HW2', 'FW9.1', 'J1939', '192.168.1.10', 70000]])).errorCode).toBe(5005);
      expect((await upload('terminal', [terminalHeader, ['XLS0001', '13922220001', 'HW2', 'FW9.1', 'J1939', '192.168.1.10', 7000]])).data).toEqual({ imported: 1 });
      expect((await download('terminal')).find((row) => row['终端编号'] === 'XLS0001')).toMatchObject({ 硬件版本: 'HW2', 固件版本: 'FW9.1', CAN协议版本: 'J1939', IP地址: '192.168.1.10', 端口: 7000 });
      expect((await test.http().get('/basic/terminal/export').set('Authorization', tokens.simreader)).body.errorCode).toBe(403);
    });

    it('creates a company with its administrator in one transaction, with the legal person’s ID, fax and zip code', async () => {
      const company = await call(tokens.alphaops, 'post', '/basic/company', {
        name: 'Alpha Depot',
        legalPerson: '张三',
        legalPersonIdCard: '11010519491231002X',
        fax: '010-87654321',
        postalCode: '100000',
        adminAccount: 'depotadmin',
        adminName: 'Depot Admin',
        adminPassword: 'Depot12345',
      });
      expect(company.data).toMatchObject({ name: 'Alpha Depot', parentId: ids.alpha, legalPersonIdCard: '11010519491231002X', fax: '010-87654321', postalCode: '100000' });
      expect(company.data.adminUserId).toEqual(expect.any(Number));
      const depotAdmin = await loginAs(test, 'depotadmin', 'Depot12345');
      const me = (await call(depotAdmin, 'get', '/basic/user/getCurrentUserInfo')).data;
      expect(me).toMatchObject({ companyId: company.data.id, userType: 3 });
      // Its role holds no more than its creator: alpha_ops has no roleManage code, so neither does it.
      const codes = ((await call(depotAdmin, 'get', '/basic/resource/getCurrentUserTree')).data as TreeNode[])[0].children.flatMap((g) => g.children).map((p) => p.actionCode);
      expect(codes).toContain('simCare');
      expect(codes).not.toContain('roleManage');

      // A taken account (4003) or a missing/weak password leaves no company behind.
      expect((await call(tokens.alphaops, 'post', '/basic/company', { name: 'Alpha Yard', adminAccount: 'depotadmin', adminPassword: 'Depot12345' })).errorCode).toBe(4003);
      expect((await call(tokens.alphaops, 'post', '/basic/company', { name: 'Alpha Yard', adminAccount: 'yardadmin' })).errorCode).toBe(3200);
      expect((await call(tokens.alphaops, 'post', '/basic/company', { name: 'Alpha Yard', adminAccount: 'yardadmin', adminPassword: '12345678' })).flag).toBe(false);
      expect((await call(tokens.alphaops, 'post', '/basic/company', { name: 'Alpha Yard', adminPassword: 'Depot12345' })).errorCode).toBe(400);
      expect((await call(tokens.alphaops, 'post', '/basic/company', { name: 'Alpha Yard', fax: '87654321' })).errorCode).toBe(400);
      expect((await call(tokens.alphaops, 'post', '/basic/company', { name: 'Alpha Yard', legalPersonIdCard: '123' })).errorCode).toBe(400);
      const names = ((await call(admin, 'get', '/basic/company')).data as { name: string }[]).map((c) => c.name);
      expect(names).not.toContain('Alpha Yard');
      ids.depot = company.data.id;
    });

    it('stores a company logo checked by its bytes and size, within the caller’s scope', async () => {
      const upload = (who: string, id: number, bytes: Buffer, name = 'logo.png') =>
        test.http().post(`/basic/company/${id}/logo`).set('Authorization', who).attach('logo', bytes, name).then((r) => r.body as Body);
      expect((await upload(tokens.alphaops, ids.depot, PNG)).data).toEqual({ id: ids.depot, hasLogo: true });
      const shown = await test.http().get(`/basic/company/${ids.depot}/logo`).set('Authorization', tokens.alphaops).buffer(true).parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
      expect(shown.status).toBe(200);
      expect(shown.headers['content-type']).toContain('image/png');
      expect(Buffer.compare(shown.body as Buffer, PNG)).toBe(0);
      expect((await upload(tokens.alphaops, ids.depot, JPEG, 'logo.png')).flag).toBe(true);
      // A GIF named .png, text, or more than 2 MB are refused.
      expect((await upload(tokens.alphaops, ids.depot, GIF, 'logo.png')).errorCode).toBe(20004);
      expect((await upload(tokens.alphaops, ids.depot, Buffer.from('not an image'), 'logo.jpg')).errorCode).toBe(20004);
      expect((await upload(tokens.alphaops, ids.depot, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]))).errorCode).toBe(20005);
      // Scope: another company's logo answers like a missing company; own company and reader roles are refused.
      const bravoUpload = await upload(tokens.alphaops, ids.bravo, PNG);
      expect(bravoUpload.errorCode).toBe(403);
      expect((await upload(tokens.alphaops, ids.alpha, PNG)).errorCode).toBe(403);
      expect((await upload(tokens.simreader, ids.depot, PNG)).errorCode).toBe(403);
      expect((await call(tokens.alphaops, 'get', `/basic/company/${ids.bravo}/logo`)).errorCode).toBe(403);
      expect((await call(tokens.alphaops, 'delete', `/basic/company/${ids.depot}/logo`)).data).toBe(true);
      expect((await call(tokens.alphaops, 'get', `/basic/company/${ids.depot}/logo`)).errorCode).toBe(404);
    });
  });
});

async function sheet(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet('sheet');
  rows.forEach((row) => worksheet.addRow(row));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
