/** A node of the organisation trees the console draws (companies, fleets, vehicles, drivers). */
export interface TreeNode {
  key: string;
  id: number;
  name: string;
  type: 'company' | 'fleet' | 'vehicle' | 'driver';
  parentKey: string | null;
  children: TreeNode[];
  [extra: string]: unknown;
}

/** Links nodes by parentKey; nodes whose parent is not visible become roots. */
export function linkTree(nodes: TreeNode[]): TreeNode[] {
  const byKey = new Map(nodes.map((node) => [node.key, node]));
  const roots: TreeNode[] = [];
  for (const node of nodes) {
    const parent = node.parentKey ? byKey.get(node.parentKey) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

export const companyKey = (id: number) => `c${id}`;
export const fleetKey = (id: number) => `f${id}`;
