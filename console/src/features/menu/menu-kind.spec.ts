import { menuKind } from './menu-kind';

describe('menu node kinds', () => {
  it('names directories, pages and buttons from the API type, or the shape of older trees', () => {
    expect(menuKind({ id: 1, label: '监控中心', href: '/monitor', type: 1 })).toBe('directory');
    expect(menuKind({ id: 2, label: 'carList', href: '/index/carList', actionCode: 'carList', type: 2 })).toBe('page');
    expect(menuKind({ id: 3, label: 'add', actionCode: 'carList:add', type: 3 })).toBe('button');
    expect(menuKind({ id: 4, label: 'g', href: '/index', children: [{ id: 5, label: 'p', href: '/index/p', actionCode: 'p' }] })).toBe('directory');
    expect(menuKind({ id: 6, label: 'add', actionCode: 'p:add' })).toBe('button');
  });
});
