import { useMemo, useState } from 'react';
import { Button, Dialog, DialogBody } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import type { CatalogueConfig, CatalogueRow } from './catalogue';
import { CatalogueScreen } from './CatalogueScreen';

interface SubCatalogueProps {
  readonly selected: readonly CatalogueRow[];
  readonly config: CatalogueConfig;
  /** The child rows' field pointing at the parent (`typeId`, `brandId`). */
  readonly parentField: string;
  readonly buttonKey: string;
  readonly titleKey: string;
  readonly titleField: string;
}

/** A button opening the child catalogue of the selected row (dictionary items, vehicle models). */
export function SubCatalogue({ selected, config, parentField, buttonKey, titleKey, titleField }: SubCatalogueProps) {
  const { t } = useTranslation();
  const [parent, setParent] = useState<CatalogueRow | null>(null);
  const fixed = useMemo(() => (parent ? { [parentField]: parent.id } : undefined), [parent, parentField]);
  return (
    <>
      <Button
        icon="properties"
        text={t(buttonKey)}
        onClick={() => (selected.length === 1 ? setParent(selected[0] ?? null) : notify('warning', t('common.selectOneRow')))}
      />
      <Dialog isOpen={parent !== null} title={t(titleKey, { name: String(parent?.[titleField] ?? '') })} onClose={() => setParent(null)} style={{ width: 900 }}>
        <DialogBody className="of-sub-catalogue">{fixed && <CatalogueScreen config={config} fixed={fixed} />}</DialogBody>
      </Dialog>
    </>
  );
}
