import { Button } from '@blueprintjs/core';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { cstTime } from '../instruction/command-form';
import { selectLiveVehicles } from './monitor-selectors';
import { useMonitorData } from './useMonitorData';
import { VehicleTree } from './VehicleTree';
import './monitor.css';
import { DateTimePicker } from '../formats/DateTimePicker';

/** One vehicle and a time window, as the per-vehicle data screens query them. */
export interface VehicleWindow {
  vehicleId: string;
  startTime: string;
  endTime: string;
}

/** Today in China time, 00:00:00 to 23:59:59: within every one-day window. */
export function todayWindow(): { startTime: string; endTime: string } {
  const day = cstTime(Date.now()).slice(0, 10);
  return { startTime: `${day} 00:00:00`, endTime: `${day} 23:59:59` };
}

/**
 * The tree of the caller's vehicles beside the screen's content for the chosen one, with the
 * window's from/to fields and query button for the content's toolbar (emission data, CAN data).
 */
export function VehicleWindowFrame({ prefix, className = '', labels, children }: {
  /** Class prefix of the screen's parts: `<prefix>-from`, `-to`, `-query`, `-main`. */
  prefix: string;
  className?: string;
  /** i18n keys: the window's fields, the query button, and the hint shown before a vehicle is chosen. */
  labels: { from: string; to: string; query: string; pick: string };
  children: (window: VehicleWindow, toolbar: () => ReactNode) => ReactNode;
}) {
  const { t } = useTranslation();
  const { rows } = useMonitorData();
  const vehicles = useAppSelector(selectLiveVehicles);
  const [vehicleId, setVehicleId] = useState<string | null>(null);
  const [draft, setDraft] = useState(todayWindow);
  const [range, setRange] = useState(draft);
  const window = useMemo(() => ({ vehicleId: vehicleId ?? '', ...range }), [vehicleId, range]);
  const toolbar = () => (
    <div className="of-order-filters">
      <DateTimePicker className={`${prefix}-from`} value={draft.startTime} onChange={(value) => setDraft({ ...draft, startTime: value })} aria-label={t(labels.from)} />
      <DateTimePicker className={`${prefix}-to`} value={draft.endTime} onChange={(value) => setDraft({ ...draft, endTime: value })} aria-label={t(labels.to)} />
      <Button icon="time" className={`${prefix}-query`} text={t(labels.query)} onClick={() => setRange(draft)} />
    </div>
  );
  return (
    <div className={`of-monitor ${prefix} ${className}`}>
      <aside className="of-monitor-tree">
        <VehicleTree rows={rows} vehicles={vehicles} selected={vehicleId} onSelect={setVehicleId} checkLimit={Number.MAX_SAFE_INTEGER} onLimit={() => undefined} />
      </aside>
      <section className={`of-monitor-main ${prefix}-main`}>{vehicleId ? children(window, toolbar) : <div className="of-empty">{t(labels.pick)}</div>}</section>
    </div>
  );
}
