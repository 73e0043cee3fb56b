import { Callout } from '@blueprintjs/core';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HighChart, type ChartInstance, type ChartOptions } from '../../charts/HighChart';
import { formatCst } from '../monitor/liveSlice';
import { toCatalogueLocale } from '../session/error-mapping';
import { fuelCurveFailure } from './fuel-curve-failure';
import { fuelCurveSeries, type FuelMarker } from './fuel-curve-series';
import { useFuelCurveQuery } from './fuelApi';

const CURSOR_ID = 'fuel-cursor';
const REFUEL_COLOUR = '#238551';
const THEFT_COLOUR = '#cd4246';

interface PlotLineAxis {
  addPlotLine(options: { id: string; value: number; color: string; width: number; zIndex: number }): void;
  removePlotLine(id: string): void;
}

export interface FuelCurveChartProps {
  readonly vehicleId: string;
  /** China times `YYYY-MM-DD HH:mm:ss`, at most 7 days apart. */
  readonly startTime: string;
  readonly endTime: string;
  readonly height?: number;
  /** Re-asks every so many ms (the live panel). */
  readonly pollingInterval?: number;
  /** Epoch ms of the playback position: a plot line moved in place. */
  readonly cursorAt?: number | null;
  /** Shown instead when the ledger is away (503/504: the tracking oil curve in the info panel); a refusal is said in words. */
  readonly fallback?: ReactNode;
}

/** Litres over time (median-filtered, all tanks) with refuel (▲) and suspected theft or leak (▼) markers. */
export function FuelCurveChart({ vehicleId, startTime, endTime, height = 220, pollingInterval, cursorAt = null, fallback }: FuelCurveChartProps) {
  const { t, i18n } = useTranslation();
  const chart = useRef<ChartInstance | null>(null);
  const { data, isError, error } = useFuelCurveQuery({ vehicleId, startTime, endTime }, { pollingInterval });
  const series = useMemo(() => fuelCurveSeries(data), [data]);

  const options = useMemo<ChartOptions>(() => {
    const markerPoint = (marker: FuelMarker) => ({ x: marker.x, y: marker.y, custom: { amountL: marker.amountL, startedAt: marker.startedAt } });
    const litres = t('fuel.curve.litres');
    return {
      chart: { height, animation: false, zooming: { type: 'x' } },
      title: { text: undefined },
      time: { timezone: 'Asia/Shanghai' },
      xAxis: { type: 'datetime' },
      yAxis: { title: { text: litres }, min: 0 },
      legend: { enabled: series.refuels.length + series.thefts.length > 0 },
      tooltip: {
        formatter() {
          const when = formatCst(Math.floor(Number(this.x) / 1000));
          const custom = (this as unknown as { options?: { custom?: { amountL: number } } }).options?.custom;
          return custom ? `${when}<br/>${this.series.name}: ${custom.amountL} L` : `${when}<br/>${litres}: ${this.y}`;
        },
      },
      plotOptions: { series: { animation: false, turboThreshold: 0 } },
      series: series.line.length
        ? [
            { type: 'line', name: litres, data: series.line, marker: { enabled: false }, showInLegend: false },
            { type: 'scatter', name: t('fuel.kind.refuel'), color: REFUEL_COLOUR, data: series.refuels.map(markerPoint), marker: { symbol: 'triangle', radius: 7 } },
            { type: 'scatter', name: t('fuel.kind.theft'), color: THEFT_COLOUR, data: series.thefts.map(markerPoint), marker: { symbol: 'triangle-down', radius: 7 } },
          ]
        : [],
    };
  }, [series, height, t]);

  useEffect(() => {
    // addPlotLine/removePlotLine come from the plot-band composition, missing in the Axis typings.
    const axis = chart.current?.xAxis[0] as unknown as PlotLineAxis | undefined;
    if (!axis) return;
    axis.removePlotLine(CURSOR_ID);
    if (cursorAt !== null) axis.addPlotLine({ id: CURSOR_ID, value: cursorAt, color: '#2d72d2', width: 2, zIndex: 5 });
  }, [cursorAt, options]);

  if (isError) {
    const failure = fuelCurveFailure(error, toCatalogueLocale(i18n.language));
    if (failure.kind === 'away' && fallback !== undefined) return <>{fallback}</>;
    return (
      <Callout intent="danger" icon="error" className="of-fuel-curve-error" data-vehicle={vehicleId} data-error-code={failure.kind === 'refused' ? failure.code : ''}>
        {failure.kind === 'refused' ? t('fuel.curve.failed', { reason: failure.reason, code: failure.code }) : t('fuel.curve.unavailable')}
      </Callout>
    );
  }
  return (
    <div className="of-fuel-curve" data-vehicle={vehicleId} data-points={series.line.length} data-refuels={series.refuels.length} data-thefts={series.thefts.length}>
      <HighChart options={options} onChart={(instance) => (chart.current = instance)} />
    </div>
  );
}
