import type { MenuNode } from '../access/menu-tree';

/** Every action code in a subtree (the node's own code included). */
export function codesUnder(node: MenuNode): string[] {
  const own = node.actionCode ? [node.actionCode] : [];
  return [...own, ...(node.children ?? []).flatMap(codesUnder)];
}

/** `checked`: all codes of the subtree held; `partial`: some of them. */
export function checkState(node: MenuNode, held: ReadonlySet<string>): 'checked' | 'partial' | 'none' {
  const codes = codesUnder(node);
  if (codes.length === 0) return 'none';
  const count = codes.filter((code) => held.has(code)).length;
  if (count === 0) return 'none';
  return count === codes.length ? 'checked' : 'partial';
}

/**
 * Ticks or clears a whole subtree. A page stays granted while any of its buttons is, because the
 * server lists a page for a role only when the role holds the page code or a button of it.
 */
export function toggleNode(node: MenuNode, held: ReadonlySet<string>, on: boolean, roots: readonly MenuNode[]): Set<string> {
  const next = new Set(held);
  for (const code of codesUnder(node)) {
    if (on) next.add(code);
    else next.delete(code);
  }
  return withPagesOfButtons(next, roots);
}

/** Adds the page code of every granted button (`carList:add` -> `carList`). */
export function withPagesOfButtons(held: ReadonlySet<string>, roots: readonly MenuNode[]): Set<string> {
  const next = new Set(held);
  const visit = (node: MenuNode): void => {
    const buttons = (node.children ?? []).filter((child) => child.actionCode?.includes(':'));
    if (node.actionCode && buttons.some((button) => next.has(button.actionCode ?? ''))) next.add(node.actionCode);
    (node.children ?? []).forEach(visit);
  };
  roots.forEach(visit);
  return next;
}
