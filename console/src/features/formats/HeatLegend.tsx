import { useTranslation } from 'react-i18next';
import { legendStops, scaleGradient, type ColourScale } from './colour-scale';
import './formats.css';

/** The colour bar of a heat map with the values at its ends and between. */
export function HeatLegend({ scale, unit, digits }: { scale: ColourScale; unit: string; digits: number }) {
  const { t } = useTranslation();
  return (
    <div className="of-heat-legend" data-min={scale.min.toFixed(digits)} data-max={scale.max.toFixed(digits)}>
      <span>{t('format.legend')}</span>
      <div style={{ flex: 1 }}>
        <div className="of-heat-legend-bar" style={{ background: scaleGradient() }} />
        <div className="of-heat-legend-values">
          {legendStops(scale, 5).map((stop, i) => (
            <span key={i}>{stop.value.toFixed(digits)}</span>
          ))}
        </div>
      </div>
      <span>{unit}</span>
    </div>
  );
}
