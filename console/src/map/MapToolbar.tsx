import { Button, ButtonGroup, HTMLSelect, Tooltip, type IconName } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapType } from '@openfleet/geo';
import { OSM_MAP_TYPE } from './coordinate-boundary';
import { useMap } from './MapContext';
import { downloadMapPng, printMap, zoomToBoxOnce } from './map-export';
import { providerOfMapType, tileSource, type TileConfig } from './map-tiles';
import { loadTileConfig } from './tile-config';

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
  const [tiles, setTiles] = useState<TileConfig | null>(null);
  useEffect(() => {
    let alive = true;
    void loadTileConfig().then((config) => alive && setTiles(config));
    return () => {
      alive = false;
    };
  }, []);
  // Each map type says where its tiles come from (online, local tiles, or none: the offline outline).
  const labelOf = (mapType: number) => {
    const name = t(`monitor.map.type.${mapType}`);
    return tiles ? `${name} · ${t(`monitor.map.source.${tileSource(tiles, providerOfMapType(mapType), choice.base)}`)}` : name;
  };
  return (
    <div className="of-map-toolbar">
      <HTMLSelect
        minimal
        className="of-map-provider"
        aria-label={t('monitor.map.provider')}
        value={choice.mapType}
        onChange={(event) => onChoice({ ...choice, mapType: Number(event.currentTarget.value) })}
        options={MAP_TYPES.map((value) => ({ value, label: labelOf(value) }))}
      />
      <ButtonGroup>
        <Button small active={choice.base === 'road'} text={t('monitor.map.road')} onClick={() => onChoice({ ...choice, base: 'road' })} />
        <Button small active={choice.base === 'satellite'} text={t('monitor.map.satellite')} onClick={() => onChoice({ ...choice, base: 'satellite' })} />
        <Button small active={choice.traffic} text={t('monitor.map.traffic')} onClick={() => onChoice({ ...choice, traffic: !choice.traffic })} />
      </ButtonGroup>
      <ButtonGroup>
        <ToolButton icon="arrows-horizontal" className="of-tool-measure" label={t('monitor.map.measure')} active={measuring} onClick={() => onMeasuring(!measuring)} />
        <ToolButton icon="zoom-to-fit" className="of-tool-zoom-box" label={t('monitor.map.zoomArea')} onClick={() => zoomToBoxOnce(map)} />
        <ToolButton icon="camera" className="of-tool-screenshot" label={t('monitor.map.screenshot')} onClick={() => void downloadMapPng(map, `map-${Date.now()}.png`)} />
        <ToolButton icon="print" className="of-tool-print" label={t('monitor.map.print')} onClick={() => void printMap(map)} />
        {onFit && <ToolButton icon="locate" className="of-tool-fit" label={t('monitor.map.fit')} onClick={onFit} />}
      </ButtonGroup>
    </div>
  );
}

/** An icon-only tool: its name as a tooltip on hover and focus, and as the accessible label. */
function ToolButton({ icon, className, label, active = false, onClick }: { icon: IconName; className: string; label: string; active?: boolean; onClick: () => void }) {
  return (
    <Tooltip content={label} placement="bottom" hoverOpenDelay={200} compact>
      <Button small icon={icon} className={className} active={active} aria-label={label} onClick={onClick} />
    </Tooltip>
  );
}
