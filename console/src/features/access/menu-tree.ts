/** One node of `GET /basic/resource/getCurrentUserTree` (spec §7). */
export interface MenuNode {
  readonly id: number | string;
  readonly label: string;
  readonly href?: string | null;
  readonly icon?: string | null;
  readonly actionCode?: string | null;
  /** Pages marked noCache are not kept alive when their tab is in the background. */
  readonly noCache?: boolean | null;
  /** 1 directory, 2 page, 3 button (admin API); absent in older trees. */
  readonly type?: number | null;
  /** 1 a seeded node an operator renamed, 2 a node an operator added (/index/newMune): its label is shown as typed. */
  readonly origin?: number | null;
  readonly children?: readonly MenuNode[] | null;
}

/** A page the user may open, derived from the tree. */
export interface MenuPage {
  readonly id: string;
  readonly path: string;
  readonly label: string;
  /** Last path segment: the name the screen registry knows (`simCare`). */
  readonly screen: string;
  /** Action codes of the page's button leaves (spec §6 "power list"). */
  readonly power: readonly string[];
  readonly noCache: boolean;
}

/** Spec §9: the top-level node that holds the console menu. */
export const MENU_ROOT_ID = 2;

/** Path of the big-data dashboard, never remembered as LastUrl (spec §4). */
export const BIG_DATA_SHOW_PATH = '/monitor/bigDataShow';

/** A button leaf: type 3, or (trees without types) an action code and no href. Pages carry their page code too. */
export function isButton(node: MenuNode): boolean {
  if (node.type != null) return node.type === 3;
  return typeof node.actionCode === 'string' && node.actionCode.length > 0 && !(node.href ?? '').trim();
}

function childrenOf(node: MenuNode): readonly MenuNode[] {
  return node.children ?? [];
}

export function normalisePath(href: string): string {
  const path = href.trim().split(/[?#]/)[0] ?? '';
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
}

/** The menu root (node id 2) among the top-level nodes, or null. */
export function menuRoot(topLevel: readonly MenuNode[]): MenuNode | null {
  return topLevel.find((node) => Number(node.id) === MENU_ROOT_ID) ?? null;
}

/** Path of the home screen, where a sign-in without a remembered page lands. */
export const HOME_PATH = '/monitor/home';

/** The screen name of a page node (last path segment of its href). */
function screenOf(node: MenuNode): string {
  return normalisePath(node.href ?? '').split('/').filter(Boolean).pop() ?? '';
}

/**
 * The visible menu: root's descendants without button leaves. With `hasScreen`, pages whose screen
 * is not built yet are left out (they stay in the permission tree for role editing), and so are
 * groups left empty.
 */
export function visibleMenu(root: MenuNode | null, hasScreen: (screen: string) => boolean = () => true): MenuNode[] {
  if (!root) return [];
  const strip = (node: MenuNode): MenuNode | null => {
    const kids = childrenOf(node).filter((child) => !isButton(child));
    const directory = node.type === 1 || kids.length > 0;
    if (!directory) return hasScreen(screenOf(node)) ? { ...node, children: [] } : null;
    const children = kids.map(strip).filter((child): child is MenuNode => child !== null);
    return children.length > 0 ? { ...node, children } : null;
  };
  return childrenOf(root)
    .filter((child) => !isButton(child))
    .map(strip)
    .filter((node): node is MenuNode => node !== null);
}

/** Every page (a non-button node with an href) under the menu root, with its power list. */
export function pagesOf(root: MenuNode | null): MenuPage[] {
  const pages: MenuPage[] = [];
  const visit = (node: MenuNode): void => {
    const kids = childrenOf(node);
    // A directory (type 1, or a node with sub-pages) is not a page even when it has an href.
    const directory = node.type === 1 || kids.some((child) => !isButton(child));
    if (!directory && !isButton(node) && node.href && node.href.trim() !== '' && node.href.trim() !== '#') {
      const path = normalisePath(node.href);
      const screen = path.split('/').filter(Boolean).pop() ?? '';
      const power = kids.filter(isButton).map((child) => child.actionCode as string);
      pages.push({
        id: String(node.id),
        path,
        label: node.label,
        screen,
        power,
        noCache: node.noCache === true,
      });
    }
    kids.filter((child) => !isButton(child)).forEach(visit);
  };
  if (root) childrenOf(root).forEach(visit);
  return pages;
}

/** True when `power` includes the action code (`carList:add`). */
export function hasPower(power: readonly string[], code: string): boolean {
  return power.includes(code);
}
