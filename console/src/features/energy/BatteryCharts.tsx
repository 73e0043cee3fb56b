import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HighChart, type ChartOptions } from '../../charts/HighChart';
import { timeSeries } from './battery-view';
import type { BatterySeries } from './energyApi';

type Point = { x: number; y: number | null; no?: number | null };

const withNumbers = (t: readonly number[], values: readonly (number | null)[], numbers: readonly (number | null)[]): Point[] => t.map((x, i) => ({ x, y: values[i] ?? null, no: numbers[i] ?? null }));

/**
 * Spec §3 series over the chosen window, zoomable by dragging: SOC and speed; the highest and
 * lowest cell voltage with their cell numbers; the highest and lowest probe temperature with their
 * probes. A day at a 10 s interval is 8,640 points per series.
 */
export function BatteryCharts({ series }: { series: BatterySeries | undefined }) {
  const { t } = useTranslation();
  const charts = useMemo<ChartOptions[]>(() => {
    const times = series?.t ?? [];
    const base = (title: string, yTitles: [string, string?]): ChartOptions => ({
      chart: { height: 220, animation: false, zooming: { type: 'x' } },
      title: { text: title, style: { fontSize: '13px' } },
      time: { timezone: 'Asia/Shanghai' },
      xAxis: { type: 'datetime' },
      yAxis: [{ title: { text: yTitles[0] } }, ...(yTitles[1] ? [{ title: { text: yTitles[1] }, opposite: true }] : [])],
      tooltip: { shared: true, xDateFormat: '%Y-%m-%d %H:%M:%S' },
      plotOptions: { series: { animation: false, turboThreshold: 0, marker: { enabled: false } } },
    });
    const numbered = (label: 'energy.cellNoShort' | 'energy.probeNoShort') => ({ pointFormatter(this: { y?: number | null; no?: number | null; series: { name: string } }) { return `${this.series.name}: <b>${this.y ?? '—'}</b> (${t(label, { no: this.no ?? '—' })})<br/>`; } });
    if (!times.length) return [base(t('energy.chart.soc'), [t('energy.soc')]), base(t('energy.chart.voltage'), ['V']), base(t('energy.chart.temperature'), ['°C'])];
    return [
      { ...base(t('energy.chart.soc'), [t('energy.soc'), t('energy.speed')]), series: [{ type: 'line', name: t('energy.soc'), data: timeSeries(times, series!.soc) }, { type: 'line', name: t('energy.speed'), data: timeSeries(times, series!.speed), yAxis: 1 }] },
      {
        ...base(t('energy.chart.voltage'), ['V']),
        series: [
          { type: 'line', name: t('energy.maxVoltage'), data: withNumbers(times, series!.maxVoltages, series!.maxVoltageNums), tooltip: numbered('energy.cellNoShort') },
          { type: 'line', name: t('energy.minVoltage'), data: withNumbers(times, series!.minVoltas, series!.minVoltagNums), tooltip: numbered('energy.cellNoShort') },
        ],
      },
      {
        ...base(t('energy.chart.temperature'), ['°C']),
        series: [
          { type: 'line', name: t('energy.maxTemp'), data: withNumbers(times, series!.maxTemps, series!.maxTempProbeNums), tooltip: numbered('energy.probeNoShort') },
          { type: 'line', name: t('energy.minTemp'), data: withNumbers(times, series!.minTemps, series!.minTempProbeNums), tooltip: numbered('energy.probeNoShort') },
        ],
      },
    ];
  }, [series, t]);
  return (
    <div className="of-energy-charts" data-points={series?.t.length ?? 0}>
      {charts.map((options, i) => (
        <HighChart key={i} options={options} />
      ))}
    </div>
  );
}
