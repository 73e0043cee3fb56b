import { useTranslation } from 'react-i18next';
import { normalisePath, type MenuNode } from './menu-tree';

/**
 * The i18n key of a menu node: pages by screen name (`menu.carList`), groups by their path
 * (`menu.group.index`), buttons by action (`action.add`). The server's label is the fallback.
 */
export function menuLabelKey(node: Pick<MenuNode, 'actionCode' | 'href'>): string | null {
  const code = node.actionCode ?? '';
  if (code.includes(':')) return `action.${code.slice(code.indexOf(':') + 1)}`;
  if (code) return `menu.${code}`;
  const path = normalisePath(node.href ?? '');
  return path.length > 1 ? `menu.group.${path.slice(1).replace(/\//g, '.')}` : null;
}

/** A function naming menu nodes in the current language; a name an operator typed is shown as typed. */
export function useMenuLabel(): (node: Pick<MenuNode, 'actionCode' | 'href' | 'label' | 'origin'>) => string {
  const { t } = useTranslation();
  return (node) => {
    if (node.origin) return node.label;
    const key = menuLabelKey(node);
    return key ? t(key, { defaultValue: node.label }) : node.label;
  };
}
