import { useMemo } from 'react';
import { vehicleOptions } from '../instruction/vehicle-options';
import { useVehicleTreeQuery } from '../monitor/monitorApi';
import type { FieldOption } from '../table-screen/table-model';

/** The caller's vehicles (the monitor's tree) as select options: id, plate. */
export function useVehicleOptions(): readonly FieldOption[] {
  const { data: tree } = useVehicleTreeQuery();
  return useMemo(() => vehicleOptions(tree ?? []).map((vehicle) => ({ value: vehicle.id, label: vehicle.plate })), [tree]);
}
