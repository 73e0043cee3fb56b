import { HTMLTable } from '@blueprintjs/core';
import type { ComparedTrack } from '@openfleet/contracts/live';
import { useTranslation } from 'react-i18next';
import { colourOf, formatDrivingTime } from './vehicle-track-model';

/** One row per compared vehicle: its colour, plate and the day's figures; a click picks its points table. */
export function VehicleTrackLegend({ tracks, picked, onPick }: { tracks: readonly ComparedTrack[]; picked: string | null; onPick: (vehicleId: string) => void }) {
  const { t } = useTranslation();
  const units = { h: t('vehicleTrack.unit.h'), min: t('vehicleTrack.unit.min') };
  return (
    <HTMLTable compact interactive striped className="of-vehicle-track-legend">
      <thead>
        <tr>
          <th>{t('vehicleTrack.plate')}</th>
          <th>{t('vehicleTrack.mileage')}</th>
          <th>{t('vehicleTrack.drivingTime')}</th>
          <th>{t('vehicleTrack.maxSpeed')}</th>
          <th>{t('vehicleTrack.averageSpeed')}</th>
          <th>{t('vehicleTrack.stops')}</th>
          <th>{t('vehicleTrack.points')}</th>
        </tr>
      </thead>
      <tbody>
        {tracks.map((track, index) => (
          <tr key={track.vehicleId} data-vehicle={track.vehicleId} className={track.vehicleId === picked ? 'of-vehicle-track-picked' : ''} onClick={() => onPick(track.vehicleId)}>
            <td>
              <span className="of-vehicle-track-swatch" style={{ background: colourOf(index) }} />
              {track.plateCode || track.vehicleId}
            </td>
            <td>{track.mileageKm.toFixed(1)} km</td>
            <td>{formatDrivingTime(track.drivingS, units)}</td>
            <td>{track.pointCount ? `${track.maxSpeed.toFixed(0)} km/h` : '—'}</td>
            <td>{track.pointCount ? `${track.averageSpeed.toFixed(1)} km/h` : '—'}</td>
            <td>{track.stopCount}</td>
            <td className="of-vehicle-track-count">{track.pointCount}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
