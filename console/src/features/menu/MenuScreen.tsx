import { useMemo, useState } from 'react';
import { Tag, Tree, type TreeNodeInfo } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../access/screen-props';
import { useMenuLabel } from '../access/menu-label';
import type { MenuNode } from '../access/menu-tree';
import { useLookup } from '../table-screen/resource-api';

/** /index/newMune: the full menu tree, read-only (the API seeds it and has no edit calls). */
export default function MenuScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const labelOf = useMenuLabel();
  const tree = useLookup<MenuNode[]>('basic/resource/tree', 'Menu');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set(['2']));

  const contents = useMemo(() => {
    const toNodes = (nodes: readonly MenuNode[]): TreeNodeInfo<MenuNode>[] =>
      nodes.map((node) => {
        const children = node.children ?? [];
        return {
          id: String(node.id),
          label: labelOf(node),
          secondaryLabel: (
            <span className="of-menu-meta">
              {node.href ? <Tag minimal>{node.href}</Tag> : null} {node.actionCode ? <Tag minimal intent="primary">{node.actionCode}</Tag> : null}
            </span>
          ),
          hasCaret: children.length > 0,
          isExpanded: open.has(String(node.id)),
          childNodes: children.length > 0 ? toNodes(children) : undefined,
        };
      });
    return toNodes(tree ?? []);
  }, [tree, open, labelOf]);

  const toggle = (id: string, expand: boolean): void =>
    setOpen((current) => {
      const next = new Set(current);
      if (expand) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <div className="of-table-screen">
      <p className="bp6-text-muted">{t('menuScreen.readOnly')}</p>
      <div className="of-menu-tree">
        <Tree<MenuNode> contents={contents} onNodeExpand={(node) => toggle(String(node.id), true)} onNodeCollapse={(node) => toggle(String(node.id), false)} />
      </div>
    </div>
  );
}
