import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@openfleet/auth';
import { OrganisationTreeService } from '../company/organisation-tree.service';
import { companyKey, fleetKey, linkTree, type TreeNode } from '../common/tree';
import { VehicleService } from './vehicle.service';

/**
 * `findVehicleTreeInfoList`: company -> fleet -> vehicle with totals per node. vehicleStatus and the
 * online counts are 0 until the tracking service feeds live state (placeholder by design).
 */
@Injectable()
export class VehicleTreeService {
  constructor(
    private readonly organisation: OrganisationTreeService,
    private readonly vehicles: VehicleService,
  ) {}

  async tree(user: AuthUser, keyword?: string): Promise<TreeNode[]> {
    const query = this.vehicles
      .scoped(user)
      .select(['vehicle.id', 'vehicle.plateCode', 'vehicle.plateColor', 'vehicle.companyId', 'vehicle.fleetId', 'vehicle.terminalId', 'vehicle.vehicleType'])
      .orderBy('vehicle.plateCode', 'ASC');
    if (keyword) query.andWhere('vehicle.plateCode LIKE :kw', { kw: `%${keyword}%` });
    const vehicles = await query.getMany();
    const leaves: TreeNode[] = vehicles.map((vehicle) => ({
      key: `v${vehicle.id}`,
      id: vehicle.id,
      name: vehicle.plateCode,
      type: 'vehicle',
      parentKey: vehicle.fleetId ? fleetKey(vehicle.fleetId) : companyKey(vehicle.companyId),
      plateCode: vehicle.plateCode,
      plateColor: vehicle.plateColor,
      vehicleType: vehicle.vehicleType,
      hasTerminal: vehicle.terminalId !== null,
      vehicleStatus: 0,
      children: [],
    }));
    const roots = linkTree([...(await this.organisation.companyNodes(user)), ...(await this.organisation.fleetNodes(user)), ...leaves]);
    roots.forEach(count);
    return roots;
  }
}

function count(node: TreeNode): number {
  if (node.type === 'vehicle') return 1;
  const total = node.children.reduce((sum, child) => sum + count(child), 0);
  node.total = total;
  node.online = 0;
  return total;
}
