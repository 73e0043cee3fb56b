import { Button } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGranted } from '../access/granted';
import { ColdChainCurveChart } from './ColdChainCurveChart';

/**
 * The cold chain in history playback: a toggle beside the chart tools and, when on, the played
 * window's probe curves (excursions shaded, the playback position as a line) in place of the track
 * charts. Shown to those the API gives the curve to (a refused call would sign the user out).
 */
export function useHistoryColdChain(window: { vehicleId: string; startTime: string; endTime: string } | null, playbackAtS: number | null): { toggle: ReactNode; chart: ReactNode | null } {
  const { t } = useTranslation();
  const granted = [useGranted('coldChainMonitor:search'), useGranted('coldChainReport:search'), useGranted('historyTrack')].some(Boolean);
  const [on, setOn] = useState(false);
  if (!granted) return { toggle: null, chart: null };
  const toggle = <Button className="of-history-cold-toggle" icon="snowflake" active={on} disabled={!window} text={t('coldChain.curve.title')} onClick={() => setOn((now) => !now)} />;
  const chart = on && window ? <ColdChainCurveChart vehicleId={window.vehicleId} startTime={window.startTime} endTime={window.endTime} cursorAt={playbackAtS === null ? null : playbackAtS * 1000} /> : null;
  return { toggle, chart };
}
