import { useMemo, useState } from 'react';
import { Alert, Button, ButtonGroup, Tag, Tree, type TreeNodeInfo } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../access/screen-props';
import { useGranted } from '../access/granted';
import { useMenuLabel } from '../access/menu-label';
import { FormDialog } from '../table-screen/FormDialog';
import { useLookup, useResourceCallMutation } from '../table-screen/resource-api';
import { menuKind } from './menu-kind';
import { CHILD_TYPES, emptyMenuForm, formToMenu, locate, menuFields, menuToForm, type MenuForm, type MenuResource } from './menu-form';

type Editing = { mode: 'add'; parent: MenuResource } | { mode: 'edit'; node: MenuResource; parent: MenuResource | null };

/**
 * /index/newMune: the platform's menu tree (directories, pages, buttons). The platform owner's
 * operators add, edit and delete nodes and button resources; seeded nodes keep their ids, paths and
 * codes (only name, icon and order change), and a name, path or code already taken answers 4041.
 */
export default function MenuScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const labelOf = useMenuLabel();
  const tree = useLookup<MenuResource[]>('basic/resource/tree', 'Menu');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set(['2']));
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<MenuResource | null>(null);
  const [call, { isLoading }] = useResourceCallMutation();
  const can = { add: useGranted('newMune:add'), modify: useGranted('newMune:modify'), remove: useGranted('newMune:delete') };
  const found = tree && selectedId !== null ? locate(tree, selectedId) : null;
  const selected = found?.node ?? null;

  // Operator-named nodes show their label as typed (useMenuLabel); seeded ones are translated by screen name.
  const nameOf = (node: MenuResource): string => labelOf(node);

  const contents = useMemo(() => {
    const toNodes = (nodes: readonly MenuResource[]): TreeNodeInfo<MenuResource>[] =>
      nodes.map((node) => {
        const children = node.children ?? [];
        return {
          id: String(node.id),
          label: <span className={`of-menu-node of-menu-node-${node.id}`}>{nameOf(node)}</span>,
          nodeData: node,
          isSelected: node.id === selectedId,
          // The kind in words; the route and action code stay as the tooltip (operators read names, not routes).
          secondaryLabel: (
            <span className="of-menu-meta" title={[node.href, node.actionCode].filter(Boolean).join('  ')}>
              <Tag minimal intent={menuKind(node) === 'button' ? 'primary' : 'none'}>{t(`menuScreen.kind.${menuKind(node)}`)}</Tag>
            </span>
          ),
          hasCaret: children.length > 0,
          isExpanded: open.has(String(node.id)),
          childNodes: children.length > 0 ? toNodes(children) : undefined,
        };
      });
    return toNodes(tree ?? []);
  }, [tree, open, labelOf, selectedId, t]);

  const toggle = (id: string, expand: boolean): void =>
    setOpen((current) => {
      const next = new Set(current);
      if (expand) next.add(id);
      else next.delete(id);
      return next;
    });

  const seeded = editing?.mode === 'edit' && (editing.node.origin ?? 0) !== 2;
  const dialogParent = editing ? (editing.mode === 'add' ? editing.parent : editing.parent) : null;
  const fields = useMemo(() => menuFields(dialogParent, seeded), [dialogParent, seeded]);
  const initial = useMemo<MenuForm | null>(() => (editing ? (editing.mode === 'add' ? emptyMenuForm(editing.parent) : menuToForm(editing.node)) : null), [editing]);

  const submit = async (form: MenuForm): Promise<void> => {
    if (!editing) return;
    const request =
      editing.mode === 'add'
        ? { url: 'basic/resource', method: 'POST', body: formToMenu(form, editing.parent.id, false) }
        : { url: `basic/resource/${editing.node.id}`, method: 'PUT', body: formToMenu(form, null, seeded) };
    if (!('error' in (await call({ request, invalidates: ['Menu'] })))) {
      if (editing.mode === 'add') setOpen((current) => new Set([...current, String(editing.parent.id)]));
      setEditing(null);
    }
  };

  const remove = async (): Promise<void> => {
    if (!deleting) return;
    if (!('error' in (await call({ request: { url: `basic/resource/${deleting.id}`, method: 'DELETE' }, invalidates: ['Menu'] })))) setSelectedId(null);
    setDeleting(null);
  };

  const canHoldChildren = selected !== null && (CHILD_TYPES[selected.type] ?? []).length > 0;
  return (
    <div className="of-table-screen of-menu-screen">
      <ButtonGroup className="of-menu-toolbar">
        {can.add && <Button icon="add" className="of-menu-add" text={t('menuScreen.addChild')} disabled={!canHoldChildren} onClick={() => selected && setEditing({ mode: 'add', parent: selected })} />}
        {can.modify && <Button icon="edit" className="of-menu-edit" text={t('common.edit')} disabled={!selected || selected.id === 2} onClick={() => selected && setEditing({ mode: 'edit', node: selected, parent: found?.parent ?? null })} />}
        {can.remove && <Button icon="trash" className="of-menu-delete" intent="danger" text={t('common.delete')} disabled={!selected || selected.id === 2} onClick={() => setDeleting(selected)} />}
      </ButtonGroup>
      <p className="bp6-text-muted">{t('menuScreen.hint')}</p>
      <div className="of-menu-tree">
        <Tree<MenuResource>
          contents={contents}
          onNodeClick={(node) => setSelectedId(node.nodeData?.id ?? null)}
          onNodeExpand={(node) => toggle(String(node.id), true)}
          onNodeCollapse={(node) => toggle(String(node.id), false)}
        />
      </div>
      {editing && initial && (
        <FormDialog<MenuForm>
          isOpen
          title={t(editing.mode === 'add' ? 'menuScreen.addTitle' : 'menuScreen.editTitle')}
          width={600}
          fields={fields}
          initial={initial}
          editing={editing.mode === 'edit'}
          saving={isLoading}
          onClose={() => setEditing(null)}
          onSubmit={(form) => void submit(form)}
        />
      )}
      <Alert
        isOpen={deleting !== null}
        intent="danger"
        icon="trash"
        confirmButtonText={t('common.delete')}
        cancelButtonText={t('common.cancel')}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      >
        {deleting ? t('menuScreen.deleteConfirm', { name: nameOf(deleting) }) : null}
      </Alert>
    </div>
  );
}
