import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { PermissionCache, type AuthUser } from '@openfleet/auth';
import type { Repository } from 'typeorm';
import { MenuNode, MenuNodeType, MenuOrigin } from './menu.entity';
import { MENU_ROOT_ID, menuSeedRows } from './menu-seed';

/** The node shape of `getCurrentUserTree` (spec §3 menu tree node). */
export interface MenuTreeNode {
  id: number;
  label: string;
  href: string;
  icon: string;
  /** `<screen>` on pages, `<screen>:<action>` on buttons, empty on directories. */
  actionCode: string;
  /** 1 directory, 2 menu (page), 3 button. */
  type: number;
  /** Sort value among siblings. */
  sort: number;
  /** Parent node id (null on the root). */
  parentId: number | null;
  /** 0 seeded, 1 seeded and edited, 2 added by an operator: the console shows the label of 1 and 2 as typed. */
  origin: number;
  children: MenuTreeNode[];
}

@Injectable()
export class MenuService {
  constructor(
    @InjectRepository(MenuNode, 'admin') private readonly menus: Repository<MenuNode>,
    private readonly permissions: PermissionCache,
  ) {}

  /**
   * Inserts seeded nodes that are missing and refreshes labels/hrefs of existing ones (runs at start);
   * nodes an operator edited or deleted keep the operator's version.
   */
  async syncSeed(): Promise<void> {
    const existing = new Map((await this.menus.find()).map((node) => [node.id, node]));
    const changed = menuSeedRows().filter((row) => {
      const current = existing.get(row.id);
      if (current && (current.origin !== MenuOrigin.SEEDED || current.removed)) return false;
      return !current || current.label !== row.label || current.href !== row.href || current.actionCode !== row.actionCode || current.parentId !== row.parentId;
    });
    for (let index = 0; index < changed.length; index += 200) await this.menus.save(changed.slice(index, index + 200).map((row) => this.menus.create(row)));
  }

  /** The full tree (role editing). */
  async fullTree(): Promise<MenuTreeNode[]> {
    return this.tree(() => true);
  }

  /** The caller's tree: pages they hold a code of, with the buttons they hold; root id 2. */
  async currentUserTree(user: AuthUser): Promise<MenuTreeNode[]> {
    if (user.superAdmin) return this.fullTree();
    const codes = this.permissions.codesOf(user);
    return this.tree((node) => node.nodeType !== MenuNodeType.BUTTON || codes.has(node.actionCode), (page, buttons) => codes.has(page.actionCode) || buttons > 0);
  }

  private async tree(keepButton: (node: MenuNode) => boolean, keepPage: (page: MenuNode, buttons: number) => boolean = () => true): Promise<MenuTreeNode[]> {
    const nodes = await this.menus.find({ where: { removed: 0 }, order: { sort: 'ASC', id: 'ASC' } });
    const byParent = new Map<number | null, MenuNode[]>();
    for (const node of nodes) byParent.set(node.parentId, [...(byParent.get(node.parentId) ?? []), node]);
    const build = (node: MenuNode): MenuTreeNode | null => {
      const children = (byParent.get(node.id) ?? [])
        .filter((child) => child.nodeType !== MenuNodeType.BUTTON || keepButton(child))
        .map(build)
        .filter((child): child is MenuTreeNode => child !== null);
      if (node.nodeType === MenuNodeType.MENU && !keepPage(node, children.length)) return null;
      if (node.nodeType === MenuNodeType.DIRECTORY && node.id !== MENU_ROOT_ID && !children.length) return null;
      return { id: node.id, label: node.label, href: node.href, icon: node.icon, actionCode: node.actionCode, type: node.nodeType, sort: node.sort, parentId: node.parentId, origin: node.origin, children };
    };
    const root = nodes.find((node) => node.id === MENU_ROOT_ID);
    const built = root ? build(root) : null;
    return built ? [built] : [];
  }
}
