import { ACTIONS, MENU_GROUPS, MENU_ROOT_ID, allActionCodes, menuSeedRows } from './menu-seed';
import { MenuNodeType } from './menu.entity';

describe('menu seed', () => {
  const rows = menuSeedRows();

  it('has unique ids under the top-level node 2', () => {
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(MENU_ROOT_ID)?.parentId).toBeNull();
    for (const row of rows) if (row.id !== MENU_ROOT_ID) expect(byId.has(row.parentId as number)).toBe(true);
  });

  it('covers every route group and the spec screen names', () => {
    const hrefs = new Set(rows.map((row) => row.href));
    for (const group of ['index', 'monitor', 'battery', 'recovery', 'retirement', 'veclCertifica']) expect(hrefs.has(`/${group}`)).toBe(true);
    for (const screen of ['/index/carList', '/index/simCare', '/monitor/multiCar', '/monitor/bigDataShow', '/battery/batteryPackInformation',
      '/recovery/batteryRetirementInfo', '/retirement/batteryFactoryRetirementInfo', '/veclCertifica/veclCertificaRealTimeLog', '/monitor/alarmConfigNew']) {
      expect(hrefs.has(screen)).toBe(true);
    }
    expect(MENU_GROUPS[0].pages).toHaveLength(32);
    // Appended pages keep the ids of everything before them.
    expect(rows.find((row) => row.href === '/index/serverStorage')?.id).toBe(129);
    expect(rows.find((row) => row.href === '/index/fuelTank')?.id).toBe(131);
    expect(allActionCodes()).toEqual(expect.arrayContaining(['fuelTank:calibrate', 'carFactory:add', 'appVersion:modify', 'systemLog:search']));
  });

  it('gives buttons `<screen>:<action>` codes with stable ids (page id * 100 + action position)', () => {
    const carList = rows.find((row) => row.href === '/index/carList');
    const bind = rows.find((row) => row.actionCode === 'carList:bind');
    expect(bind).toMatchObject({ parentId: carList?.id, nodeType: MenuNodeType.BUTTON, id: (carList?.id ?? 0) * 100 + ACTIONS.indexOf('bind') + 1 });
    expect(allActionCodes()).toEqual(expect.arrayContaining(['userManage:resetPassword', 'terminalM:calibrate', 'otaUpdata:upload', 'fenceSend:send', 'carList']));
    for (const code of allActionCodes()) expect(code).toMatch(/^[A-Za-z][A-Za-z0-9]*(:[A-Za-z]+)?$/);
  });
});

describe('menu order', () => {
  const rows = menuSeedRows();
  const childrenOf = (parentId: number) => rows.filter((row) => row.parentId === parentId).sort((a, b) => a.sort - b.sort || a.id - b.id);

  it('puts monitoring first and basic management last', () => {
    const groups = childrenOf(2).map((row) => row.href);
    expect(groups[0]).toBe('/monitor');
    expect(groups.at(-1)).toBe('/index');
  });

  it('opens the monitoring group with home, then the live map screens, and keeps every page', () => {
    const monitor = rows.find((row) => row.href === '/monitor')!;
    const pages = childrenOf(monitor.id).map((row) => row.actionCode);
    expect(pages.slice(0, 4)).toEqual(['home', 'multiCar', 'singleCar', 'historyTrack']);
    expect(new Set(pages).size).toBe(pages.length);
    const basic = rows.find((row) => row.href === '/index')!;
    expect(childrenOf(basic.id)[0].actionCode).toBe('newCompany');
  });
});
