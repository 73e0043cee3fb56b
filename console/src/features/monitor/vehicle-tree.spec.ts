import { checkAllAllowed, flattenVehicleTree, withUnboundTerminals, rowCounts, visibleRange, visibleRows, type VehicleTreeNode } from './vehicle-tree';

const vehicle = (id: number, plate: string, extra: Partial<VehicleTreeNode> = {}): VehicleTreeNode => ({ key: `v${id}`, id, name: plate, type: 'vehicle', plateCode: plate, ...extra });
const tree: VehicleTreeNode[] = [
  {
    key: 'c1', id: 1, name: 'Acme', type: 'company',
    children: [
      { key: 'f1', id: 1, name: 'North', type: 'fleet', children: [vehicle(1, '京A00001', { vin: 'LVIN000000000001' }), vehicle(2, '京A00002')] },
      vehicle(3, '沪B00003'),
    ],
  },
  { key: 'c2', id: 2, name: 'Other', type: 'company', children: [vehicle(4, '粤C00004')] },
];

describe('vehicle tree', () => {
  const rows = flattenVehicleTree(tree, (id) => (id === '2' ? ['13800000002'] : []));

  it('flattens depth-first with subtree ends and the vehicles under each row', () => {
    expect(rows.map((row) => row.key)).toEqual(['c1', 'f1', 'v1', 'v2', 'v3', 'c2', 'v4']);
    expect(rows[0]!.end).toBe(5);
    expect(rows[0]!.vehicleIds).toEqual(['1', '2', '3']);
    expect(rows[1]!.parent).toBe(0);
    expect(rows[6]!.depth).toBe(1);
  });

  it('shows roots only when nothing is expanded and whole subtrees when expanded', () => {
    expect(visibleRows(rows, new Set(), '')).toEqual([0, 5]);
    expect(visibleRows(rows, new Set(['c1']), '')).toEqual([0, 1, 4, 5]);
    expect(visibleRows(rows, new Set(['c1', 'f1', 'c2']), '')).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('searches plate, VIN and terminal phone, keeping the ancestors of each match', () => {
    expect(visibleRows(rows, new Set(), 'a00002')).toEqual([0, 1, 3]);
    expect(visibleRows(rows, new Set(), 'lvin')).toEqual([0, 1, 2]);
    expect(visibleRows(rows, new Set(), '13800000002')).toEqual([0, 1, 3]);
    expect(visibleRows(rows, new Set(), '粤')).toEqual([5, 6]);
    expect(visibleRows(rows, new Set(), 'acme')).toEqual([]);
  });

  it('counts online and total vehicles per row', () => {
    expect(rowCounts(rows[0]!, (id) => id !== '2')).toEqual({ online: 2, total: 3 });
    expect(rowCounts(rows[6]!, () => false)).toEqual({ online: 0, total: 1 });
  });

  it('refuses check-all above the limit but always allows one vehicle', () => {
    expect(checkAllAllowed(rows[0]!, 2)).toBe(false);
    expect(checkAllAllowed(rows[0]!, 3)).toBe(true);
    expect(checkAllAllowed(rows[2]!, 0)).toBe(true);
  });

  it('searches ten thousand vehicles well under the 100 ms budget', () => {
    const big: VehicleTreeNode[] = [{ key: 'c', id: 1, name: 'Big', type: 'company', children: Array.from({ length: 100 }, (_, f) => ({ key: `f${f}`, id: f, name: `F${f}`, type: 'fleet', children: Array.from({ length: 100 }, (_, v) => vehicle(f * 100 + v, `京A${String(f * 100 + v).padStart(5, '0')}`)) })) }];
    const flat = flattenVehicleTree(big);
    const started = performance.now();
    const found = visibleRows(flat, new Set(), 'a09999');
    expect(performance.now() - started).toBeLessThan(100);
    expect(found.map((index) => flat[index]!.key)).toEqual(['c', 'f99', 'v9999']);
  });
});

describe('visibleRange', () => {
  it('covers the viewport plus overscan, clamped to the list', () => {
    expect(visibleRange(0, 300, 30, 1000, 5)).toEqual({ start: 0, end: 15 });
    expect(visibleRange(3000, 300, 30, 1000, 5)).toEqual({ start: 95, end: 115 });
    expect(visibleRange(1e9, 300, 30, 1000, 5)).toEqual({ start: 994, end: 1000 });
    expect(visibleRange(0, 300, 30, 0)).toEqual({ start: 0, end: 0 });
  });
});

describe('withUnboundTerminals', () => {
  it('adds terminals without a vehicle as their own group and leaves known vehicles alone', () => {
    const roots = withUnboundTerminals(tree, [{ vehicleId: '1', terminalPhone: '1', plateCode: '京A00001' }, { vehicleId: '013800000001', terminalPhone: '013800000001', plateCode: '' }], 'Unbound');
    expect(roots).toHaveLength(3);
    expect(roots[2]).toMatchObject({ key: 'unbound', name: 'Unbound', children: [{ key: 't013800000001', id: '013800000001', name: '013800000001' }] });
    expect(withUnboundTerminals(tree, [], 'Unbound')).toHaveLength(2);
  });
});
