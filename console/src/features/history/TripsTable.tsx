import { HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { StopView, TripView } from './historyApi';
import { cstToEpoch } from './track-archive';

export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  return h ? `${h}h${String(m).padStart(2, '0')}m` : `${m}m${String(s).padStart(2, '0')}s`;
}

/** Trips (or, by footprint, stops); clicking a row jumps the playback to its start. */
export function TripsTable({ trips, stops, onJump }: { trips?: readonly TripView[]; stops: readonly StopView[]; onJump: (epochS: number) => void }) {
  const { t } = useTranslation();
  const rows = trips ?? stops;
  return (
    <HTMLTable compact interactive striped className="of-trips-table">
      <thead>
        <tr>
          <th>{trips ? t('history.trips') : t('history.stops')}</th>
          <th>{t('history.tripStart')}</th>
          <th>{t('history.tripEnd')}</th>
          <th>{t('history.tripDuration')}</th>
          {trips && <th>{t('history.tripDistance')}</th>}
          <th>{trips ? t('geo.tripPlaces') : t('geo.place')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={row.startTime} onClick={() => onJump(cstToEpoch(row.startTime))}>
            <td>{index + 1}</td>
            <td>{row.startTime}</td>
            <td>{row.endTime}</td>
            <td>{formatDuration(row.durationS)}</td>
            {trips && <td>{(row as TripView).distanceKm}</td>}
            <td className="of-trip-place">{trips ? `${(row as TripView).start.place || '—'} → ${(row as TripView).end.place || '—'}` : (row as StopView).place || '—'}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
