import { useEffect } from 'react';
import Draw from 'ol/interaction/Draw';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import type { LineString } from 'ol/geom';
import { Fill, Stroke, Style, Text, Circle } from 'ol/style';
import { pathLength } from '@openfleet/geo';
import { viewToWgs } from './coordinate-boundary';
import { useMap } from './MapContext';

/** Length of a line drawn on the map, in metres on the ground (WGS-84 great circle through libs/geo). */
export function measuredMeters(line: LineString, mapType: number): number {
  return pathLength(line.getCoordinates().map(([x, y]) => viewToWgs(x, y, mapType)));
}

export function formatDistance(meters: number): string {
  return meters >= 1000 ? `${(meters / 1000).toFixed(2)} km` : `${Math.round(meters)} m`;
}

const lineStyle = (text: string) => [
  new Style({ stroke: new Stroke({ color: '#cd4246', width: 3 }), image: new Circle({ radius: 4, fill: new Fill({ color: '#cd4246' }) }) }),
  new Style({ text: new Text({ text, placement: 'point', offsetY: -14, font: 'bold 13px sans-serif', fill: new Fill({ color: '#cd4246' }), stroke: new Stroke({ color: '#fff', width: 3 }) }) }),
];

/** Distance ranging while mounted: click points, double-click to finish; lengths stay until unmount. */
export function MeasureTool({ onMeasured }: { onMeasured?: (meters: number) => void }) {
  const { map, mapType } = useMap();
  useEffect(() => {
    const source = new VectorSource();
    const layer = new VectorLayer({
      source,
      zIndex: 30,
      properties: { role: 'measure' },
      style: (feature) => {
        const geometry = feature.getGeometry() as LineString;
        return lineStyle(geometry.getType() === 'LineString' ? formatDistance(measuredMeters(geometry, mapType)) : '');
      },
    });
    const draw = new Draw({ source, type: 'LineString' });
    draw.on('drawend', (event) => onMeasured?.(measuredMeters(event.feature.getGeometry() as LineString, mapType)));
    map.addLayer(layer);
    map.addInteraction(draw);
    return () => {
      map.removeInteraction(draw);
      map.removeLayer(layer);
    };
  }, [map, mapType, onMeasured]);
  return null;
}
