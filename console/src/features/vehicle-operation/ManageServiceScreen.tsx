import { Button, Tag } from '@blueprintjs/core';
import { TERM_STATES, type ServiceTerm } from '@openfleet/contracts/vehicle-service';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { hasPower } from '../access/menu-tree';
import { usePower, WithPower } from '../access/power-context';
import type { ScreenProps } from '../access/screen-props';
import { useResourceListQuery, useResourceMutations } from '../table-screen/resource-api';
import type { FormValues, PageQuery, PageResult } from '../table-screen/table-model';
import { TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { ExportButton } from './ExportButton';
import { ImportButton } from './ImportButton';
import { FilterSelect } from './FilterSelect';
import { emptyTermForm, termBody, termFields, termToForm } from './operation-forms';
import { serviceTermResource as resource, useServiceTermCountsQuery } from './operationApi';
import { RenewalHistoryDialog, RenewDialog } from './RenewDialog';
import { StateTag } from './StateTag';
import { useVehicleOptions } from './use-vehicle-options';
import './vehicle-operation.css';

/**
 * /index/manageService (服务管理): each vehicle's platform service term, the period its data
 * service is paid for, with package, fee and paid state; renewals extend it and are kept. The
 * counters above the list show how many terms end within 30 days and how many are over.
 */
export default function ManageServiceScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const vehicles = useVehicleOptions();
  const fields = useMemo(() => termFields(vehicles), [vehicles]);
  const emptyForm = useMemo(emptyTermForm, []);
  const [filter, setFilter] = useState({ state: '', paid: '' });
  const [renewing, setRenewing] = useState<ServiceTerm | null>(null);
  const [history, setHistory] = useState<ServiceTerm | null>(null);
  const { save, remove } = useResourceMutations(resource);
  const { data: counts } = useServiceTermCountsQuery(undefined, { skip: !hasPower(usePower(), 'manageService:search') });

  const useList = useMemo(
    () =>
      function useTermList(query: PageQuery, skip: boolean): { data?: PageResult<ServiceTerm>; isFetching: boolean } {
        const { data, isFetching } = useResourceListQuery({ resource, query, filter: { state: filter.state || undefined, paid: filter.paid || undefined } as Record<string, string> }, { skip });
        return { data: data as PageResult<ServiceTerm> | undefined, isFetching };
      },
    [filter],
  );

  const one = (selected: readonly ServiceTerm[], then: (row: ServiceTerm) => void) => (selected.length === 1 ? then(selected[0]!) : notify('warning', t('common.selectOneRow')));

  const columns: ColumnSpec<ServiceTerm>[] = [
    { key: 'plateCode', titleKey: 'operationPage.plate', sortable: true, width: 110, render: (row) => row.plateCode },
    { key: 'packageName', titleKey: 'operationPage.packageName', width: 120, render: (row) => row.packageName },
    { key: 'startDate', titleKey: 'operationPage.startDate', sortable: true, width: 110, render: (row) => row.startDate },
    { key: 'endDate', titleKey: 'operationPage.endDate', sortable: true, width: 110, render: (row) => row.endDate },
    { key: 'state', titleKey: 'operationPage.serviceState', width: 150, render: (row) => <StateTag state={row.state} daysLeft={row.daysLeft} t={t} /> },
    { key: 'fee', titleKey: 'operationPage.serviceFee', sortable: true, width: 100, render: (row) => (row.fee ? row.fee.toFixed(2) : '') },
    { key: 'paid', titleKey: 'operationPage.paid', width: 80, render: (row) => <Tag minimal intent={row.paid ? 'success' : 'warning'}>{t(`operationPage.paidState.${row.paid ? 1 : 0}`)}</Tag> },
    { key: 'renewalCount', titleKey: 'operationPage.renewalCount', width: 80, render: (row) => String(row.renewalCount) },
    { key: 'remark', titleKey: 'operationPage.remark', width: 160, render: (row) => row.remark },
  ];

  return (
    <div className="of-operation-screen">
      <div className="of-operation-counts" role="status">
        <Tag large minimal>{t('operationPage.countTotal', { count: counts?.total ?? 0 })}</Tag>
        <Tag large intent="warning" interactive data-count="expiring" onClick={() => setFilter((f) => ({ ...f, state: 'expiring' }))}>
          {t('operationPage.countExpiring', { count: counts?.expiring ?? 0 })}
        </Tag>
        <Tag large intent="danger" interactive data-count="expired" onClick={() => setFilter((f) => ({ ...f, state: 'expired' }))}>
          {t('operationPage.countExpired', { count: counts?.expired ?? 0 })}
        </Tag>
        <Tag large minimal intent="warning" interactive onClick={() => setFilter((f) => ({ ...f, paid: '0' }))}>
          {t('operationPage.countUnpaid', { count: counts?.unpaid ?? 0 })}
        </Tag>
      </div>
      <TableScreen<ServiceTerm, FormValues>
        screen="manageService"
        searchPlaceholderKey="operationPage.searchPlate"
        columns={columns}
        useList={useList}
        fields={fields}
        emptyForm={emptyForm}
        toForm={termToForm}
        dialogWidth={750}
        addTitleKey="operationPage.termAdd"
        editTitleKey="operationPage.termEdit"
        save={(form, editing) => save(termBody(form), editing?.id)}
        remove={(rows) => remove(rows.map((row) => row.id))}
        cellData={t}
        toolbar={(selected) => (
          <>
            <WithPower code="manageService:modify">
              <Button icon="refresh" text={t('operationPage.renew')} onClick={() => one(selected, setRenewing)} />
            </WithPower>
            <Button icon="history" text={t('operationPage.history')} onClick={() => one(selected, setHistory)} />
            <FilterSelect label="operationPage.serviceState" prefix="operationPage.state" values={TERM_STATES.filter((s) => s !== 'none')} value={filter.state} onChange={(state) => setFilter((f) => ({ ...f, state }))} />
            <FilterSelect label="operationPage.paid" prefix="operationPage.paidState" values={[1, 0]} value={filter.paid} onChange={(paid) => setFilter((f) => ({ ...f, paid }))} />
            <ImportButton screen="manageService" resource={resource} />
            <ExportButton screen="manageService" path={resource.path} params={filter} />
          </>
        )}
      />
      <RenewDialog term={renewing} onClose={() => setRenewing(null)} />
      <RenewalHistoryDialog term={history} onClose={() => setHistory(null)} />
    </div>
  );
}
