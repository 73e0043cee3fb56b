import { useEffect, useMemo, useState } from 'react';
import { Button, Checkbox, Dialog, DialogBody, DialogFooter, Tree, type TreeNodeInfo } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useMenuLabel } from '../access/menu-label';
import { menuRoot, type MenuNode } from '../access/menu-tree';
import { useLookup } from '../table-screen/resource-api';
import { checkState, toggleNode, withPagesOfButtons } from './permission-tree';
import type { Role } from './role-form';

interface PermissionDialogProps {
  readonly role: Role | null;
  readonly saving: boolean;
  readonly onClose: () => void;
  readonly onSave: (actionCodes: string[]) => void;
}

/** The role's action codes as a checkbox tree of the caller's own menu (one grants only what one holds). */
export function PermissionDialog({ role, saving, onClose, onSave }: PermissionDialogProps) {
  const { t } = useTranslation();
  const labelOf = useMenuLabel();
  const tree = useLookup<MenuNode[]>('basic/resource/getCurrentUserTree', 'Menu', role === null);
  const roots = useMemo(() => [...(menuRoot(tree ?? [])?.children ?? [])], [tree]);
  const [held, setHeld] = useState<Set<string>>(new Set());
  const [expanded, setExpanded] = useState<Set<string>>(new Set());

  useEffect(() => {
    if (role) setHeld(withPagesOfButtons(new Set(role.actionCodes), []));
  }, [role]);

  const toNodes = (nodes: readonly MenuNode[]): TreeNodeInfo<MenuNode>[] =>
    nodes.map((node) => {
      const id = String(node.id);
      const state = checkState(node, held);
      const children = node.children ?? [];
      return {
        id,
        nodeData: node,
        isExpanded: expanded.has(id),
        hasCaret: children.length > 0,
        label: (
          <Checkbox
            className="of-tree-check"
            label={labelOf(node)}
            checked={state === 'checked'}
            indeterminate={state === 'partial'}
            onChange={(event) => setHeld(toggleNode(node, held, event.currentTarget.checked, roots))}
          />
        ),
        childNodes: children.length > 0 ? toNodes(children) : undefined,
      };
    });

  const toggle = (id: string, open: boolean): void =>
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Dialog isOpen={role !== null} title={t('role.permissionsOf', { name: role?.name ?? '' })} onClose={onClose} style={{ width: 600 }}>
      <DialogBody className="of-permission-tree">
        <Tree<MenuNode>
          contents={toNodes(roots)}
          onNodeExpand={(node) => toggle(String(node.id), true)}
          onNodeCollapse={(node) => toggle(String(node.id), false)}
        />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.cancel')} onClick={onClose} />
            <Button intent="primary" loading={saving} text={t('common.save')} onClick={() => onSave([...held].sort())} />
          </>
        }
      />
    </Dialog>
  );
}
