import type { OrgNode } from '../master-data/resources';

/** Spec §5 / §9: fleets (vehicle groups) nest at most 4 levels. */
export const MAX_FLEET_DEPTH = 4;

/** Depth of a fleet node: 1 directly under a company. */
export function fleetDepth(node: OrgNode): number {
  return node.type === 'fleet' ? (node.depth ?? 1) : 0;
}

/** Deepest fleet level in a subtree, counted from the subtree's root fleet as 1. */
export function subtreeFleetLevels(node: OrgNode): number {
  if (node.type !== 'fleet') return 0;
  return 1 + Math.max(0, ...node.children.map(subtreeFleetLevels));
}

/** A new fleet may go under a company or under a fleet shallower than 4. */
export function canAddFleetUnder(parent: OrgNode | null): boolean {
  if (!parent) return false;
  return parent.type === 'company' || fleetDepth(parent) < MAX_FLEET_DEPTH;
}

function contains(root: OrgNode, key: string): boolean {
  return root.key === key || root.children.some((child) => contains(child, key));
}

/**
 * Drag rules: the root company stays; nothing goes under a fleet (companies not under fleets,
 * fleets not under fleets); a company not into its own subtree; dropping on the current parent
 * changes nothing.
 */
export function canDrop(source: OrgNode, target: OrgNode): boolean {
  if (source.parentKey === null) return false;
  if (target.type !== 'company') return false;
  if (source.parentKey === target.key) return false;
  if (source.type === 'company' && contains(source, target.key)) return false;
  return true;
}

/** The `POST /basic/tree/move` body for a drop. */
export function moveRequest(source: OrgNode, target: OrgNode) {
  return { nodeType: source.type, id: source.id, targetType: target.type, targetId: target.id };
}
