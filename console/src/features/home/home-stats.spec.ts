import { chartPairs, countByRegion, countByType, treeVehicles } from './home-stats';
import type { VehicleTreeNode } from '../monitor/vehicle-tree';

const v = (id: number, plateCode: string, vehicleType: number | null): VehicleTreeNode => ({ key: `v${id}`, id, name: plateCode, type: 'vehicle', plateCode, vehicleType });
const tree: VehicleTreeNode[] = [
  { key: 'c1', id: 1, name: 'A', type: 'company', children: [{ key: 'f1', id: 1, name: 'F', type: 'fleet', children: [v(1, '京A1', 1), v(2, '京B2', 3)] }, v(3, '粤C3', 1)] },
  { key: 'c2', id: 2, name: 'B', type: 'company', children: [v(4, 'TEST-4', null)] },
];

describe('home distributions', () => {
  const vehicles = treeVehicles(tree);

  it('collects every vehicle leaf of the tree', () => {
    expect(vehicles.map((vehicle) => vehicle.id)).toEqual([1, 2, 3, 4]);
  });

  it('counts by type, untyped vehicles separately', () => {
    expect([...countByType(vehicles)]).toEqual([[1, 2], [3, 1], [null, 1]]);
  });

  it('counts by the province of the plate', () => {
    expect(Object.fromEntries(countByRegion(vehicles))).toEqual({ 京: 2, 粤: 1, null: 1 });
  });

  it('sorts chart pairs biggest first with labels', () => {
    expect(chartPairs(countByType(vehicles), (key) => (key === null ? '-' : `T${key}`))).toEqual([['T1', 2], ['T3', 1], ['-', 1]]);
  });
});
