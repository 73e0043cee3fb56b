import { Cell, Column, Table2 } from '@blueprintjs/table';
import '@blueprintjs/table/lib/css/table.css';
import type { ComparedPoint } from '@openfleet/contracts/live';
import { useTranslation } from 'react-i18next';
import { formatCst } from '../monitor/liveSlice';
import { pointIndexAt } from '../history/playback-clock';

/** The points of one compared vehicle (Blueprint Table renders only visible rows); a click seeks the shared clock. */
export function VehicleTrackPoints({ plate, points, at, onSeek }: { plate: string; points: readonly ComparedPoint[]; at: number; onSeek: (epochS: number) => void }) {
  const { t } = useTranslation();
  const times = points.map((point) => point.t);
  const current = pointIndexAt(times, at);
  const cell = (row: number, read: (point: ComparedPoint) => string) => {
    const point = points[row];
    return <Cell className={row === current ? 'of-vehicle-track-current' : undefined}>{point ? read(point) : ''}</Cell>;
  };
  return (
    <div className="of-vehicle-track-points" data-rows={points.length}>
      <div className="of-selected-title">{t('vehicleTrack.pointsOf', { plate, count: points.length })}</div>
      <Table2
        numRows={points.length}
        cellRendererDependencies={[points, current, t]}
        enableRowHeader
        defaultRowHeight={24}
        columnWidths={[150, 90, 80, 110, 110]}
        onSelection={(regions) => {
          const row = regions[0]?.rows?.[0];
          const point = row === undefined ? undefined : points[row];
          if (point) onSeek(point.t);
        }}
      >
        <Column name={t('vehicleTrack.time')} cellRenderer={(row) => cell(row, (point) => formatCst(point.t))} />
        <Column name={t('vehicleTrack.speed')} cellRenderer={(row) => cell(row, (point) => `${point.speed.toFixed(1)} km/h`)} />
        <Column name={t('vehicleTrack.direction')} cellRenderer={(row) => cell(row, (point) => `${point.direction}°`)} />
        <Column name={t('vehicleTrack.longitude')} cellRenderer={(row) => cell(row, (point) => point.lng.toFixed(6))} />
        <Column name={t('vehicleTrack.latitude')} cellRenderer={(row) => cell(row, (point) => point.lat.toFixed(6))} />
      </Table2>
    </div>
  );
}
