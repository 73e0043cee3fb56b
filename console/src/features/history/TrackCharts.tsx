import { RangeSlider } from '@blueprintjs/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HighChart, type ChartInstance, type ChartOptions } from '../../charts/HighChart';
import type { DailyMileage } from './track-archive';

/** Spec §9: zoom window 0..100, starting at 30..70. */
export const INITIAL_ZOOM: [number, number] = [30, 70];
const CURSOR_ID = 'playback-cursor';

interface PlotLineAxis {
  addPlotLine(options: { id: string; value: number; color: string; width: number; zIndex: number }): void;
  removePlotLine(id: string): void;
}

export interface TrackChartsProps {
  readonly charts: DailyMileage['charts'] | null;
  /** Index into charts.gpsTime of the playback position. */
  readonly cursor: number;
  /** Clicking the chart seeks the playback to that point. */
  readonly onSeekIndex: (index: number) => void;
  /** More curves on their own axis (CAN signals), their x the track point index. */
  readonly extra?: readonly { name: string; unit: string; data: [number, number][] }[];
}

/** Speed, fuel and altitude over the track; the playback cursor is a plot line moved in place. */
export function TrackCharts({ charts, cursor, onSeekIndex, extra = [] }: TrackChartsProps) {
  const { t } = useTranslation();
  const chart = useRef<ChartInstance | null>(null);
  const [zoom, setZoom] = useState<[number, number]>(INITIAL_ZOOM);
  const seek = useRef(onSeekIndex);
  seek.current = onSeekIndex;
  const count = charts?.gpsTime.length ?? 0;

  const options = useMemo<ChartOptions>(() => {
    const times = charts?.gpsTime ?? [];
    const series = (values: readonly (number | null)[] | undefined) => (values ?? []).map((value, index) => [index, value] as [number, number | null]);
    const click = (x: number) => seek.current(Math.max(0, Math.min(times.length - 1, Math.round(x))));
    return {
      chart: { height: 220, animation: false, zooming: { type: 'x' }, events: { click: (event) => click((event as unknown as { xAxis: { value: number }[] }).xAxis[0]!.value) } },
      title: { text: undefined },
      xAxis: { labels: { formatter: (context) => (times[Number(context.value)] ?? '').slice(5, 16) }, plotLines: [] },
      yAxis: [{ title: { text: t('chart.speed') } }, { title: { text: t('chart.oil') }, opposite: true }, ...extra.map((curve) => ({ title: { text: `${curve.name} (${curve.unit})` }, opposite: true }))],
      tooltip: { shared: true, formatter() { return `${times[Number(this.x)] ?? ''}<br/>${(this.points ?? []).map((p) => `${p.series.name}: ${p.y ?? '—'}`).join('<br/>')}`; } },
      plotOptions: { series: { animation: false, turboThreshold: 0, point: { events: { click() { click(Number(this.x)); } } } } },
      series: count ? [
        { type: 'line', name: t('chart.speed'), data: series(charts?.gpsSpeed), yAxis: 0 },
        { type: 'line', name: t('chart.oil'), data: series(charts?.oilMass), yAxis: 1 },
        { type: 'line', name: t('chart.altitude'), data: series(charts?.high), yAxis: 0, visible: false },
        ...extra.map((curve, i) => ({ type: 'line' as const, name: curve.name, data: curve.data, yAxis: 2 + i })),
      ] : [],
    };
  }, [charts, count, t, extra]);

  useEffect(() => {
    if (!chart.current || !count) return;
    const axis = chart.current.xAxis[0]!;
    axis.setExtremes((count - 1) * (zoom[0] / 100), (count - 1) * (zoom[1] / 100), true, false);
  }, [zoom, count, options]);

  useEffect(() => {
    // addPlotLine/removePlotLine come from the plot-band composition, missing in the Axis typings.
    const axis = chart.current?.xAxis[0] as unknown as PlotLineAxis | undefined;
    if (!axis) return;
    axis.removePlotLine(CURSOR_ID);
    if (count && cursor >= 0) axis.addPlotLine({ id: CURSOR_ID, value: cursor, color: '#cd4246', width: 2, zIndex: 5 });
  }, [cursor, count, options]);

  return (
    <div className="of-track-charts" data-cursor={cursor} data-extra={extra.reduce((sum, curve) => sum + curve.data.length, 0)}>
      <HighChart options={options} onChart={(instance) => (chart.current = instance)} />
      <div className="of-chart-zoom">
        <RangeSlider min={0} max={100} stepSize={1} labelStepSize={10} value={zoom} onChange={(range) => setZoom([range[0], range[1]])} />
      </div>
    </div>
  );
}
