import { hasPower, menuRoot, normalisePath, pagesOf, visibleMenu, type MenuNode } from './menu-tree';

export const sampleTree: MenuNode[] = [
  { id: 1, label: 'Other root', children: [{ id: 11, label: 'Hidden', href: '/index/hidden' }] },
  {
    id: 2,
    label: 'Console',
    children: [
      {
        id: 20,
        label: 'Basic data',
        href: '',
        children: [
          {
            id: 21,
            label: 'SIM cards',
            href: '/index/simCare',
            icon: 'mobile-phone',
            children: [
              { id: 211, label: 'Add', actionCode: 'simCare:add' },
              { id: 212, label: 'Delete', actionCode: 'simCare:delete' },
            ],
          },
          {
            id: 22,
            label: 'Vehicles',
            href: 'index/carList/',
            children: [{ id: 221, label: 'Add', actionCode: 'carList:add' }],
          },
          { id: 23, label: 'Mystery', href: '/index/notAScreen' },
        ],
      },
    ],
  },
];

describe('menu tree', () => {
  it('takes the menu from the top-level node id 2', () => {
    expect(menuRoot(sampleTree)?.label).toBe('Console');
    expect(menuRoot([{ id: 1, label: 'x' }])).toBeNull();
  });

  it('derives pages with their power lists from button leaves', () => {
    const pages = pagesOf(menuRoot(sampleTree));
    expect(pages.map((page) => page.path)).toEqual(['/index/simCare', '/index/carList', '/index/notAScreen']);
    expect(pages[0]).toMatchObject({ screen: 'simCare', power: ['simCare:add', 'simCare:delete'] });
    expect(pages[1]).toMatchObject({ screen: 'carList', power: ['carList:add'] });
    expect(pages[2]?.power).toEqual([]);
  });

  it('hides button leaves from the visible menu', () => {
    const menu = visibleMenu(menuRoot(sampleTree));
    const sims = menu[0]?.children?.[0];
    expect(sims?.label).toBe('SIM cards');
    expect(sims?.children).toEqual([]);
  });

  it('normalises hrefs', () => {
    expect(normalisePath('index/carList/')).toBe('/index/carList');
    expect(normalisePath('/a?b=1')).toBe('/a');
    expect(normalisePath('/')).toBe('/');
  });

  it('reads the admin API shape: typed directories with hrefs, pages with page codes', () => {
    const button = (id: number, code: string): MenuNode => ({ id, label: code, href: '', actionCode: code, type: 3 });
    const root: MenuNode = {
      id: 2,
      label: 'root',
      href: '',
      type: 1,
      children: [
        {
          id: 10,
          label: 'group',
          href: '/index',
          actionCode: '',
          type: 1,
          children: [
            { id: 101, label: 'carList', href: '/index/carList', actionCode: 'carList', type: 2, children: [button(10101, 'carList:add')] },
          ],
        },
      ],
    };
    expect(pagesOf(root)).toEqual([
      { id: '101', path: '/index/carList', label: 'carList', screen: 'carList', power: ['carList:add'], noCache: false },
    ]);
    expect(visibleMenu(root)[0]?.children?.map((page) => page.id)).toEqual([101]);
  });

  it('checks action codes', () => {
    expect(hasPower(['carList:add'], 'carList:add')).toBe(true);
    expect(hasPower(['carList:add'], 'carList:delete')).toBe(false);
  });
});

describe('visibleMenu with built screens only', () => {
  it('hides pages without a screen and groups left empty, keeping the order', () => {
    const root: MenuNode = {
      id: 2,
      label: 'Console',
      children: [
        { id: 30, label: 'Monitoring', href: '/monitor', type: 1, children: [
          { id: 31, label: 'Home', href: '/monitor/home', type: 2, children: [] },
          { id: 32, label: 'Alarms', href: '/monitor/alarmHandle', type: 2, children: [{ id: 321, label: 'Search', actionCode: 'alarmHandle:search', type: 3 }] },
          { id: 33, label: 'Map', href: '/monitor/multiCar', type: 2, children: [] },
        ] },
        { id: 40, label: 'Battery', href: '/battery', type: 1, children: [{ id: 41, label: 'Packs', href: '/battery/batteryPackInformation', type: 2, children: [] }] },
      ],
    };
    const built = new Set(['home', 'multiCar']);
    const menu = visibleMenu(root, (screen) => built.has(screen));
    expect(menu.map((group) => group.label)).toEqual(['Monitoring']);
    expect(menu[0].children?.map((page) => page.href)).toEqual(['/monitor/home', '/monitor/multiCar']);
    // Without the predicate every page stays (the permission tree of role editing uses the full tree).
    expect(visibleMenu(root)[0].children).toHaveLength(3);
  });
});
