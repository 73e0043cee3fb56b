import { HTMLSelect } from '@blueprintjs/core';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanSeriesQuery, useCanSignalsQuery } from '../can/canApi';
import { pointIndexAt } from './playback-clock';

/**
 * The CAN curves of history playback: a signal of the table picked beside the charts, its values
 * over the queried window placed at the track point of their time, so the playback cursor and a
 * click on the chart work for them as for speed and fuel.
 */
export function useCanCurves(window: { vehicleId: string; startTime: string; endTime: string } | null, epochs: readonly number[]): { picker: ReactNode; curves: { name: string; unit: string; data: [number, number][] }[] } {
  const { t } = useTranslation();
  const { data: signals } = useCanSignalsQuery();
  const [signalId, setSignalId] = useState('');
  const { data } = useCanSeriesQuery({ ...(window ?? { vehicleId: '', startTime: '', endTime: '' }), signalIds: signalId }, { skip: !window || !signalId });
  const curves = useMemo(
    () =>
      !signalId || !epochs.length
        ? []
        : (data?.series ?? []).map((series) => ({
            name: series.name,
            unit: series.unit,
            data: series.points.map(([ms, value]) => [Math.max(0, pointIndexAt(epochs, ms / 1000)), value] as [number, number]),
          })),
    [data, epochs, signalId],
  );
  const picker = signals?.length ? (
    <HTMLSelect className="of-history-can" value={signalId} onChange={(e) => setSignalId(e.currentTarget.value)} aria-label={t('history.canCurve')}>
      <option value="">{t('history.canNone')}</option>
      {signals.map((signal) => (
        <option key={signal.id} value={signal.id}>
          {signal.name}
        </option>
      ))}
    </HTMLSelect>
  ) : null;
  return { picker, curves };
}
