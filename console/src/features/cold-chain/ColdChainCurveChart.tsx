import type { ColdChainCurve } from '@openfleet/contracts/industry';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { HighChart, type ChartInstance, type ChartOptions } from '../../charts/HighChart';
import { useColdChainCurveQuery } from './coldChainApi';

const CURSOR_ID = 'cold-chain-cursor';

interface PlotLineAxis {
  addPlotLine(options: { id: string; value: number; color: string; width: number; zIndex: number }): void;
  removePlotLine(id: string): void;
}

/** One line per probe (temperatures, then humidities on a second axis), excursions as red bands. */
export function coldChainSeries(curve: ColdChainCurve | undefined) {
  const temperatures: [number, number | null][][] = [];
  const humidities: [number, number | null][][] = [];
  for (const point of curve?.points ?? []) {
    point.temperatures.forEach((value, index) => (temperatures[index] ??= []).push([point.at, value]));
    point.humidities.forEach((value, index) => (humidities[index] ??= []).push([point.at, value]));
  }
  const bands = (curve?.excursions ?? []).map((e) => ({ from: e.startedAt, to: e.endedAt ?? curve?.points.at(-1)?.at ?? e.startedAt, type: e.type }));
  return { temperatures, humidities, bands };
}

export interface ColdChainCurveChartProps {
  readonly vehicleId: string;
  readonly startTime: string;
  readonly endTime: string;
  readonly height?: number;
  /** Epoch ms of the playback position: a plot line moved in place. */
  readonly cursorAt?: number | null;
}

/** Probe temperatures and humidity over the window with the vehicle's range and its excursions. */
export function ColdChainCurveChart({ vehicleId, startTime, endTime, height = 250, cursorAt = null }: ColdChainCurveChartProps) {
  const { t } = useTranslation();
  const chart = useRef<ChartInstance | null>(null);
  const { data } = useColdChainCurveQuery({ vehicleId, startTime, endTime });
  const series = useMemo(() => coldChainSeries(data), [data]);
  const options = useMemo<ChartOptions>(() => {
    const range = data?.settings?.temperature;
    const limits = [range?.min, range?.max].filter((value): value is number => typeof value === 'number');
    return {
      chart: { height, animation: false, zooming: { type: 'x' } },
      title: { text: undefined },
      time: { timezone: 'Asia/Shanghai' },
      xAxis: { type: 'datetime', plotBands: series.bands.map((band) => ({ from: band.from, to: band.to, color: 'rgba(205, 66, 70, 0.15)' })) },
      yAxis: [
        { title: { text: t('coldChain.curve.temperature') }, plotLines: limits.map((value) => ({ value, color: '#cd4246', dashStyle: 'Dash', width: 1 })) },
        { title: { text: t('coldChain.curve.humidity') }, opposite: true, min: 0, max: 100, visible: series.humidities.length > 0 },
      ],
      plotOptions: { series: { animation: false, turboThreshold: 0, marker: { enabled: false } } },
      series: [
        ...series.temperatures.map((points, index) => ({ type: 'line' as const, name: `${t('coldChain.quantity.temperature')}${index + 1}`, data: points, yAxis: 0 })),
        ...series.humidities.map((points, index) => ({ type: 'line' as const, name: `${t('coldChain.quantity.humidity')}${index + 1}`, data: points, yAxis: 1, dashStyle: 'ShortDot' as const })),
      ],
    };
  }, [series, data, height, t]);

  useEffect(() => {
    const axis = chart.current?.xAxis[0] as unknown as PlotLineAxis | undefined;
    if (!axis) return;
    axis.removePlotLine(CURSOR_ID);
    if (cursorAt !== null) axis.addPlotLine({ id: CURSOR_ID, value: cursorAt, color: '#2d72d2', width: 2, zIndex: 5 });
  }, [cursorAt, options]);

  return (
    <div className="of-cold-curve" data-vehicle={vehicleId} data-points={data?.points.length ?? 0} data-excursions={series.bands.length}>
      <HighChart options={options} onChart={(instance) => (chart.current = instance)} />
    </div>
  );
}
