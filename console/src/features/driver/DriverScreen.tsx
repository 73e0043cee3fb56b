import { useMemo } from 'react';
import type { ScreenProps } from '../access/screen-props';
import { labelMap, useCompanyOptions, useFleetOptions } from '../master-data/lookups';
import { resources } from '../master-data/resources';
import { listHook, useResourceMutations } from '../table-screen/resource-api';
import { TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { driverFields, driverToForm, emptyDriverForm, formToDriver, type Driver, type DriverForm } from './driver-form';

const useDriverList = listHook<Driver>(resources.driver);

/** /index/driverManage: drivers with Excel import/export. */
export default function DriverScreen(_props: ScreenProps) {
  const companies = useCompanyOptions();
  const fleets = useFleetOptions();
  const companyName = labelMap(companies);
  const fields = useMemo(() => driverFields(companies, fleets), [companies, fleets]);
  const { save, remove } = useResourceMutations(resources.driver);

  const columns: readonly ColumnSpec<Driver>[] = [
    { key: 'name', titleKey: 'driver.name', sortable: true, width: 120, render: (row) => row.name },
    { key: 'licenceNo', titleKey: 'driver.licenceNo', sortable: true, width: 170, render: (row) => row.licenceNo },
    { key: 'phone', titleKey: 'driver.phone', width: 130, render: (row) => row.phone ?? '' },
    { key: 'qualificationNo', titleKey: 'driver.qualificationNo', width: 150, render: (row) => row.qualificationNo ?? '' },
    { key: 'expiresOn', titleKey: 'driver.expiresOn', sortable: true, width: 120, render: (row) => (row.expiresOn ?? '').slice(0, 10) },
    { key: 'companyId', titleKey: 'common.company', width: 160, render: (row) => companyName.get(String(row.companyId)) ?? '' },
  ];

  return (
    <TableScreen<Driver, DriverForm>
      screen="driverManage"
      searchPlaceholderKey="driver.searchPlaceholder"
      columns={columns}
      useList={useDriverList}
      fields={fields}
      emptyForm={emptyDriverForm}
      toForm={driverToForm}
      dialogWidth={750}
      addTitleKey="driver.add"
      editTitleKey="driver.edit"
      save={(form, editing) => save(formToDriver(form), editing?.id)}
      remove={(rows) => remove(rows.map((row) => row.id))}
      excel={{ path: resources.driver.path, tag: resources.driver.tag }}
    />
  );
}
