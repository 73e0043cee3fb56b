import type { BusDirection, BusLineStrip, BusStripVehicle } from '@openfleet/contracts/industry';
import { useTranslation } from 'react-i18next';
import { formatCst } from '../monitor/liveSlice';

/** Where a bus sits on its direction's strip, 0..100 % from the first stop to the last. */
export function stripPercent(vehicle: BusStripVehicle, stopCount: number): number {
  if (stopCount < 2 || vehicle.seq < 0) return 0;
  return Math.min(100, ((vehicle.seq + (vehicle.atStop ? 0 : vehicle.fraction)) / (stopCount - 1)) * 100);
}

const clock = (ms: number) => formatCst(Math.floor(ms / 1000)).slice(11, 16);

/** One direction of a line: its stops in order along a track, its buses between them, bunched ones marked. */
export function LineStrip({ strip, direction }: { strip: BusLineStrip; direction: BusDirection }) {
  const { t } = useTranslation();
  const stops = strip[direction];
  if (!stops.length) return null;
  const buses = strip.vehicles.filter((v) => v.direction === direction && v.seq >= 0);
  const position = (index: number) => `${stops.length > 1 ? (index / (stops.length - 1)) * 100 : 0}%`;
  return (
    <section className="of-bus-strip" data-direction={direction} aria-label={t(`busLine.direction.${direction}`)}>
      <h4>
        {t(`busLine.direction.${direction}`)}: {stops[0]!.name} → {stops[stops.length - 1]!.name}
      </h4>
      <div className="of-bus-strip-track">
        <div className="of-bus-strip-rail" />
        {stops.map((stop, index) => (
          <div key={stop.stopId} className="of-bus-stop" style={{ left: position(index) }} title={stop.stopId}>
            <span className="of-bus-stop-dot" />
            <span className="of-bus-stop-name">{stop.name}</span>
          </div>
        ))}
        {buses.map((bus) => (
          <div
            key={bus.vehicleId}
            className={`of-bus-chip${bus.bunched ? ' of-bus-bunched' : ''}${bus.atStop ? ' of-bus-at-stop' : ''}`}
            data-vehicle={bus.vehicleId}
            style={{ left: `${stripPercent(bus, stops.length)}%` }}
            title={[bus.plateCode, bus.headwayS !== null ? `${t('busLine.headway')} ${Math.round(bus.headwayS / 60)} min` : '', ...bus.etas.slice(0, 3).map((eta) => `${stops[eta.seq]?.name} ${clock(eta.at)}`)].filter(Boolean).join('\n')}
          >
            {bus.plateCode}
            {bus.bunched && <span className="of-bus-bunch-mark">{t('busLine.bunched')}</span>}
          </div>
        ))}
      </div>
    </section>
  );
}
