import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@openfleet/auth';
import { companyKey, fleetKey, linkTree, type TreeNode } from '../common/tree';
import { FleetService } from '../fleet/fleet.service';
import { CompanyService } from './company.service';

/** Company and fleet nodes of the caller's scope, ready to be linked or extended with leaves. */
@Injectable()
export class OrganisationTreeService {
  constructor(
    private readonly companies: CompanyService,
    private readonly fleets: FleetService,
  ) {}

  async companyNodes(user: AuthUser): Promise<TreeNode[]> {
    return (await this.companies.listVisible(user)).map((company) => ({
      key: companyKey(company.id),
      id: company.id,
      name: company.name,
      type: 'company' as const,
      parentKey: company.parentId ? companyKey(company.parentId) : null,
      children: [],
    }));
  }

  async fleetNodes(user: AuthUser): Promise<TreeNode[]> {
    return (await this.fleets.listVisible(user)).map((fleet) => ({
      key: fleetKey(fleet.id),
      id: fleet.id,
      name: fleet.name,
      type: 'fleet' as const,
      parentKey: fleet.parentId ? fleetKey(fleet.parentId) : companyKey(fleet.companyId),
      companyId: fleet.companyId,
      depth: fleet.depth,
      children: [],
    }));
  }

  async companyTree(user: AuthUser): Promise<TreeNode[]> {
    return linkTree(await this.companyNodes(user));
  }

  async organisationTree(user: AuthUser): Promise<TreeNode[]> {
    return linkTree([...(await this.companyNodes(user)), ...(await this.fleetNodes(user))]);
  }
}
