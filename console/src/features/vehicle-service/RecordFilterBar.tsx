import { Button, HTMLSelect } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { useCompanyOptions, useFleetOptions } from '../master-data/lookups';
import type { FieldOption } from '../table-screen/table-model';
import { filterProblem, type RecordFilter } from './record-filter';
import { DateTimePicker } from '../formats/DateTimePicker';

interface RecordFilterBarProps {
  readonly filter: RecordFilter;
  readonly statuses: readonly FieldOption[];
  readonly onApply: (filter: RecordFilter) => void;
}

/** Company, fleet, a window of China days and (kinds that have one) the status; the plate is the table's keyword. */
export function RecordFilterBar({ filter, statuses, onApply }: RecordFilterBarProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(filter);
  const companies = useCompanyOptions();
  const fleets = useFleetOptions(draft.companyId || undefined);
  const set = (patch: Partial<RecordFilter>) => setDraft((current) => ({ ...current, ...patch }));
  const apply = () => {
    const problem = filterProblem(draft);
    if (problem) notify('warning', t(problem));
    else onApply(draft);
  };
  const label = (option: FieldOption) => option.label ?? t(option.labelKey ?? '');
  return (
    <div className="of-vs-filters">
      <HTMLSelect className="of-vs-company" value={draft.companyId} aria-label={t('common.company')} onChange={(e) => set({ companyId: e.currentTarget.value, fleetId: '' })}>
        <option value="">{t('vehicleService.allCompanies')}</option>
        {companies.map((option) => <option key={option.value} value={option.value}>{label(option)}</option>)}
      </HTMLSelect>
      <HTMLSelect className="of-vs-fleet" value={draft.fleetId} aria-label={t('common.fleet')} onChange={(e) => set({ fleetId: e.currentTarget.value })}>
        <option value="">{t('vehicleService.allFleets')}</option>
        {fleets.map((option) => <option key={option.value} value={option.value}>{label(option)}</option>)}
      </HTMLSelect>
      <DateTimePicker mode="date" className="of-vs-from" value={draft.from} aria-label={t('vehicleService.from')} title={t('vehicleService.from')} onChange={(from) => set({ from })} />
      <DateTimePicker mode="date" className="of-vs-to" value={draft.to} aria-label={t('vehicleService.to')} title={t('vehicleService.to')} onChange={(to) => set({ to })} />
      {statuses.length > 0 && (
        <HTMLSelect className="of-vs-status" value={draft.status} aria-label={t('vehicleService.status')} onChange={(e) => set({ status: e.currentTarget.value })}>
          <option value="">{t('vehicleService.allStatuses')}</option>
          {statuses.map((option) => <option key={option.value} value={option.value}>{label(option)}</option>)}
        </HTMLSelect>
      )}
      <Button className="of-vs-apply" icon="filter" text={t('vehicleService.query')} onClick={apply} />
    </div>
  );
}
