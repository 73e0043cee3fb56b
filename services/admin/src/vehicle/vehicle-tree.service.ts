import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@openfleet/auth';
import { OrganisationTreeService } from '../company/organisation-tree.service';
import { companyKey, fleetKey, linkTree, type TreeNode } from '../common/tree';
import { VehicleRegistry } from '@openfleet/auth';
import { VehicleService } from './vehicle.service';

/**
 * `findVehicleTreeInfoList`: company -> fleet -> vehicle with totals and online counts per node.
 * Online state and display status come from the tracking service's vehicle-state topic, of the
 * vehicle's position source (its 808 terminal or its VIN link, `stateByVehicleId`); a vehicle
 * tracking has not seen yet is offline.
 */
@Injectable()
export class VehicleTreeService {
  constructor(
    private readonly organisation: OrganisationTreeService,
    private readonly vehicles: VehicleService,
    private readonly liveStatus: VehicleRegistry,
  ) {}

  async tree(user: AuthUser, keyword?: string): Promise<TreeNode[]> {
    const query = this.vehicles
      .scoped(user)
      .select([
        'vehicle.id',
        'vehicle.plateCode',
        'vehicle.plateColor',
        'vehicle.companyId',
        'vehicle.fleetId',
        'vehicle.terminalId',
        'vehicle.vehicleType',
      ])
      .orderBy('vehicle.plateCode', 'ASC');
    if (keyword) query.andWhere('vehicle.plateCode LIKE :kw', { kw: `%${keyword}%` });
    const vehicles = await query.getMany();
    const leaves: TreeNode[] = vehicles.map((vehicle) => {
      // A vehicle without a terminal may still report over GB/T 32960 or HJ 1239 (its VIN link);
      // the state of a terminal it no longer has is not its own.
      const live = this.liveStatus.stateByVehicleId(String(vehicle.id), { terminal: vehicle.terminalId !== null });
      return {
        key: `v${vehicle.id}`,
        id: vehicle.id,
        name: vehicle.plateCode,
        type: 'vehicle',
        parentKey: vehicle.fleetId ? fleetKey(vehicle.fleetId) : companyKey(vehicle.companyId),
        plateCode: vehicle.plateCode,
        plateColor: vehicle.plateColor,
        vehicleType: vehicle.vehicleType,
        hasTerminal: vehicle.terminalId !== null,
        vehicleStatus: live?.vehicleStatus ?? 0,
        locateStatus: live?.locateStatus,
        displayStatus: live?.displayStatus,
        children: [],
      };
    });
    const fleets = await this.organisation.fleetNodes(user);
    const fleetKeys = new Set(fleets.map((fleet) => fleet.key));
    // A singly granted vehicle (vgPower) of a fleet the user is not granted hangs under its company.
    for (const [index, leaf] of leaves.entries()) if (!fleetKeys.has(leaf.parentKey ?? '')) leaf.parentKey = companyKey(vehicles[index]!.companyId);
    const roots = linkTree([...(await this.organisation.companyNodes(user)), ...fleets, ...leaves]);
    roots.forEach(count);
    return roots;
  }
}

/** Fills `total` and `online` on company and fleet nodes; answers the node's [total, online]. */
function count(node: TreeNode): [number, number] {
  if (node.type === 'vehicle') return [1, node.vehicleStatus === 1 ? 1 : 0];
  let total = 0;
  let online = 0;
  for (const child of node.children) {
    const [childTotal, childOnline] = count(child);
    total += childTotal;
    online += childOnline;
  }
  node.total = total;
  node.online = online;
  return [total, online];
}
