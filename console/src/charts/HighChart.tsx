import { useEffect, useRef } from 'react';
import Highcharts from 'highcharts/esm/highcharts.js';
import 'highcharts/esm/modules/no-data-to-display.js';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../app/hooks';
import { chartTheme } from './chart-theme';

export type ChartOptions = Highcharts.Options;
export type ChartInstance = Highcharts.Chart;

export interface HighChartProps {
  readonly options: ChartOptions;
  readonly className?: string;
  /** The live chart, for cursor updates that must not rebuild the series. */
  readonly onChart?: (chart: ChartInstance | null) => void;
}

/**
 * One Highcharts chart: created on mount, updated in place when the options change, destroyed on
 * unmount. The empty axis shows the locale's "no data" words (spec §9: 暂无数据).
 */
export function HighChart({ options, className, onChart }: HighChartProps) {
  const { t, i18n } = useTranslation();
  const dark = useAppSelector((state) => state.settings.theme === 'dark');
  const target = useRef<HTMLDivElement>(null);
  const chart = useRef<ChartInstance | null>(null);
  const drawn = useRef<ChartOptions | null>(null);
  const report = useRef(onChart);
  report.current = onChart;

  useEffect(() => {
    if (!target.current) return undefined;
    // The accessibility module is not loaded (bundle size): say so instead of a console warning per chart.
    const base: ChartOptions = { credits: { enabled: false }, accessibility: { enabled: false }, lang: { noData: t('chart.noData') } };
    chart.current = Highcharts.chart(target.current, Highcharts.merge(base, chartTheme(dark), options));
    drawn.current = options;
    report.current?.(chart.current);
    return () => {
      report.current?.(null);
      chart.current?.destroy();
      chart.current = null;
    };
    // Recreated only with the language (the no-data text is a global chart option) and the theme.
    // Option changes go through update() below.
  }, [i18n.language, dark]);

  useEffect(() => {
    if (drawn.current === options) return;
    drawn.current = options;
    chart.current?.update(options, true, true, false);
  }, [options]);

  return <div ref={target} className={`of-chart ${className ?? ''}`} />;
}

export { Highcharts };
