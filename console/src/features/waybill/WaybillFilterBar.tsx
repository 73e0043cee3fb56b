import { Button, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { WithPower } from '../access/power-context';
import type { FieldOption } from '../table-screen/table-model';
import { waybillFilterProblem, type WaybillFilter } from './waybill-filter';
import { DateTimePicker } from '../formats/DateTimePicker';

interface WaybillFilterBarProps {
  readonly filter: WaybillFilter;
  readonly vehicles: readonly FieldOption[];
  readonly onApply: (filter: WaybillFilter) => void;
  readonly onExport: (filter: WaybillFilter) => void;
  /** The waybill list filters by state too; the uploads do not. */
  readonly withState?: boolean;
  readonly children?: ReactNode;
}

const STATES = ['planned', 'onTheWay', 'arrived', 'late'] as const;

/** Vehicle, driver, time window (and state), query and Excel export behind waybill:export. */
export function WaybillFilterBar({ filter, vehicles, onApply, onExport, withState, children }: WaybillFilterBarProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(filter);
  const set = (patch: Partial<WaybillFilter>) => setDraft((current) => ({ ...current, ...patch }));
  const checked = (then: (f: WaybillFilter) => void) => {
    const problem = waybillFilterProblem(draft);
    if (problem) notify('warning', t(problem));
    else then(draft);
  };
  return (
    <div className="of-waybill-filters">
      <HTMLSelect className="of-waybill-vehicle" value={draft.vehicleId} aria-label={t('waybill.vehicle')} onChange={(e) => set({ vehicleId: e.currentTarget.value })}>
        <option value="">{t('waybill.allVehicles')}</option>
        {vehicles.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
      </HTMLSelect>
      <InputGroup className="of-waybill-driver" placeholder={t('waybill.driver')} aria-label={t('waybill.driver')} value={draft.driverName} onValueChange={(driverName) => set({ driverName })} />
      <DateTimePicker className="of-waybill-from" aria-label={t('waybill.from')} value={draft.startTime} onChange={(startTime) => set({ startTime })} />
      <DateTimePicker className="of-waybill-to" aria-label={t('waybill.to')} value={draft.endTime} onChange={(endTime) => set({ endTime })} />
      {withState && (
        <HTMLSelect className="of-waybill-state" value={draft.state} aria-label={t('waybill.state')} onChange={(e) => set({ state: e.currentTarget.value as WaybillFilter['state'] })}>
          <option value="">{t('waybill.allStates')}</option>
          {STATES.map((state) => <option key={state} value={state}>{t(`waybill.state.${state}`)}</option>)}
        </HTMLSelect>
      )}
      <Button className="of-waybill-query" icon="filter" text={t('waybill.query')} onClick={() => checked(onApply)} />
      {children}
      <WithPower code="waybill:export">
        <Button className="of-waybill-export" icon="export" text={t('excel.export')} onClick={() => checked(onExport)} />
      </WithPower>
    </div>
  );
}
