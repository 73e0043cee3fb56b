import LayerGroup from 'ol/layer/Group';
import TileLayer from 'ol/layer/Tile';
import TileImage from 'ol/source/TileImage';
import XYZ from 'ol/source/XYZ';
import { baiduTileGrid, baiduTileUrl, BAIDU_PROJECTION } from './baidu-projection';
import { tileUrlFor, type ProviderId, type TileConfig } from './map-tiles';

/** What the layer switch chose: road or satellite underneath, traffic on top. */
export interface BaseLayerChoice {
  provider: ProviderId;
  base: 'road' | 'satellite';
  traffic: boolean;
}

/**
 * The tile layers of a choice; kinds without a configured URL are skipped, so with nothing
 * configured the group is empty and the vector layers draw on the neutral background.
 */
export function baseLayerGroup(config: TileConfig, choice: BaseLayerChoice): LayerGroup {
  const kinds = [choice.base, ...(choice.traffic ? (['traffic'] as const) : [])];
  const layers = kinds.flatMap((kind) => {
    const url = tileUrlFor(config, choice.provider, kind);
    if (!url) return [];
    const source = choice.provider === 'baidu'
      ? new TileImage({ projection: BAIDU_PROJECTION, tileGrid: baiduTileGrid(), crossOrigin: 'anonymous', tileUrlFunction: (coord) => baiduTileUrl(url, coord) })
      : new XYZ({ url, crossOrigin: 'anonymous', maxZoom: 19 });
    return [new TileLayer({ source, properties: { tileKind: kind } })];
  });
  return new LayerGroup({ layers, zIndex: 0 });
}
