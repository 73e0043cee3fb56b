import { Cell, Column, Table2 } from '@blueprintjs/table';
import '@blueprintjs/table/lib/css/table.css';
import { useTranslation } from 'react-i18next';
import { formatPlace, formatReading } from './field-format';
import type { LiveVehicle } from './liveSlice';

export interface SelectedTableProps {
  readonly ids: readonly string[];
  readonly vehicles: Readonly<Record<string, LiveVehicle>>;
  readonly onSelect: (vehicleId: string) => void;
}

/** The checked vehicles with live speed, time, place and status (Blueprint Table renders only visible cells). */
export function SelectedTable({ ids, vehicles, onSelect }: SelectedTableProps) {
  const { t } = useTranslation();
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
        cellRendererDependencies={[vehicles, ids, t]}
        enableRowHeader={false}
        defaultRowHeight={24}
        columnWidths={[120, 110, 90, 160, 200]}
        onSelection={(regions) => {
          const row = regions[0]?.rows?.[0];
          const id = row === undefined ? undefined : ids[row];
          if (id) onSelect(id);
        }}
      >
        <Column name={t('monitor.field.plate')} cellRenderer={(row) => text(row, (v) => v.plateCode || v.terminalPhone)} />
        <Column name={t('monitor.field.status')} cellRenderer={(row) => text(row, (v) => t(`monitor.status.${v.displayStatus}`))} />
        <Column name={t('monitor.field.speed')} cellRenderer={(row) => text(row, (v) => formatReading(v.gpsSpeed, invalid, 'km/h', 1).text)} />
        <Column name={t('monitor.field.gpsTime')} cellRenderer={(row) => text(row, (v) => v.gpsTime ?? '—')} />
        <Column name={t('monitor.field.place')} cellRenderer={(row) => text(row, (v) => formatPlace(v.lng, v.lat))} />
      </Table2>
    </div>
  );
}
