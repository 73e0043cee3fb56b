import { useEffect, useMemo, useState } from 'react';
import { Tree, type TreeNodeInfo } from '@blueprintjs/core';
import { menuIcon } from './menu-icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { normalisePath, type MenuNode } from '../access/menu-tree';
import { useMenuLabel } from '../access/menu-label';
import { ancestorIds, sectionedMenu } from './menu-sections';

function toTreeNodes(
  nodes: readonly MenuNode[],
  expanded: ReadonlySet<string>,
  current: string,
  collapsed: boolean,
  labelOf: (node: MenuNode) => string,
): TreeNodeInfo<MenuNode>[] {
  return nodes.map((node) => {
    const id = String(node.id);
    const children = node.children ?? [];
    return {
      id,
      label: collapsed ? '' : labelOf(node),
      icon: menuIcon(node.icon, children.length > 0),
      hasCaret: !collapsed && children.length > 0,
      isExpanded: expanded.has(id),
      isSelected: node.href ? normalisePath(node.href) === current : false,
      nodeData: node,
      childNodes: children.length > 0 ? toTreeNodes(children, expanded, current, collapsed, labelOf) : undefined,
    };
  });
}

/** The collapsible left menu built from the user's menu tree (node id 2). */
export function SideMenu({ background }: { background: string }) {
  const menu = useAppSelector((state) => state.access.menu);
  const collapsed = useAppSelector((state) => state.settings.menuCollapsed);
  const location = useLocation();
  const navigate = useNavigate();
  const labelOf = useMenuLabel();
  const { t, i18n } = useTranslation();
  // 监控中心's pages under section headings (menu-sections.ts); the seed's own tree is unchanged.
  const tree = useMemo(() => sectionedMenu(menu, (section) => t(`menu.section.${section}`)), [menu, t]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(
    () => new Set([...menu.map((node) => String(node.id)), ...ancestorIds(tree, location.pathname)]),
  );
  // The section of the page being shown opens, so the selection is never hidden in a closed heading.
  useEffect(() => {
    const path = ancestorIds(tree, normalisePath(location.pathname));
    setExpanded((current) => (path.every((id) => current.has(id)) ? current : new Set([...current, ...path])));
  }, [tree, location.pathname]);

  const contents = useMemo(
    () => toTreeNodes(tree, expanded, location.pathname, collapsed, labelOf),
    // labelOf is new each render; it changes with the language only.
    [tree, expanded, location.pathname, collapsed, i18n.language],
  );

  const toggle = (id: string, open: boolean): void => {
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });
  };

  return (
    <nav className={`of-side-menu bp6-dark ${collapsed ? 'of-collapsed' : ''}`} style={{ background }}>
      <Tree<MenuNode>
        contents={contents}
        onNodeExpand={(node) => toggle(String(node.id), true)}
        onNodeCollapse={(node) => toggle(String(node.id), false)}
        onNodeClick={(node) => {
          const data = node.nodeData;
          if (data?.href && (data.children ?? []).length === 0) void navigate(normalisePath(data.href));
          else toggle(String(node.id), !node.isExpanded);
        }}
      />
    </nav>
  );
}
