import { useEffect } from 'react';
import Feature from 'ol/Feature';
import { LineString, Point } from 'ol/geom';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import { wgsToView } from './coordinate-boundary';
import { useMap } from './MapContext';

/** A stop as the bus-line screens give it: WGS-84, its name shown beside it. */
export interface BusLineStopMark {
  readonly lng: number;
  readonly lat: number;
  readonly name: string;
}

export interface BusLineLayerProps {
  /** The up stops (blue) and the down stops (orange), each in order. */
  readonly up: readonly BusLineStopMark[];
  readonly down: readonly BusLineStopMark[];
  /** Fit the view to the line when it changes. */
  readonly fit?: boolean;
}

const COLOURS = { up: '#2d72d2', down: '#d9822b' } as const;

/** A bus line: each direction a polyline through its stops, the stops as numbered dots; renders nothing itself. */
export function BusLineLayer({ up, down, fit = true }: BusLineLayerProps) {
  const { map, mapType } = useMap();

  useEffect(() => {
    const source = new VectorSource();
    for (const [direction, stops] of [['up', up], ['down', down]] as const) {
      if (!stops.length) continue;
      const coordinates = stops.map((stop) => wgsToView(stop.lng, stop.lat, mapType));
      const line = new Feature<LineString>(new LineString(coordinates));
      line.setStyle(new Style({ stroke: new Stroke({ color: COLOURS[direction], width: 4, lineDash: direction === 'down' ? [8, 6] : undefined }) }));
      source.addFeature(line);
      stops.forEach((stop, index) => {
        const dot = new Feature<Point>(new Point(coordinates[index]));
        dot.setStyle(
          new Style({
            image: new Circle({ radius: 6, fill: new Fill({ color: '#fff' }), stroke: new Stroke({ color: COLOURS[direction], width: 3 }) }),
            text: new Text({ text: `${index + 1} ${stop.name}`, offsetY: direction === 'up' ? -14 : 14, font: '11px sans-serif', fill: new Fill({ color: '#1c2127' }), stroke: new Stroke({ color: '#fff', width: 3 }) }),
          }),
        );
        source.addFeature(dot);
      });
    }
    const layer = new VectorLayer({ source, zIndex: 18, properties: { role: 'bus-line' } });
    map.addLayer(layer);
    const extent = source.getExtent();
    if (fit && source.getFeatures().length && extent) map.getView().fit(extent, { padding: [60, 60, 60, 60], maxZoom: 16 });
    return () => {
      map.removeLayer(layer);
    };
  }, [map, mapType, up, down, fit]);

  return null;
}
