import { Button, Tag } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { notify } from '../../app/toaster';
import type { Driver } from '../driver/driver-form';
import { vehicleOptions } from '../instruction/vehicle-options';
import { useVehicleTreeQuery } from '../monitor/monitorApi';
import { formatCst } from '../monitor/liveSlice';
import { useLookup, useResourceListQuery, useResourceMutations } from '../table-screen/resource-api';
import type { PageQuery, PageResult } from '../table-screen/table-model';
import { TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { AttachmentsDialog } from './AttachmentsDialog';
import { DeleteRecordsButton } from './DeleteRecordsButton';
import { emptyRecordFilter, recordListQuery, type RecordFilter } from './record-filter';
import { emptyRecordForm, recordBody, recordFields, recordNames, recordToForm, type RecordOptions, type RecordRow } from './record-form';
import { labelKeyOf, type RecordField, type RecordKindConfig } from './record-kinds';
import { RecordFilterBar } from './RecordFilterBar';
import { recordResource } from './recordsApi';
import './vehicle-service.css';

/** One cell of a record field: codes and flags in words, money with two decimals. */
function renderValue(config: RecordKindConfig, field: RecordField, value: unknown, t: TFunction): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (field.value) {
    case 'code':
      return t(`${field.codes?.prefix}.${String(value)}`);
    case 'flag':
      return t(`${labelKeyOf(config, field)}.${value ? 1 : 0}`);
    case 'money':
      return Number(value).toFixed(2);
    case 'datetime':
      return String(value).slice(0, 16);
    default:
      return String(value);
  }
}

/** The caller's vehicles (the monitor's tree) and drivers (the §7 picker list) for the dialog. */
function useRecordOptions(): RecordOptions {
  const { data: tree } = useVehicleTreeQuery();
  const drivers = useLookup<Driver[]>('basic/driver/findDriverList', 'Driver');
  return useMemo(
    () => ({
      vehicles: vehicleOptions(tree ?? []).map((vehicle) => ({ value: vehicle.id, label: vehicle.plate })),
      drivers: (drivers ?? []).map((driver) => ({ value: String(driver.id), label: driver.name })),
    }),
    [tree, drivers],
  );
}

/**
 * A record screen (insurance, maintenance, annual inspection, violation, accident): the house's
 * TableScreen with the filter bar, attachments, Excel import/export and a delete that names the records.
 */
export function RecordScreen({ config }: { config: RecordKindConfig }) {
  const { t } = useTranslation();
  const resource = useMemo(() => recordResource(config.kind), [config.kind]);
  const [filter, setFilter] = useState<RecordFilter>(emptyRecordFilter);
  const [shown, setShown] = useState<number | null>(null);
  const [attachmentsOf, setAttachmentsOf] = useState<{ id: number; name: string } | null>(null);
  const options = useRecordOptions();
  const fields = useMemo(() => recordFields(config, options), [config, options]);
  const emptyForm = useMemo(() => emptyRecordForm(config), [config]);
  const { save, remove } = useResourceMutations(resource);

  const useList = useMemo(
    () =>
      function useRecordList(query: PageQuery, skip: boolean): { data?: PageResult<RecordRow>; isFetching: boolean } {
        const { current: _current, size: _size, keyword: _keyword, ...rest } = recordListQuery(filter, query);
        const { data, isFetching } = useResourceListQuery({ resource, query, filter: rest }, { skip });
        // The screen shows "no data" over an empty table (Blueprint draws nothing there).
        useEffect(() => setShown(isFetching ? null : (data?.records.length ?? 0)), [data, isFetching]);
        return { data: data as PageResult<RecordRow> | undefined, isFetching };
      },
    [filter, resource],
  );

  const columns: ColumnSpec<RecordRow>[] = [
    { key: 'plateCode', titleKey: 'vehicleService.plate', sortable: true, width: 110, render: (row) => row.plateCode || row.vehicleId },
    ...config.fields
      .filter((field) => field.width !== undefined)
      .map((field) => ({ key: field.name, titleKey: labelKeyOf(config, field), width: field.width, sortable: field.value === 'date' || field.value === 'datetime', render: (row: RecordRow) => renderValue(config, field, row[field.name === 'driverId' ? 'driverName' : field.name], t) })),
    ...(config.kind === 'insurance' ? [{ key: 'status', titleKey: 'vehicleService.insurance.status', width: 100, render: (row: RecordRow) => <Tag minimal intent={row.status === 'expired' ? 'danger' : row.status === 'active' ? 'success' : 'none'}>{t(`vehicleService.insuranceStatus.${String(row.status)}`)}</Tag> }] : []),
    { key: 'attachmentCount', titleKey: 'vehicleService.attachmentCount', width: 60, render: (row) => String(row.attachmentCount ?? 0) },
    { key: 'remark', titleKey: 'vehicleService.remark', width: 140, render: (row) => row.remark || '' },
    { key: 'createdAt', titleKey: 'vehicleService.createdAt', sortable: true, width: 150, render: (row) => formatCst(Math.floor(Number(row.createdAt) / 1000)) },
  ];

  return (
    <div className="of-vs-screen" data-kind={config.kind} data-rows={shown ?? ''}>
      <TableScreen<RecordRow, Record<string, string>>
        screen={config.screen}
        searchPlaceholderKey="vehicleService.searchPlaceholder"
        columns={columns}
        useList={useList}
        fields={fields}
        emptyForm={emptyForm}
        toForm={(row) => recordToForm(config, row)}
        dialogWidth={750}
        addTitleKey={`${config.i18n}.add`}
        editTitleKey={`${config.i18n}.edit`}
        save={(form, editing) => save(recordBody(config, form, options), editing?.id)}
        remove={async () => false}
        canDelete={false}
        cellData={t}
        excel={{ path: resource.path, tag: resource.tag, template: true }}
        toolbar={(selected, clearSelection) => (
          <>
            <DeleteRecordsButton screen={config.screen} names={recordNames(config, selected)} remove={() => remove(selected.map((row) => row.id))} onDeleted={clearSelection} />
            <Button
              icon="paperclip"
              text={t('vehicleService.attachments')}
              onClick={() => (selected.length === 1 ? setAttachmentsOf({ id: selected[0]!.id, name: recordNames(config, selected)[0] ?? '' }) : notify('warning', t('common.selectOneRow')))}
            />
            <RecordFilterBar filter={filter} statuses={config.statuses} onApply={setFilter} />
          </>
        )}
      />
      <AttachmentsDialog kind={config.kind} screen={config.screen} record={attachmentsOf} onClose={() => setAttachmentsOf(null)} />
    </div>
  );
}
