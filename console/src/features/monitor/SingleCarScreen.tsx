import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { TrackPosition } from '../../map';
import type { ScreenProps } from '../access/screen-props';
import { InfoPanel } from './InfoPanel';
import { InstructionLauncher } from './InstructionLauncher';
import { CHECK_ALL_LIMIT } from './monitor-config';
import { selectLiveVehicles } from './monitor-selectors';
import { vehicleSelected } from './monitorSlice';
import { MonitorPane } from './MonitorPane';
import { useLiveSocket } from './useLiveSocket';
import { useMonitorData } from './useMonitorData';
import { VehicleTree } from './VehicleTree';
import './monitor.css';

/** Longest trail kept behind a tracked vehicle (points). */
const TRAIL_LIMIT = 5000;

/** /monitor/singleCar: one vehicle followed live, its trail growing, details updating. */
export default function SingleCarScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { rows } = useMonitorData();
  const vehicles = useAppSelector(selectLiveVehicles);
  const selected = useAppSelector((state) => state.monitor.selected);
  const vehicle = selected ? (vehicles[selected] ?? null) : null;
  const [trail, setTrail] = useState<TrackPosition[]>([]);
  useLiveSocket(useMemo(() => (selected ? [selected] : []), [selected]));

  useEffect(() => setTrail([]), [selected]);
  useEffect(() => {
    if (!vehicle || vehicle.lng === null || vehicle.lat === null) return;
    const point = { lng: vehicle.lng, lat: vehicle.lat, direction: vehicle.direction };
    setTrail((now) => {
      const last = now[now.length - 1];
      if (last && last.lng === point.lng && last.lat === point.lat) return now;
      return [...now.slice(-TRAIL_LIMIT + 1), point];
    });
  }, [vehicle]);

  const markers = useMemo(() => (vehicle ? { [vehicle.vehicleId]: vehicle } : {}), [vehicle]);
  const head = trail[trail.length - 1] ?? null;

  return (
    <div className="of-monitor of-monitor-single">
      <aside className="of-monitor-tree">
        <VehicleTree rows={rows} vehicles={vehicles} selected={selected} onSelect={(id) => dispatch(vehicleSelected(id))} checkLimit={CHECK_ALL_LIMIT} onLimit={() => undefined} />
      </aside>
      <section className="of-monitor-main">
        <div className="of-monitor-bar">
          <span>{vehicle ? `${t('monitor.follow')}: ${vehicle.plateCode || vehicle.terminalPhone}` : t('monitor.single.pick')}</span>
          <InstructionLauncher vehicleId={selected} plate={vehicle?.plateCode ?? ''} />
        </div>
        <div className="of-monitor-panes of-panes-1">
          <MonitorPane markers={markers} trail={trail} head={head} followKey={selected} />
        </div>
        <div className="of-monitor-bottom">
          <InfoPanel vehicle={vehicle} />
        </div>
      </section>
    </div>
  );
}
