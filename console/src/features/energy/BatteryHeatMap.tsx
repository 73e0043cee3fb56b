import { Tooltip } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { HeatLegend } from '../formats/HeatLegend';
import { sequentialScale } from '../formats/colour-scale';
import { extremesOf, HEAT_MIN_SPAN, type HeatCell } from './battery-view';

/**
 * A grid of cells (or probes) on a sequential colour scale over the readings' range (at least
 * 50 mV or 5 °C wide, so normal spread looks calm), the extremes outlined and named, and a legend.
 */
export function BatteryHeatMap({ kind, cells, unit, digits }: { kind: 'cell' | 'probe'; cells: readonly HeatCell[]; unit: string; digits: number }) {
  const { t } = useTranslation();
  const extremes = extremesOf(cells);
  const scale = sequentialScale(cells.map((cell) => cell.value), HEAT_MIN_SPAN[kind]);
  const show = (cell: HeatCell) => (typeof cell.value === 'number' ? `${cell.value.toFixed(digits)} ${unit}` : t(`energy.reading.${cell.value}`));
  const name = (cell: HeatCell) => t(`energy.${kind}No`, { subsystem: cell.subsystem, no: cell.no });
  return (
    <div className={`of-heat of-heat-${kind}s`} data-count={cells.length}>
      <div className="of-heat-extremes">
        {extremes ? (
          <>
            <span className="of-heat-max">{t('energy.max')}: {show(extremes.max)} ({name(extremes.max)})</span>
            <span className="of-heat-min">{t('energy.min')}: {show(extremes.min)} ({name(extremes.min)})</span>
          </>
        ) : (
          <span>{t('energy.noReadings')}</span>
        )}
      </div>
      <div className="of-heat-grid">
        {cells.map((cell) => {
          const extreme = cell === extremes?.max ? 'max' : cell === extremes?.min ? 'min' : '';
          return (
            <Tooltip key={`${cell.subsystem}:${cell.no}`} content={`${name(cell)}: ${show(cell)}`} hoverOpenDelay={150}>
              <div className={`of-heat-cell ${extreme ? `of-heat-cell-${extreme}` : ''}`} data-no={cell.no} style={{ background: scale.colourOf(cell.value), color: scale.textOf(cell.value) }}>
                {cell.no}
              </div>
            </Tooltip>
          );
        })}
      </div>
      {extremes && <HeatLegend scale={scale} unit={unit} digits={kind === 'cell' ? 3 : 1} />}
    </div>
  );
}
