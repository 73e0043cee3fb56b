import { useEffect, useMemo } from 'react';
import Feature from 'ol/Feature';
import { Circle as CircleGeometry, LineString, Polygon } from 'ol/geom';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Fill, Stroke, Style, Text } from 'ol/style';
import type { FenceGeometry } from '@openfleet/contracts/fence';
import { geometryToView } from './fence-geometry';
import { useMap } from './MapContext';

export interface FenceShape {
  id: string;
  name: string;
  geometry: FenceGeometry;
}

const style = (name: string, selected: boolean) =>
  new Style({
    stroke: new Stroke({ color: selected ? '#d9822b' : '#2d72d2', width: selected ? 3 : 2 }),
    fill: new Fill({ color: selected ? 'rgba(217,130,43,0.15)' : 'rgba(45,114,210,0.12)' }),
    text: new Text({ text: name, font: '12px sans-serif', overflow: true, fill: new Fill({ color: '#1c2127' }), stroke: new Stroke({ color: '#fff', width: 3 }) }),
  });

/** Fences on the map (stored WGS-84, drawn in the map's system); routes as lines. */
export function FenceLayer({ fences, selectedId, fit = false }: { fences: readonly FenceShape[]; selectedId?: string | null; fit?: boolean }) {
  const { map, mapType } = useMap();
  const source = useMemo(() => new VectorSource(), []);
  useEffect(() => {
    const layer = new VectorLayer({ source, zIndex: 15, properties: { role: 'fences' } });
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
    };
  }, [map, source]);
  useEffect(() => {
    source.clear();
    for (const fence of fences) {
      const view = geometryToView(fence.geometry, mapType);
      const geometry = view.circle ? new CircleGeometry(view.circle.center, view.circle.radius) : view.ring ? new Polygon([view.ring]) : new LineString(view.line ?? []);
      const feature = new Feature({ geometry });
      feature.setId(fence.id);
      feature.setStyle(style(fence.name, fence.id === selectedId));
      source.addFeature(feature);
    }
    if (fit && selectedId) {
      const selected = source.getFeatureById(selectedId);
      const extent = selected?.getGeometry()?.getExtent();
      if (extent) map.getView().fit(extent, { padding: [80, 80, 80, 80], maxZoom: 17, duration: 200 });
    }
  }, [fences, selectedId, fit, map, mapType, source]);
  return null;
}
