import { useMemo, useState } from 'react';
import { Alert, Button, ButtonGroup, Tree, type TreeNodeInfo } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { WithPower } from '../access/power-context';
import { useOrgTree } from '../master-data/lookups';
import type { OrgNode } from '../master-data/resources';
import { FormDialog } from '../table-screen/FormDialog';
import { useResourceCallMutation } from '../table-screen/resource-api';
import { codeNameRule } from '../master-data/rules';
import type { FieldSpec } from '../table-screen/table-model';
import { canAddFleetUnder, canDrop, moveRequest } from './org-rules';

type FleetForm = { name: string };
const fleetFields: FieldSpec<FleetForm>[] = [{ name: 'name', labelKey: 'fleet.name', required: true, maxLength: 64, validate: codeNameRule }];
const emptyFleet: FleetForm = { name: '' };

/** Company/fleet tree: add, rename and delete fleets, drag companies and fleets under companies. */
export function OrgTree() {
  const { t } = useTranslation();
  const tree = useOrgTree();
  const [call, { isLoading }] = useResourceCallMutation();
  const [selected, setSelected] = useState<OrgNode | null>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<'add' | 'rename' | 'delete' | null>(null);
  const [dragged, setDragged] = useState<OrgNode | null>(null);
  // A stable object: the dialog resets its form whenever `initial` changes.
  const fleetInitial = useMemo(
    () => (dialog === 'rename' && selected ? { name: selected.name } : emptyFleet),
    [dialog, selected],
  );

  const run = async (request: Parameters<typeof call>[0]['request'], done: string): Promise<void> => {
    const result = await call({ request, invalidates: ['Company', 'Vehicle', 'Driver'] });
    if ('error' in result) return;
    notify('success', t(done));
    setDialog(null);
  };

  const drop = (target: OrgNode): void => {
    if (!dragged) return;
    if (!canDrop(dragged, target)) notify('warning', t('fleet.dropRefused'));
    else void run({ url: 'basic/tree/move', method: 'POST', body: moveRequest(dragged, target) }, 'fleet.moved');
    setDragged(null);
  };

  const toNodes = (nodes: readonly OrgNode[]): TreeNodeInfo<OrgNode>[] =>
    nodes.map((node) => ({
      id: node.key,
      nodeData: node,
      icon: node.type === 'company' ? 'office' : 'folder-close',
      isSelected: selected?.key === node.key,
      isExpanded: !collapsed.has(node.key),
      hasCaret: node.children.length > 0,
      label: (
        <span
          draggable={node.parentKey !== null}
          data-org-key={node.key}
          onDragStart={() => setDragged(node)}
          onDragOver={(event) => dragged && canDrop(dragged, node) && event.preventDefault()}
          onDrop={(event) => {
            event.preventDefault();
            drop(node);
          }}
        >
          {node.name}
        </span>
      ),
      childNodes: node.children.length > 0 ? toNodes(node.children) : undefined,
    }));

  const requireFleet = (then: () => void): void => {
    if (selected?.type === 'fleet') then();
    else notify('warning', t('fleet.selectFleet'));
  };

  const expand = (key: string, open: boolean): void =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (open) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <aside className="of-org-tree">
      <ButtonGroup className="of-org-tree-actions">
        <WithPower code="newCompany:add">
          <Button
            icon="add"
            text={t('fleet.add')}
            onClick={() => (canAddFleetUnder(selected) ? setDialog('add') : notify('warning', t(selected ? 'fleet.tooDeep' : 'fleet.selectParent')))}
          />
        </WithPower>
        <WithPower code="newCompany:modify">
          <Button icon="edit" aria-label={t('fleet.rename')} title={t('fleet.rename')} onClick={() => requireFleet(() => setDialog('rename'))} />
        </WithPower>
        <WithPower code="newCompany:delete">
          <Button icon="trash" aria-label={t('fleet.delete')} title={t('fleet.delete')} onClick={() => requireFleet(() => setDialog('delete'))} />
        </WithPower>
      </ButtonGroup>
      <Tree<OrgNode>
        contents={toNodes(tree)}
        onNodeClick={(node) => setSelected(node.nodeData ?? null)}
        onNodeExpand={(node) => expand(String(node.id), true)}
        onNodeCollapse={(node) => expand(String(node.id), false)}
      />
      <FormDialog<FleetForm>
        isOpen={dialog === 'add' || dialog === 'rename'}
        title={t(dialog === 'rename' ? 'fleet.rename' : 'fleet.add')}
        width={440}
        fields={fleetFields}
        initial={fleetInitial}
        editing={dialog === 'rename'}
        saving={isLoading}
        onClose={() => setDialog(null)}
        onSubmit={(form) => {
          if (!selected) return;
          if (dialog === 'rename') void run({ url: `basic/fleet/${selected.id}`, method: 'PUT', body: { name: form.name.trim() } }, 'common.saved');
          else {
            const body =
              selected.type === 'company'
                ? { name: form.name.trim(), companyId: selected.id }
                : { name: form.name.trim(), companyId: selected.companyId, parentId: selected.id };
            void run({ url: 'basic/fleet', method: 'POST', body }, 'common.saved');
          }
        }}
      />
      <Alert
        isOpen={dialog === 'delete'}
        intent="danger"
        icon="trash"
        confirmButtonText={t('common.confirm')}
        cancelButtonText={t('common.cancel')}
        onCancel={() => setDialog(null)}
        onConfirm={() => selected && void run({ url: `basic/fleet/${selected.id}`, method: 'DELETE' }, 'common.deleted')}
      >
        {t('fleet.deleteConfirm', { name: selected?.name ?? '' })}
      </Alert>
    </aside>
  );
}
