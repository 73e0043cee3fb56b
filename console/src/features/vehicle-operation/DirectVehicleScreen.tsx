import { OPERATING_RELATIONS, TERM_STATES, type OperatingRelation } from '@openfleet/contracts/vehicle-service';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../access/screen-props';
import { useResourceListQuery, useResourceMutations } from '../table-screen/resource-api';
import type { FormValues, PageQuery, PageResult } from '../table-screen/table-model';
import { TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { ExportButton } from './ExportButton';
import { ImportButton } from './ImportButton';
import { FilterSelect } from './FilterSelect';
import { emptyRelationForm, relationBody, relationFields, relationToForm } from './operation-forms';
import { operatingRelationResource as resource } from './operationApi';
import { StateTag } from './StateTag';
import { useVehicleOptions } from './use-vehicle-options';

/**
 * /index/directVehicle (直属车辆): how each vehicle is operated, 直营 (the company's own), 挂靠
 * (a private owner's vehicle under the company's licence) or 租赁 (leased), with the other party,
 * the contract and its yearly fee; contracts ending within 30 days or over are highlighted.
 */
export default function DirectVehicleScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const vehicles = useVehicleOptions();
  const fields = useMemo(() => relationFields(vehicles), [vehicles]);
  const [filter, setFilter] = useState({ type: '', state: '' });
  const { save, remove } = useResourceMutations(resource);

  const useList = useMemo(
    () =>
      function useRelationList(query: PageQuery, skip: boolean): { data?: PageResult<OperatingRelation>; isFetching: boolean } {
        const { data, isFetching } = useResourceListQuery({ resource, query, filter: { type: filter.type || undefined, state: filter.state || undefined } as Record<string, string> }, { skip });
        return { data: data as PageResult<OperatingRelation> | undefined, isFetching };
      },
    [filter],
  );

  const columns: ColumnSpec<OperatingRelation>[] = [
    { key: 'plateCode', titleKey: 'operationPage.plate', sortable: true, width: 110, render: (row) => row.plateCode },
    { key: 'relationType', titleKey: 'operationPage.relationType', sortable: true, width: 90, render: (row) => t(`operationPage.relation.${row.relationType}`) },
    { key: 'partyName', titleKey: 'operationPage.partyName', width: 120, render: (row) => row.partyName },
    { key: 'partyPhone', titleKey: 'operationPage.partyPhone', width: 120, render: (row) => row.partyPhone },
    { key: 'contractNo', titleKey: 'operationPage.contractNo', width: 130, render: (row) => row.contractNo },
    { key: 'contractStart', titleKey: 'operationPage.contractStart', sortable: true, width: 110, render: (row) => row.contractStart ?? '' },
    { key: 'contractEnd', titleKey: 'operationPage.contractEnd', sortable: true, width: 110, render: (row) => row.contractEnd ?? '' },
    { key: 'state', titleKey: 'operationPage.contractState', width: 150, render: (row) => <StateTag state={row.state} daysLeft={row.daysLeft} t={t} /> },
    { key: 'fee', titleKey: 'operationPage.relationFee', sortable: true, width: 110, render: (row) => (row.fee ? row.fee.toFixed(2) : '') },
    { key: 'remark', titleKey: 'operationPage.remark', width: 160, render: (row) => row.remark },
  ];

  return (
    <TableScreen<OperatingRelation, FormValues>
      screen="directVehicle"
      searchPlaceholderKey="operationPage.searchPlate"
      columns={columns}
      useList={useList}
      fields={fields}
      emptyForm={emptyRelationForm}
      toForm={relationToForm}
      dialogWidth={750}
      addTitleKey="operationPage.relationAdd"
      editTitleKey="operationPage.relationEdit"
      save={(form, editing) => save(relationBody(form), editing?.id)}
      remove={(rows) => remove(rows.map((row) => row.id))}
      cellData={t}
      toolbar={() => (
        <>
          <FilterSelect label="operationPage.relationType" prefix="operationPage.relation" values={OPERATING_RELATIONS} value={filter.type} onChange={(type) => setFilter((f) => ({ ...f, type }))} />
          <FilterSelect label="operationPage.contractState" prefix="operationPage.state" values={TERM_STATES} value={filter.state} onChange={(state) => setFilter((f) => ({ ...f, state }))} />
          <ImportButton screen="directVehicle" resource={resource} />
          <ExportButton screen="directVehicle" path={resource.path} params={filter} />
        </>
      )}
    />
  );
}
