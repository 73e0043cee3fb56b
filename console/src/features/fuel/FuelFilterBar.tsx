import { Button, HTMLSelect } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { WithPower } from '../access/power-context';
import { useCompanyOptions, useFleetOptions } from '../master-data/lookups';
import type { FuelExportKind } from '@openfleet/contracts/vehicle-service';
import { fuelFilterProblem, type FuelFilterDraft } from './fuel-filter';
import { FuelExportButtons } from './FuelExportTasks';
import { DateTimePicker } from '../formats/DateTimePicker';

interface FuelFilterBarProps {
  readonly filter: FuelFilterDraft;
  readonly onApply: (filter: FuelFilterDraft) => void;
  readonly onExport: () => void;
  /** `fuelReport:export` or `fuelEvents:export`. */
  readonly exportCode: string;
  /** The offline download of the same export (a task the vehicle-service runs). */
  readonly offline: { readonly kind: FuelExportKind; readonly params: Record<string, unknown> };
  /** The page's own choices (group by, event kind). */
  readonly children?: ReactNode;
}

/** Window of China days (at most 31), company and fleet, the page's own choices, query and Excel export. */
export function FuelFilterBar({ filter, onApply, onExport, exportCode, offline, children }: FuelFilterBarProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(filter);
  const companies = useCompanyOptions();
  const fleets = useFleetOptions(draft.companyId || undefined);
  const set = (patch: Partial<FuelFilterDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const apply = () => {
    const problem = fuelFilterProblem(draft);
    if (problem) notify('warning', t(problem, { days: 31 }));
    else onApply(draft);
  };
  return (
    <div className="of-fuel-filters">
      <DateTimePicker mode="date" className="of-fuel-from" value={draft.from} aria-label={t('vehicleService.from')} onChange={(from) => set({ from })} />
      <DateTimePicker mode="date" className="of-fuel-to" value={draft.to} aria-label={t('vehicleService.to')} onChange={(to) => set({ to })} />
      <HTMLSelect value={draft.companyId} aria-label={t('common.company')} onChange={(e) => set({ companyId: e.currentTarget.value, fleetId: '' })}>
        <option value="">{t('vehicleService.allCompanies')}</option>
        {companies.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
      </HTMLSelect>
      <HTMLSelect value={draft.fleetId} aria-label={t('common.fleet')} onChange={(e) => set({ fleetId: e.currentTarget.value })}>
        <option value="">{t('vehicleService.allFleets')}</option>
        {fleets.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
      </HTMLSelect>
      {children}
      <Button className="of-fuel-query" icon="filter" text={t('vehicleService.query')} onClick={apply} />
      <WithPower code={exportCode}>
        <Button className="of-fuel-export" icon="export" text={t('excel.export')} onClick={onExport} />
        <FuelExportButtons kind={offline.kind} params={offline.params} />
      </WithPower>
    </div>
  );
}
