import { Button, NonIdealState } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FuelCurveChart } from './FuelCurveChart';
import { useFuelCurveGranted } from './useFuelCurveGranted';

/**
 * The fuel ledger in history playback: a toggle beside the chart tools and, when on, the played
 * window's fuel curve (refuel and loss markers, the playback position as a line) in place of the
 * track charts.
 */
export function useHistoryFuel(window: { vehicleId: string; startTime: string; endTime: string } | null, playbackAtS: number | null): { toggle: ReactNode; chart: ReactNode | null } {
  const { t } = useTranslation();
  const granted = useFuelCurveGranted();
  const [on, setOn] = useState(false);
  if (!granted) return { toggle: null, chart: null };
  const toggle = <Button className="of-history-fuel-toggle" icon="oil-field" active={on} disabled={!window} text={t('fuel.curve.title')} onClick={() => setOn((now) => !now)} />;
  const chart = on && window ? <FuelCurveChart vehicleId={window.vehicleId} startTime={window.startTime} endTime={window.endTime} height={250} cursorAt={playbackAtS === null ? null : playbackAtS * 1000} fallback={<NonIdealState icon="oil-field" description={t('fuel.curve.unavailable')} />} /> : null;
  return { toggle, chart };
}
