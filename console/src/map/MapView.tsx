import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import OlMap from 'ol/Map';
import View from 'ol/View';
import { defaults as defaultControls, ScaleLine } from 'ol/control';
import type LayerGroup from 'ol/layer/Group';
import 'ol/ol.css';
import './map.css';
import { ensureBaiduProjection } from './baidu-projection';
import { baseLayerGroup, type BaseLayerChoice } from './base-layers';
import { normaliseMapType, OSM_MAP_TYPE, viewProjectionOf, viewToWgs, wgsToView } from './coordinate-boundary';
import { MapContext, type MapHandle } from './MapContext';
import { PROVIDER_OF_MAP_TYPE, type TileConfig } from './map-tiles';
import { loadTileConfig } from './tile-config';
import { loadChinaOutline, type ChinaOutline } from './china-outline';
import { chinaFallbackLayer } from './fallback-layer';

/** Centre of China, where a fresh map opens. */
const HOME: [number, number] = [108.95, 34.27];

export interface MapViewProps {
  /** Spec §4 map type (1 Baidu, 3 Gaode default, 4 Google, 5 Tairui); 0 = OpenStreetMap (WGS-84). */
  mapType?: number | null;
  base?: 'road' | 'satellite';
  traffic?: boolean;
  className?: string;
  children?: ReactNode;
}

function viewFor(mapType: number, center: [number, number], zoom: number): View {
  const projection = viewProjectionOf(mapType);
  if (projection === 'BD09MC') ensureBaiduProjection();
  return new View({ projection, center: wgsToView(center[0], center[1], mapType), zoom, maxZoom: 19, constrainResolution: false });
}

/** Owns the one ol Map of a pane; overlays are children that add their layers through the context. */
export function MapView({ mapType = 3, base = 'road', traffic = false, className, children }: MapViewProps) {
  const target = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<OlMap | null>(null);
  const [tiles, setTiles] = useState<TileConfig>({});
  const [outline, setOutline] = useState<ChinaOutline | null>(null);
  const drawType = normaliseMapType(mapType);
  const provider = drawType === OSM_MAP_TYPE ? 'osm' : (PROVIDER_OF_MAP_TYPE[drawType] ?? 'gaode');

  useEffect(() => {
    const created = new OlMap({
      target: target.current ?? undefined,
      view: viewFor(drawType, HOME, 5),
      controls: defaultControls({ attribution: false }).extend([new ScaleLine()]),
    });
    setMap(created);
    // Test and support hook: where the view is, readable from the DOM (e2e tests, bug reports).
    const describeView = () => {
      const view = created.getView();
      const element = created.getTargetElement();
      const center = view.getCenter();
      if (!element || !center) return;
      const [lng, lat] = viewToWgs(center[0]!, center[1]!, Number(view.get('mapType') ?? drawType));
      element.dataset.zoom = (view.getZoom() ?? 0).toFixed(2);
      element.dataset.resolution = String(view.getResolution() ?? '');
      element.dataset.center = `${lng.toFixed(5)},${lat.toFixed(5)}`;
    };
    created.on('moveend', describeView);
    let alive = true;
    void loadTileConfig().then((config) => alive && setTiles(config));
    void loadChinaOutline().then((data) => alive && setOutline(data), () => undefined);
    return () => {
      alive = false;
      created.setTarget(undefined);
      created.dispose();
    };
    // The map lives as long as the pane; the map type only swaps its view below.
  }, []);

  // A different projection needs a new view; keep the same place and zoom.
  useEffect(() => {
    if (!map) return;
    const view = map.getView();
    if (view.getProjection().getCode() === viewProjectionOf(drawType)) return;
    const center = view.getCenter();
    const wgs = center ? viewToWgs(center[0], center[1], Number(view.get('mapType') ?? drawType)) : HOME;
    const next = viewFor(drawType, wgs, view.getZoom() ?? 5);
    next.set('mapType', drawType);
    map.setView(next);
  }, [map, drawType]);

  useEffect(() => {
    if (!map) return undefined;
    map.getView().set('mapType', drawType);
    const choice: BaseLayerChoice = { provider, base, traffic };
    const group: LayerGroup = baseLayerGroup(tiles, choice);
    map.getLayers().insertAt(0, group);
    return () => {
      map.getLayers().remove(group);
    };
  }, [map, tiles, provider, base, traffic, drawType]);

  // The offline base layer under the tiles: visible wherever no tile is drawn.
  useEffect(() => {
    if (!map || !outline) return undefined;
    const layer = chinaFallbackLayer(outline, drawType);
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
    };
  }, [map, outline, drawType]);

  const handle = useMemo<MapHandle | null>(() => (map ? { map, mapType: drawType } : null), [map, drawType]);
  return (
    <div className={`of-map ${className ?? ''}`} ref={target} data-map-type={drawType}>
      {handle && <MapContext.Provider value={handle}>{children}</MapContext.Provider>}
    </div>
  );
}
