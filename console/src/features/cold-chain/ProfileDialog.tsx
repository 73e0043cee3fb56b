import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, HTMLTable, InputGroup } from '@blueprintjs/core';
import { COLD_CHAIN_UNITS, COLD_CHAIN_VALUE_TYPES, type ColdChainField, type ColdChainProfile } from '@openfleet/contracts/industry';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { notify } from '../../app/toaster';
import { useCompanyOptions } from '../master-data/lookups';
import { useCreateColdChainProfileMutation, useUpdateColdChainProfileMutation } from './coldChainApi';
import { emptyFieldRow, fieldOf, rowsOf, type FieldRow } from './profile-form';

/** `profile` null: a new one; a built-in profile or `copy`: a new one copied from it; `readOnly`: shown, not saved. */
export interface ProfileDialogOpen {
  readonly profile: ColdChainProfile | null;
  readonly copy?: boolean;
  readonly readOnly?: boolean;
}

interface ProfileDialogProps {
  /** null: closed. */
  readonly open: ProfileDialogOpen | null;
  readonly onClose: (saved: boolean) => void;
}

const QUANTITIES = ['temperature', 'humidity', 'door'] as const;
const TEXT_COLUMNS: (keyof FieldRow)[] = ['probe', 'extraIdHex', 'offset', 'bit', 'scale', 'offsetValue', 'invalidRaw'];

/** A company's probe layout: name, terminal model, source, and its fields as byte positions (docs/industry.md). */
export function ProfileDialog({ open, onClose }: ProfileDialogProps) {
  const { t } = useTranslation();
  const companies = useCompanyOptions();
  // Dialogs render in a portal, outside the layout's theme class.
  const dark = useAppSelector((state) => state.settings.theme === 'dark');
  const editing = open?.profile && !open.profile.builtIn && !open.copy ? open.profile : null;
  const readOnly = !!open?.readOnly;
  const [head, setHead] = useState({ name: '', terminalModel: '', source: '', companyId: '' });
  const [rows, setRows] = useState<FieldRow[]>([]);
  const [create, creating] = useCreateColdChainProfileMutation();
  const [update, updating] = useUpdateColdChainProfileMutation();
  useEffect(() => {
    if (!open) return;
    const from = open.profile;
    setHead({ name: from ? ((from.builtIn || open.copy) && !open.readOnly ? `${from.name} *` : from.name) : '', terminalModel: from?.terminalModel ?? '', source: from?.source ?? '', companyId: companies[0]?.value ?? '' });
    setRows(rowsOf(from));
  }, [open, companies]);
  const setRow = (index: number, patch: Partial<FieldRow>) => setRows((all) => all.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const save = async () => {
    const fields: ColdChainField[] = [];
    for (const [index, row] of rows.entries()) {
      const field = fieldOf(row);
      if (typeof field === 'string') return notify('warning', `${index + 1}: ${t(field)}`);
      fields.push(field);
    }
    if (!head.name.trim()) return notify('warning', t('coldChain.profileForm.nameRequired'));
    const input = { name: head.name.trim(), terminalModel: head.terminalModel, source: head.source, fields };
    const result = editing ? await update({ ...input, profileId: editing.profileId }) : await create({ ...input, companyId: head.companyId });
    if ('data' in result) onClose(true);
  };
  return (
    <Dialog isOpen={!!open} title={t(readOnly ? 'coldChain.profileForm.view' : editing ? 'coldChain.profileForm.edit' : 'coldChain.profileForm.add')} onClose={() => onClose(false)} style={{ width: 1100 }} className={`of-cold-profile-dialog${dark ? ' bp6-dark' : ''}`}>
      <DialogBody>
        {/* A disabled fieldset disables every input and button inside: the read-only view of a built-in profile. */}
        <fieldset className="of-cold-profile-fieldset" disabled={readOnly}>
        <div className="of-cold-profile-head">
          <FormGroup label={t('coldChain.profile')}><InputGroup className="of-cold-profile-name" value={head.name} maxLength={64} onValueChange={(name) => setHead({ ...head, name })} /></FormGroup>
          <FormGroup label={t('coldChain.terminalModel')}><InputGroup value={head.terminalModel} maxLength={64} onValueChange={(terminalModel) => setHead({ ...head, terminalModel })} /></FormGroup>
          <FormGroup label={t('coldChain.source')}><InputGroup value={head.source} maxLength={255} onValueChange={(source) => setHead({ ...head, source })} /></FormGroup>
          {!editing && !readOnly && (
            <FormGroup label={t('common.company')}>
              <HTMLSelect value={head.companyId} onChange={(e) => setHead({ ...head, companyId: e.currentTarget.value })}>
                {companies.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
              </HTMLSelect>
            </FormGroup>
          )}
        </div>
        <HTMLTable compact className="of-cold-field-rows">
          <thead>
            <tr>
              <th>{t('coldChain.profileForm.quantity')}</th>
              <th>{t('coldChain.profileForm.source')}</th>
              <th>{t('coldChain.profileForm.type')}</th>
              <th>{t('coldChain.profileForm.unit')}</th>
              {TEXT_COLUMNS.map((key) => <th key={key}>{t(`coldChain.profileForm.${key}`)}</th>)}
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index} data-row={index}>
                <td><HTMLSelect value={row.quantity} onChange={(e) => setRow(index, { quantity: e.currentTarget.value as FieldRow['quantity'] })}>{QUANTITIES.map((q) => <option key={q} value={q}>{t(`coldChain.quantity.${q}`)}</option>)}</HTMLSelect></td>
                <td><HTMLSelect value={row.source} onChange={(e) => setRow(index, { source: e.currentTarget.value as FieldRow['source'] })}><option value="extra">0x0200 extra</option><option value="status">status</option></HTMLSelect></td>
                <td><HTMLSelect value={row.type} onChange={(e) => setRow(index, { type: e.currentTarget.value as FieldRow['type'] })}>{COLD_CHAIN_VALUE_TYPES.map((type) => <option key={type} value={type}>{type}</option>)}</HTMLSelect></td>
                <td><HTMLSelect value={row.unit} onChange={(e) => setRow(index, { unit: e.currentTarget.value as FieldRow['unit'] })}>{COLD_CHAIN_UNITS.map((unit) => <option key={unit} value={unit}>{unit}</option>)}</HTMLSelect></td>
                {TEXT_COLUMNS.map((key) => (
                  <td key={key}><InputGroup small className={`of-cold-field-${key}`} value={row[key]} onValueChange={(value) => setRow(index, { [key]: value })} /></td>
                ))}
                <td>{!readOnly && <Button small variant="minimal" icon="trash" aria-label={t('coldChain.profileForm.removeField')} onClick={() => setRows((all) => all.filter((_, i) => i !== index))} />}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {!readOnly && <Button className="of-cold-add-field" icon="add" variant="minimal" text={t('coldChain.profileForm.addField')} disabled={rows.length >= 32} onClick={() => setRows((all) => [...all, emptyFieldRow()])} />}
        </fieldset>
      </DialogBody>
      <DialogFooter actions={readOnly ? <Button className="of-cold-profile-close" text={t('coldChain.profileForm.close')} onClick={() => onClose(false)} /> : <Button className="of-cold-profile-save" intent="primary" loading={creating.isLoading || updating.isLoading} text={t('coldChain.save')} onClick={() => void save()} />} />
    </Dialog>
  );
}
