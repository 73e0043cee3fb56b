import { Cell, Column, Table2 } from '@blueprintjs/table';
import '@blueprintjs/table/lib/css/table.css';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { chargeStateKey } from '../energy/battery-view';
import { useBatteryStatesQuery } from '../energy/energyApi';
import { formatPlace, formatReading } from './field-format';
import type { LiveVehicle } from './liveSlice';
import { LNG_LAT_LABEL_KEY } from '../formats/coordinates';

export interface SelectedTableProps {
  readonly ids: readonly string[];
  readonly vehicles: Readonly<Record<string, LiveVehicle>>;
  readonly onSelect: (vehicleId: string) => void;
}

/** States asked for at once (the API's limit). */
const MAX_BATTERY_STATES = 500;

/**
 * The checked vehicles with live speed, time, place and status, and for electric vehicles (GB/T
 * 32960) their SOC and charging state (Blueprint Table renders only visible cells).
 */
export function SelectedTable({ ids, vehicles, onSelect }: SelectedTableProps) {
  const { t } = useTranslation();
  const asked = useMemo(() => ids.slice(0, MAX_BATTERY_STATES), [ids]);
  const batteries = useBatteryStatesQuery([...asked], { skip: !asked.length, pollingInterval: 10_000 }).data;
  const battery = useMemo(() => new Map((batteries ?? []).map((state) => [state.vehicleId, state])), [batteries]);
  const invalid = t('monitor.info.invalid');
  const at = (row: number) => vehicles[ids[row] ?? ''];
  const text = (row: number, read: (vehicle: LiveVehicle) => string) => {
    const vehicle = at(row);
    return <Cell>{vehicle ? read(vehicle) : '—'}</Cell>;
  };
  return (
    <div className="of-selected-table">
      <div className="of-selected-title">{t('monitor.table.title', { count: ids.length })}</div>
      <Table2
        numRows={ids.length}
        cellRendererDependencies={[vehicles, ids, battery, t]}
        enableRowHeader={false}
        defaultRowHeight={24}
        columnWidths={[110, 90, 76, 80, 80, 150, 190]}
        onSelection={(regions) => {
          const row = regions[0]?.rows?.[0];
          const id = row === undefined ? undefined : ids[row];
          if (id) onSelect(id);
        }}
      >
        <Column name={t('monitor.field.plate')} cellRenderer={(row) => text(row, (v) => v.plateCode || v.terminalPhone)} />
        <Column name={t('monitor.field.status')} cellRenderer={(row) => text(row, (v) => t(`monitor.status.${v.displayStatus}`))} />
        <Column name={t('energy.soc')} cellRenderer={(row) => <Cell className="of-selected-soc">{batteryText(battery.get(ids[row] ?? ''), (b) => (b.soc === null ? '—' : `${b.soc} %`))}</Cell>} />
        <Column name={t('energy.chargeState')} cellRenderer={(row) => <Cell>{batteryText(battery.get(ids[row] ?? ''), (b) => t(chargeStateKey(b.chargeState)))}</Cell>} />
        <Column name={t('monitor.field.speed')} cellRenderer={(row) => text(row, (v) => formatReading(v.gpsSpeed, invalid, 'km/h', 1).text)} />
        <Column name={t('monitor.field.gpsTime')} cellRenderer={(row) => text(row, (v) => v.gpsTime ?? '—')} />
        <Column name={`${t('monitor.field.place')}（${t(LNG_LAT_LABEL_KEY)}）`} cellRenderer={(row) => text(row, (v) => formatPlace(v.lng, v.lat))} />
      </Table2>
    </div>
  );
}

/** A battery field of a vehicle that reports over GB/T 32960; blank for the others. */
function batteryText<T>(state: T | undefined, read: (state: T) => string): string {
  return state ? read(state) : '';
}
