import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../access/screen-props';
import { useGranted } from '../access/granted';
import { BindActions } from '../master-data/BindActions';
import { labelMap, useCompanyOptions, useFleetOptions } from '../master-data/lookups';
import { resources } from '../master-data/resources';
import { listHook, useLookup, useResourceMutations } from '../table-screen/resource-api';
import { TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import type { Driver } from '../driver/driver-form';
import type { Terminal } from '../terminal/terminal-form';
import {
  emptyVehicleForm,
  formToVehicle,
  vehicleFields,
  vehicleToForm,
  type Vehicle,
  type VehicleForm,
  type VehicleType,
} from './vehicle-form';

const useVehicleList = listHook<Vehicle>(resources.vehicle);

interface Master {
  readonly id: number;
  readonly name: string;
  readonly phone: string;
}

/** /index/carList: vehicles, terminal bind/unbind (`logoutTerminal`), Excel import/export. */
export default function VehicleScreen(_props: ScreenProps) {
  const { t, i18n } = useTranslation();
  const companies = useCompanyOptions();
  const fleets = useFleetOptions();
  const types = useLookup<VehicleType[]>('basic/vehicle/types', 'Vehicle');
  const drivers = useLookup<Driver[]>('basic/driver/findDriverList', 'Driver');
  // The terminal list needs terminalM:search; the unbound list (§7) needs no code.
  const terminals = useLookup<{ records: Terminal[] }>('basic/terminal?size=1000', 'Terminal', !useGranted('terminalM:search'))?.records;
  const unboundTerminals = useLookup<Terminal[]>('basic/terminal/findUnbindTerminalList', 'Terminal');
  // All owners with the owner screen's code; else those no vehicle points at (§7, no code needed).
  const allMasters = useGranted('vehicleMaster:search');
  const listedMasters = useLookup<{ records: Master[] }>('basic/vehicle-master?size=1000', 'Catalogue', !allMasters);
  const unboundMasters = useLookup<Master[]>('basic/vehicleMaster/getUnbindMasters', 'Catalogue', allMasters);
  const masters = (allMasters ? listedMasters?.records : unboundMasters) ?? [];
  const { save, remove } = useResourceMutations(resources.vehicle);
  const english = i18n.language === 'en_US';

  const options = useMemo(
    () => ({
      companies,
      fleets,
      types: (types ?? []).map((type) => ({ value: String(type.code), label: english ? type.en_US : type.zh_CN })),
      drivers: (drivers ?? []).map((driver) => ({ value: String(driver.id), label: `${driver.name} (${driver.licenceNo})` })),
      masters: masters.map((master) => ({ value: String(master.id), label: `${master.name} (${master.phone})` })),
    }),
    [companies, fleets, types, drivers, masters, english],
  );
  const fields = useMemo(() => vehicleFields(options), [options]);
  const companyName = labelMap(companies);
  const fleetName = labelMap(fleets);
  const typeName = labelMap(options.types);
  const terminalName = new Map((terminals ?? []).map((term) => [term.id, term.terminalCode]));
  const unbound = (unboundTerminals ?? []).map((term) => ({ value: String(term.id), label: `${term.terminalCode} (${term.terminalPhone})` }));

  const columns: readonly ColumnSpec<Vehicle>[] = [
    { key: 'plateCode', titleKey: 'vehicle.plate', sortable: true, width: 120, render: (row) => row.plateCode },
    { key: 'plateColor', titleKey: 'vehicle.plateColor', sortable: true, width: 100, render: (row) => t(`vehicle.plateColor.${row.plateColor}`) },
    { key: 'vehicleType', titleKey: 'vehicle.type', sortable: true, width: 150, render: (row) => typeName.get(String(row.vehicleType)) ?? '' },
    { key: 'vin', titleKey: 'vehicle.vin', width: 180, render: (row) => row.vin ?? '' },
    { key: 'companyId', titleKey: 'common.company', width: 150, render: (row) => companyName.get(String(row.companyId)) ?? '' },
    { key: 'fleetId', titleKey: 'common.fleet', width: 160, render: (row) => fleetName.get(String(row.fleetId)) ?? '' },
    { key: 'terminalId', titleKey: 'vehicle.terminal', width: 120, render: (row) => (row.terminalId ? (terminalName.get(row.terminalId) ?? '✓') : '') },
    { key: 'useState', titleKey: 'vehicle.useState', width: 100, render: (row) => (row.useState ? t(`vehicle.useState.${row.useState}`) : '') },
    { key: 'fuelType', titleKey: 'vehicle.fuelType', width: 100, render: (row) => (row.fuelType ? t(`vehicle.fuelType.${row.fuelType}`) : '') },
  ];

  return (
    <TableScreen<Vehicle, VehicleForm>
      screen="carList"
      searchPlaceholderKey="vehicle.searchPlaceholder"
      columns={columns}
      useList={useVehicleList}
      fields={fields}
      emptyForm={emptyVehicleForm}
      toForm={vehicleToForm}
      dialogWidth={900}
      addTitleKey="vehicle.add"
      editTitleKey="vehicle.edit"
      save={(form, editing) => save(formToVehicle(form), editing?.id)}
      remove={(rows) => remove(rows.map((row) => row.id))}
      excel={{ path: resources.vehicle.path, tag: resources.vehicle.tag, template: true }}
      toolbar={(selected) => (
        <BindActions<Vehicle>
          screen="carList"
          selected={selected}
          options={unbound}
          bind={(vehicle, terminalId) => ({ url: `basic/vehicle/${vehicle.id}/bind`, method: 'POST', body: { terminalId } })}
          unbind={(vehicle) => ({ url: 'basic/terminal/logoutTerminal', method: 'GET', params: { vehicleId: vehicle.id } })}
          invalidates={['Vehicle', 'Terminal']}
        />
      )}
    />
  );
}
