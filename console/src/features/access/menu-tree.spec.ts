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

  it('checks action codes', () => {
    expect(hasPower(['carList:add'], 'carList:add')).toBe(true);
    expect(hasPower(['carList:add'], 'carList:delete')).toBe(false);
  });
});
