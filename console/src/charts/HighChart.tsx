import { useEffect, useRef } from 'react';
import Highcharts from 'highcharts/esm/highcharts.js';
import 'highcharts/esm/modules/no-data-to-display.js';
import { useTranslation } from 'react-i18next';

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
  const target = useRef<HTMLDivElement>(null);
  const chart = useRef<ChartInstance | null>(null);
  const drawn = useRef<ChartOptions | null>(null);
  const report = useRef(onChart);
  report.current = onChart;

  useEffect(() => {
    if (!target.current) return undefined;
    // The accessibility module is not loaded (bundle size): say so instead of a console warning per chart.
    chart.current = Highcharts.chart(target.current, { credits: { enabled: false }, accessibility: { enabled: false }, ...options, lang: { noData: t('chart.noData') } });
    drawn.current = options;
    report.current?.(chart.current);
    return () => {
      report.current?.(null);
      chart.current?.destroy();
      chart.current = null;
    };
    // Recreated only with the language: the no-data text is a global chart option.
    // Option changes go through update() below.
  }, [i18n.language]);

  useEffect(() => {
    if (drawn.current === options) return;
    drawn.current = options;
    chart.current?.update(options, true, true, false);
  }, [options]);

  return <div ref={target} className={`of-chart ${className ?? ''}`} />;
}

export { Highcharts };
