import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HighChart, type ChartOptions } from '../../charts/HighChart';
import type { CalibrationPoint, TankBounds } from './calibration-points';

/** Litres over height (mm) as the table interpolates them, the tank's capacity and height as limits. */
export function CalibrationChart({ points, tank }: { points: readonly CalibrationPoint[]; tank: TankBounds }) {
  const { t } = useTranslation();
  const options = useMemo<ChartOptions>(() => {
    const sorted = [...points].sort((a, b) => a.height - b.height);
    const limit = (value: number, text: string) => ({ value, color: '#cd4246', width: 1, dashStyle: 'Dash' as const, label: { text } });
    return {
      chart: { type: 'line', height: 360, animation: false },
      title: { text: undefined },
      legend: { enabled: false },
      xAxis: { title: { text: t('fuel.calibration.height') }, max: tank.height, plotLines: [limit(tank.height, t('fuel.calibration.tankHeight'))] },
      yAxis: { title: { text: t('fuel.calibration.quantity') }, min: 0, max: tank.capacity * 1.05, plotLines: [limit(tank.capacity, t('fuel.calibration.tankCapacity'))] },
      tooltip: { headerFormat: '', pointFormat: '{point.x} mm: {point.y} L' },
      series: sorted.length ? [{ type: 'line', name: t('fuel.calibration.quantity'), animation: false, data: sorted.map((point) => [point.height, point.quantity]) }] : [],
    };
  }, [points, tank, t]);
  return (
    <div className="of-calibration-chart" data-points={points.length}>
      <HighChart options={options} />
    </div>
  );
}
