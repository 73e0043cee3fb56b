import { Button, ButtonGroup, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { MapType } from '@openfleet/geo';
import { OSM_MAP_TYPE } from './coordinate-boundary';
import { useMap } from './MapContext';
import { downloadMapPng, printMap, zoomToBoxOnce } from './map-export';

export interface MapLayerChoice {
  readonly mapType: number;
  readonly base: 'road' | 'satellite';
  readonly traffic: boolean;
}

export interface MapToolbarProps {
  readonly choice: MapLayerChoice;
  readonly onChoice: (choice: MapLayerChoice) => void;
  readonly measuring: boolean;
  readonly onMeasuring: (on: boolean) => void;
  /** Fit to the selected vehicles; absent hides the button. */
  readonly onFit?: () => void;
}

const MAP_TYPES = [MapType.GAODE, MapType.BAIDU, MapType.GOOGLE, MapType.TAIRUI, OSM_MAP_TYPE];

/** The toolbox: provider, satellite/road, traffic, ranging, zoom area, screenshot, print, fit. */
export function MapToolbar({ choice, onChoice, measuring, onMeasuring, onFit }: MapToolbarProps) {
  const { t } = useTranslation();
  const { map } = useMap();
  return (
    <div className="of-map-toolbar">
      <HTMLSelect
        minimal
        aria-label={t('monitor.map.provider')}
        value={choice.mapType}
        onChange={(event) => onChoice({ ...choice, mapType: Number(event.currentTarget.value) })}
        options={MAP_TYPES.map((value) => ({ value, label: t(`monitor.map.type.${value}`) }))}
      />
      <ButtonGroup>
        <Button small active={choice.base === 'road'} text={t('monitor.map.road')} onClick={() => onChoice({ ...choice, base: 'road' })} />
        <Button small active={choice.base === 'satellite'} text={t('monitor.map.satellite')} onClick={() => onChoice({ ...choice, base: 'satellite' })} />
        <Button small active={choice.traffic} text={t('monitor.map.traffic')} onClick={() => onChoice({ ...choice, traffic: !choice.traffic })} />
      </ButtonGroup>
      <ButtonGroup>
        <Button small icon="arrows-horizontal" className="of-tool-measure" active={measuring} title={t('monitor.map.measure')} onClick={() => onMeasuring(!measuring)} />
        <Button small icon="zoom-to-fit" className="of-tool-zoom-box" title={t('monitor.map.zoomArea')} onClick={() => zoomToBoxOnce(map)} />
        <Button small icon="camera" className="of-tool-screenshot" title={t('monitor.map.screenshot')} onClick={() => void downloadMapPng(map, `map-${Date.now()}.png`)} />
        <Button small icon="print" title={t('monitor.map.print')} onClick={() => void printMap(map)} />
        {onFit && <Button small icon="locate" className="of-tool-fit" title={t('monitor.map.fit')} onClick={onFit} />}
      </ButtonGroup>
    </div>
  );
}
