import type { Resource } from '../table-screen/resource-api';

/** The admin REST resources the screens use (docs/admin.md). */
export const resources = {
  company: { path: 'basic/company', tag: 'Company', paged: false, searchFields: ['name', 'shortName', 'code'] },
  user: { path: 'basic/user', tag: 'User', paged: true },
  role: { path: 'basic/role', tag: 'Role', paged: false, searchFields: ['name', 'description'] },
  vehicle: { path: 'basic/vehicle', tag: 'Vehicle', paged: true },
  terminal: { path: 'basic/terminal', tag: 'Terminal', paged: true },
  sim: { path: 'basic/sim-card', tag: 'Sim', paged: true },
  driver: { path: 'basic/driver', tag: 'Driver', paged: true },
} as const satisfies Record<string, Resource>;

/** The organisation tree (`findEnterpriseOrganizationTreeList`) node. */
export interface OrgNode {
  readonly key: string;
  readonly id: number;
  readonly name: string;
  readonly type: 'company' | 'fleet';
  readonly parentKey: string | null;
  readonly companyId?: number;
  readonly depth?: number;
  readonly children: readonly OrgNode[];
}

export const ORG_TREE_URL = 'basic/sysEnterprise/findEnterpriseOrganizationTreeList';

/** Every node of a tree, depth first. */
export function flattenOrg(nodes: readonly OrgNode[]): OrgNode[] {
  return nodes.flatMap((node) => [node, ...flattenOrg(node.children)]);
}
