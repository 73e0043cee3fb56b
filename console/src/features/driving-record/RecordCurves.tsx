import { Card, HTMLSelect } from '@blueprintjs/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HighChart, type ChartOptions } from '../../charts/HighChart';
import type { VehicleWindow } from '../monitor/VehicleWindowFrame';
import { useDrivingRecordsQuery, useSpeedCurveQuery } from './drivingRecordApi';

const base = (height: number): ChartOptions => ({
  chart: { height, animation: false, zooming: { type: 'x' } },
  title: { text: undefined },
  plotOptions: { series: { animation: false, turboThreshold: 0, marker: { enabled: false } } },
});

/** 08H: speed per second of the window's speed records (and the status byte, stepped), zoomable. */
export function SpeedCurve({ window }: { window: VehicleWindow }) {
  const { t } = useTranslation();
  const { data, refetch } = useSpeedCurveQuery(window);
  // The list's first page (shared cache entry, polled after "collect now"): new records redraw the curve.
  const total = useDrivingRecordsQuery({ ...window, command: 0x08, current: 1, size: 20 }).data?.total;
  const drawnTotal = useRef(total);
  useEffect(() => {
    if (total === drawnTotal.current) return;
    drawnTotal.current = total;
    void refetch();
  }, [total, refetch]);
  const options = useMemo<ChartOptions>(
    () => ({
      ...base(300),
      time: { timezone: 'Asia/Shanghai' },
      xAxis: { type: 'datetime' },
      yAxis: [{ title: { text: t('drivingRecord.speedKmh') }, min: 0 }, { title: { text: t('drivingRecord.status') }, opposite: true, min: 0, max: 255 }],
      tooltip: { shared: true, xDateFormat: '%Y-%m-%d %H:%M:%S' },
      series: [
        { type: 'line' as const, name: t('drivingRecord.speedKmh'), data: data?.speed ?? [] },
        { type: 'line' as const, step: 'left' as const, name: t('drivingRecord.status'), yAxis: 1, data: data?.status ?? [] },
      ],
    }),
    [data, t],
  );
  return (
    <Card className="of-driving-speed-curve" data-points={data?.speed.length ?? 0}>
      <HighChart options={options} />
    </Card>
  );
}

/**
 * 10H: the 20 s before a stop of one accident suspicion record. GB/T 19056 table A.22 gives the
 * speed and status at the end time first, then every 0.2 s earlier: sample i is at -0.2·i s.
 */
export function AccidentCurve({ window }: { window: VehicleWindow }) {
  const { t } = useTranslation();
  const { data } = useDrivingRecordsQuery({ ...window, command: 0x10, current: 1, size: 100 });
  const records = data?.records ?? [];
  const [picked, setPicked] = useState(0);
  const record = records[Math.min(picked, records.length - 1)];
  const samples = (record?.data.samples as { speed: number; status: number }[] | undefined) ?? [];
  const options = useMemo<ChartOptions>(
    () => ({
      ...base(280),
      xAxis: { title: { text: t('drivingRecord.secondsBeforeStop') }, max: 0 },
      yAxis: [{ title: { text: t('drivingRecord.speedKmh') }, min: 0 }, { title: { text: t('drivingRecord.status') }, opposite: true, min: 0, max: 255 }],
      tooltip: { shared: true },
      series: [
        { type: 'line' as const, name: t('drivingRecord.speedKmh'), data: samples.map((s, i) => [Math.round(-i * 2) / 10, s.speed]).reverse() },
        { type: 'line' as const, step: 'left' as const, name: t('drivingRecord.status'), yAxis: 1, data: samples.map((s, i) => [Math.round(-i * 2) / 10, s.status]).reverse() },
      ],
    }),
    [samples, t],
  );
  return (
    <Card className="of-driving-accident-curve" data-points={samples.length}>
      <HTMLSelect value={String(picked)} onChange={(e) => setPicked(Number(e.currentTarget.value))} aria-label={t('drivingRecord.endTime')}>
        {records.map((r, i) => (
          <option key={`${r.at}-${i}`} value={i}>
            {r.time}
          </option>
        ))}
      </HTMLSelect>
      <HighChart options={options} />
    </Card>
  );
}
