import { useEffect } from 'react';
import Draw, { createBox } from 'ol/interaction/Draw';
import Modify from 'ol/interaction/Modify';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import type Feature from 'ol/Feature';
import type { Circle as CircleGeometry, LineString, Point, Polygon } from 'ol/geom';
import { Fill, Stroke, Style } from 'ol/style';
import type { FenceGeometry } from '@openfleet/contracts/fence';
import { drawnToGeometry, type DrawnShape } from './fence-geometry';
import { useMap } from './MapContext';

export type DrawKind = DrawnShape['kind'];

const DRAW_TYPE = { circle: 'Circle', rectangle: 'Circle', polygon: 'Polygon', route: 'LineString', point: 'Point' } as const;

function shapeOf(kind: DrawKind, feature: Feature): DrawnShape {
  const geometry = feature.getGeometry();
  if (kind === 'circle') {
    const circle = geometry as CircleGeometry;
    const [x, y] = circle.getCenter();
    return { kind, center: [x, y], edge: [x, y + circle.getRadius()] };
  }
  if (kind === 'rectangle' || kind === 'polygon') {
    const ring = (geometry as Polygon).getCoordinates()[0] as [number, number][];
    return kind === 'rectangle' ? { kind, corners: ring } : { kind, ring };
  }
  if (kind === 'route') return { kind, line: (geometry as LineString).getCoordinates() as [number, number][] };
  return { kind, at: (geometry as Point).getCoordinates() as [number, number] };
}

const draftStyle = new Style({ stroke: new Stroke({ color: '#d9822b', width: 3, lineDash: [8, 6] }), fill: new Fill({ color: 'rgba(217,130,43,0.2)' }) });

/**
 * Draws one fence of `kind` (OpenLayers Draw; rectangles as boxes), then lets its vertices be
 * moved (Modify). Every change answers the WGS-84 geometry through the map boundary.
 */
export function FenceDrawTool({ kind, onChange }: { kind: DrawKind; onChange: (geometry: FenceGeometry) => void }) {
  const { map, mapType } = useMap();
  useEffect(() => {
    const source = new VectorSource();
    const layer = new VectorLayer({ source, zIndex: 31, style: draftStyle, properties: { role: 'fence-draft' } });
    const draw = new Draw({ source, type: DRAW_TYPE[kind], ...(kind === 'rectangle' ? { geometryFunction: createBox() } : {}) });
    const modify = new Modify({ source });
    const report = (feature: Feature) => onChange(drawnToGeometry(shapeOf(kind, feature), mapType));
    draw.on('drawstart', () => source.clear());
    draw.on('drawend', (event) => {
      report(event.feature);
      // One shape at a time: after drawing, editing its vertices.
      map.removeInteraction(draw);
      map.addInteraction(modify);
    });
    modify.on('modifyend', (event) => event.features.forEach((feature) => report(feature as Feature)));
    map.addLayer(layer);
    map.addInteraction(draw);
    return () => {
      map.removeInteraction(draw);
      map.removeInteraction(modify);
      map.removeLayer(layer);
    };
  }, [map, mapType, kind, onChange]);
  return null;
}
