import { Button, Tag, type Intent } from '@blueprintjs/core';
import { SPECIAL_BUSINESS_STATUSES, SPECIAL_BUSINESS_TYPES, type SpecialBusiness } from '@openfleet/contracts/vehicle-service';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { WithPower } from '../access/power-context';
import type { ScreenProps } from '../access/screen-props';
import { useResourceListQuery, useResourceMutations } from '../table-screen/resource-api';
import type { FormValues, PageQuery, PageResult } from '../table-screen/table-model';
import { TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { ExportButton } from './ExportButton';
import { ImportButton } from './ImportButton';
import { FilterSelect } from './FilterSelect';
import { businessBody, businessFields, businessToForm, emptyBusinessForm } from './operation-forms';
import { specialBusinessResource as resource } from './operationApi';
import { ReviewDialog } from './ReviewDialog';
import { useVehicleOptions } from './use-vehicle-options';

const STATUS_INTENT: Intent[] = ['primary', 'success', 'danger'];
const USE_STATE_INTENT: Intent[] = ['none', 'success', 'warning', 'danger', 'danger'];

/**
 * /index/specialBusiness (特殊业务): a vehicle's special cases, 报停 (suspension), 复运
 * (resumption), 过户 (ownership transfer), 注销 (deregistration) and 转籍 (transfer of
 * registration): applied for, then approved or rejected; an approved case sets the vehicle's use
 * state. Filtered by one vehicle, the list is that vehicle's history.
 */
export default function SpecialBusinessScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const vehicles = useVehicleOptions();
  const fields = useMemo(() => businessFields(vehicles), [vehicles]);
  const emptyForm = useMemo(emptyBusinessForm, []);
  const [filter, setFilter] = useState({ type: '', status: '' });
  const [reviewing, setReviewing] = useState<SpecialBusiness | null>(null);
  const { save, remove } = useResourceMutations(resource);

  const useList = useMemo(
    () =>
      function useBusinessList(query: PageQuery, skip: boolean): { data?: PageResult<SpecialBusiness>; isFetching: boolean } {
        const { data, isFetching } = useResourceListQuery({ resource, query, filter: { type: filter.type || undefined, status: filter.status || undefined } as Record<string, string> }, { skip });
        return { data: data as PageResult<SpecialBusiness> | undefined, isFetching };
      },
    [filter],
  );

  const columns: ColumnSpec<SpecialBusiness>[] = [
    { key: 'plateCode', titleKey: 'operationPage.plate', sortable: true, width: 110, render: (row) => row.plateCode },
    { key: 'businessType', titleKey: 'operationPage.businessType', sortable: true, width: 90, render: (row) => t(`operationPage.business.${row.businessType}`) },
    { key: 'applicant', titleKey: 'operationPage.applicant', width: 100, render: (row) => row.applicant },
    { key: 'reason', titleKey: 'operationPage.reason', width: 180, render: (row) => row.reason },
    { key: 'applyDate', titleKey: 'operationPage.applyDate', sortable: true, width: 110, render: (row) => row.applyDate },
    { key: 'effectiveDate', titleKey: 'operationPage.effectiveDate', sortable: true, width: 110, render: (row) => row.effectiveDate },
    { key: 'endDate', titleKey: 'operationPage.suspendUntil', width: 110, render: (row) => row.endDate ?? '' },
    { key: 'newOwner', titleKey: 'operationPage.newOwner', width: 120, render: (row) => row.newOwner },
    { key: 'status', titleKey: 'operationPage.status', width: 100, render: (row) => <Tag minimal intent={STATUS_INTENT[row.status]} data-status={row.status}>{t(`operationPage.approval.${row.status}`)}</Tag> },
    { key: 'reviewComment', titleKey: 'operationPage.reviewComment', width: 140, render: (row) => row.reviewComment },
    { key: 'useState', titleKey: 'operationPage.useState', width: 90, render: (row) => <Tag minimal intent={USE_STATE_INTENT[row.useState]}>{t(`operationPage.use.${row.useState}`)}</Tag> },
  ];

  return (
    <>
      <TableScreen<SpecialBusiness, FormValues>
        screen="specialBusiness"
        searchPlaceholderKey="operationPage.searchPlate"
        columns={columns}
        useList={useList}
        fields={fields}
        emptyForm={emptyForm}
        toForm={businessToForm}
        dialogWidth={750}
        addTitleKey="operationPage.businessAdd"
        editTitleKey="operationPage.businessEdit"
        save={(form, editing) => save(businessBody(form), editing?.id)}
        remove={(rows) => remove(rows.map((row) => row.id))}
        cellData={t}
        toolbar={(selected) => (
          <>
            <WithPower code="specialBusiness:modify">
              <Button
                icon="endorsed"
                text={t('operationPage.review')}
                onClick={() => {
                  if (selected.length !== 1) notify('warning', t('common.selectOneRow'));
                  else if (selected[0]!.status !== 0) notify('warning', t('operationPage.alreadyReviewed'));
                  else setReviewing(selected[0]!);
                }}
              />
            </WithPower>
            <FilterSelect label="operationPage.businessType" prefix="operationPage.business" values={SPECIAL_BUSINESS_TYPES} value={filter.type} onChange={(type) => setFilter((f) => ({ ...f, type }))} />
            <FilterSelect label="operationPage.status" prefix="operationPage.approval" values={SPECIAL_BUSINESS_STATUSES} value={filter.status} onChange={(status) => setFilter((f) => ({ ...f, status }))} />
            <ImportButton screen="specialBusiness" resource={resource} />
            <ExportButton screen="specialBusiness" path={resource.path} params={filter} />
          </>
        )}
      />
      <ReviewDialog item={reviewing} onClose={() => setReviewing(null)} />
    </>
  );
}
