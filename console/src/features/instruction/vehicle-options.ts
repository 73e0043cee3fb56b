import type { VehicleTreeNode } from '../monitor/vehicle-tree';

/** Every vehicle of the tree as a select option (id, plate), in tree order. */
export function vehicleOptions(roots: readonly VehicleTreeNode[]): { id: string; plate: string }[] {
  const out: { id: string; plate: string }[] = [];
  const visit = (node: VehicleTreeNode) => {
    if (node.type === 'vehicle') out.push({ id: String(node.id), plate: node.plateCode ?? node.name });
    node.children?.forEach(visit);
  };
  roots.forEach(visit);
  return out;
}
