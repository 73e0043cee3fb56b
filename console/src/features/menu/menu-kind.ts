import { isButton, type MenuNode } from '../access/menu-tree';

/** Directory, page or button, as the admin API types it (older trees: by children and route). */
export function menuKind(node: MenuNode): 'directory' | 'page' | 'button' {
  if (isButton(node)) return 'button';
  if (node.type === 1 || (node.type == null && (node.children?.length ?? 0) > 0 && !node.actionCode)) return 'directory';
  return 'page';
}
