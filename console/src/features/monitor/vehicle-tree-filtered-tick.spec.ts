import { checkAllAllowed, flattenVehicleTree, tickedVehicleIds, visibleRows, type VehicleTreeNode } from './vehicle-tree';

// Issue 28: searching the tree, then ticking a company, checked every vehicle of the company.
const vehicle = (id: number, plate: string): VehicleTreeNode => ({ key: `v${id}`, id, name: plate, type: 'vehicle', plateCode: plate });
const tree: VehicleTreeNode[] = [
  {
    key: 'c1', id: 1, name: 'Acme', type: 'company',
    children: [
      { key: 'f1', id: 1, name: 'North', type: 'fleet', children: [vehicle(1, '京A00001'), vehicle(2, '京A00002'), vehicle(3, '沪B00003')] },
      { key: 'f2', id: 2, name: 'South', type: 'fleet', children: [vehicle(4, '京A00004'), vehicle(5, '粤C00005')] },
      vehicle(6, '沪B00006'),
    ],
  },
];

describe('ticking a node while the tree is searched', () => {
  const rows = flattenVehicleTree(tree);
  const company = rows.findIndex((row) => row.key === 'c1');
  const north = rows.findIndex((row) => row.key === 'f1');

  it('without a search a company tick checks every vehicle under it', () => {
    expect(tickedVehicleIds(rows, company, '')).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(tickedVehicleIds(rows, company, '   ')).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('with a search it checks only the matching (visible) vehicles, across fleets', () => {
    expect(tickedVehicleIds(rows, company, '京a')).toEqual(['1', '2', '4']);
    expect(tickedVehicleIds(rows, north, '京A')).toEqual(['1', '2']);
    expect(tickedVehicleIds(rows, company, '沪')).toEqual(['3', '6']);
    expect(tickedVehicleIds(rows, company, 'nothing')).toEqual([]);
  });

  it('ticks exactly the vehicle rows the search shows under the node', () => {
    const query = 'b0000';
    const shownVehicles = visibleRows(rows, new Set(), query).map((index) => rows[index]!.vehicleId).filter((id): id is string => id !== null);
    expect(tickedVehicleIds(rows, company, query)).toEqual(shownVehicles);
  });

  it('a vehicle row ticks itself; a missing row ticks nothing', () => {
    const six = rows.findIndex((row) => row.key === 'v6');
    expect(tickedVehicleIds(rows, six, '')).toEqual(['6']);
    expect(tickedVehicleIds(rows, 99, '')).toEqual([]);
  });

  it('the check-all limit counts the filtered vehicles, not the whole company', () => {
    expect(checkAllAllowed(rows[company]!, 3)).toBe(false);
    expect(checkAllAllowed(rows[company]!, 3, tickedVehicleIds(rows, company, '京A'))).toBe(true);
    expect(checkAllAllowed(rows[company]!, 2, tickedVehicleIds(rows, company, '京A'))).toBe(false);
  });
});
