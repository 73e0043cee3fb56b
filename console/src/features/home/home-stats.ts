import type { VehicleTreeNode } from '../monitor/vehicle-tree';

/** Vehicles of the tree, depth first. */
export function treeVehicles(roots: readonly VehicleTreeNode[]): VehicleTreeNode[] {
  const found: VehicleTreeNode[] = [];
  const visit = (node: VehicleTreeNode) => {
    if (node.type === 'vehicle') found.push(node);
    node.children?.forEach(visit);
  };
  roots.forEach(visit);
  return found;
}

/** Counts by vehicle type code; vehicles without a type count under null. */
export function countByType(vehicles: readonly VehicleTreeNode[]): Map<number | null, number> {
  const counts = new Map<number | null, number>();
  for (const vehicle of vehicles) {
    const type = typeof vehicle.vehicleType === 'number' ? vehicle.vehicleType : null;
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  return counts;
}

/**
 * Counts by region of registration: the province abbreviation that starts a Chinese plate (京, 沪, 粤 ...).
 * Plates that do not start with a Chinese character count under null.
 */
export function countByRegion(vehicles: readonly VehicleTreeNode[]): Map<string | null, number> {
  const counts = new Map<string | null, number>();
  for (const vehicle of vehicles) {
    const first = (vehicle.plateCode ?? vehicle.name ?? '').trim().charAt(0);
    const region = /\p{Script=Han}/u.test(first) ? first : null;
    counts.set(region, (counts.get(region) ?? 0) + 1);
  }
  return counts;
}

/** Sorted [label, count] pairs for a chart, biggest first. */
export function chartPairs<K>(counts: Map<K, number>, label: (key: K) => string): [string, number][] {
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([key, count]) => [label(key), count]);
}
