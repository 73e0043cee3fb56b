import type { MenuNode } from '../access/menu-tree';
import { checkState, codesUnder, toggleNode } from './permission-tree';

const button = (code: string): MenuNode => ({ id: code, label: code, actionCode: code });
const carList: MenuNode = { id: 101, label: 'carList', href: '/index/carList', actionCode: 'carList', children: [button('carList:add'), button('carList:delete')] };
const simCare: MenuNode = { id: 102, label: 'simCare', href: '/index/simCare', actionCode: 'simCare', children: [button('simCare:add')] };
const group: MenuNode = { id: 10, label: 'index', href: '/index', actionCode: '', children: [carList, simCare] };
const roots = [group];

describe('role permission tree', () => {
  it('collects the codes of a subtree', () => {
    expect(codesUnder(group)).toEqual(['carList', 'carList:add', 'carList:delete', 'simCare', 'simCare:add']);
  });

  it('ticks and clears whole subtrees', () => {
    const all = toggleNode(group, new Set(), true, roots);
    expect(checkState(group, all)).toBe('checked');
    const withoutSim = toggleNode(simCare, all, false, roots);
    expect(checkState(group, withoutSim)).toBe('partial');
    expect(checkState(simCare, withoutSim)).toBe('none');
  });

  it('keeps the page code while one of its buttons is granted', () => {
    const one = toggleNode(carList.children![0]!, new Set(), true, roots);
    expect([...one].sort()).toEqual(['carList', 'carList:add']);
    expect(checkState(carList, one)).toBe('partial');
  });
});
