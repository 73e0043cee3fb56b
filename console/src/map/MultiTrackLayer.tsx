import { useEffect, useRef } from 'react';
import Feature from 'ol/Feature';
import { LineString, Point } from 'ol/geom';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, RegularShape, Stroke, Style, Text } from 'ol/style';
import type { FeatureLike } from 'ol/Feature';
import { wgsToView } from './coordinate-boundary';
import { useMap } from './MapContext';
import { FIT_MAX_ZOOM, FIT_PADDING, fitTarget } from './view-fit';
import type { TrackPosition } from './TrackLayer';

/** One vehicle's track of a comparison, drawn in its own colour. */
export interface ColouredPath {
  readonly id: string;
  readonly label: string;
  readonly colour: string;
  readonly path: readonly TrackPosition[];
}

/** Where a compared vehicle is at the shared clock's time. */
export interface ColouredHead extends TrackPosition {
  readonly id: string;
  readonly label: string;
  readonly colour: string;
  /** false before the vehicle's first and after its last report: drawn hollow. */
  readonly reporting: boolean;
}

export interface MultiTrackLayerProps {
  readonly tracks: readonly ColouredPath[];
  readonly heads: readonly ColouredHead[];
}

const lineStyle = (feature: FeatureLike) => [
  new Style({ stroke: new Stroke({ color: 'rgba(255,255,255,0.85)', width: 6 }) }),
  new Style({ stroke: new Stroke({ color: String(feature.get('colour')), width: 3.5 }) }),
];

// Start: a filled circle with "S"/"起"; end: a square with "E"/"终" (the label comes from the caller's language).
const endpointStyle = (feature: FeatureLike) => {
  const colour = String(feature.get('colour'));
  const start = feature.get('kind') === 'start';
  const image = start
    ? new Circle({ radius: 8, fill: new Fill({ color: colour }), stroke: new Stroke({ color: '#fff', width: 2 }) })
    : new RegularShape({ points: 4, radius: 10, angle: Math.PI / 4, fill: new Fill({ color: colour }), stroke: new Stroke({ color: '#fff', width: 2 }) });
  return new Style({ image, text: new Text({ text: String(feature.get('mark') ?? ''), font: 'bold 10px sans-serif', fill: new Fill({ color: '#fff' }) }) });
};

const headStyle = (feature: FeatureLike) => {
  const colour = String(feature.get('colour'));
  const reporting = feature.get('reporting') !== false;
  return new Style({
    image: new RegularShape({
      points: 3,
      radius: 11,
      rotation: (Number(feature.get('direction') ?? 0) * Math.PI) / 180,
      rotateWithView: true,
      fill: new Fill({ color: reporting ? colour : 'rgba(255,255,255,0.9)' }),
      stroke: new Stroke({ color: reporting ? '#fff' : colour, width: 2.5 }),
    }),
    text: new Text({ text: String(feature.get('label') ?? ''), offsetY: -20, font: 'bold 12px sans-serif', fill: new Fill({ color: colour }), stroke: new Stroke({ color: '#fff', width: 3 }) }),
  });
};

/**
 * Several vehicles' tracks on one map, each in its colour with start and end markers, and one moving
 * marker per vehicle at the shared playback time. A new set of tracks fits the view to all of them.
 */
export function MultiTrackLayer({ tracks, heads, startMark = 'S', endMark = 'E' }: MultiTrackLayerProps & { startMark?: string; endMark?: string }) {
  const { map, mapType } = useMap();
  const sources = useRef<{ lines: VectorSource; heads: VectorSource } | null>(null);

  useEffect(() => {
    const lines = new VectorSource();
    const headSource = new VectorSource();
    const lineLayer = new VectorLayer({ source: lines, zIndex: 18, style: (feature) => (feature.get('kind') === 'line' ? lineStyle(feature) : endpointStyle(feature)), properties: { role: 'compared-tracks' } });
    const headLayer = new VectorLayer({ source: headSource, zIndex: 21, style: headStyle, properties: { role: 'compared-heads' } });
    map.addLayer(lineLayer);
    map.addLayer(headLayer);
    sources.current = { lines, heads: headSource };
    return () => {
      map.removeLayer(lineLayer);
      map.removeLayer(headLayer);
      sources.current = null;
    };
  }, [map]);

  useEffect(() => {
    const current = sources.current;
    if (!current) return;
    current.lines.clear(true);
    const features: Feature[] = [];
    const all: [number, number][] = [];
    for (const track of tracks) {
      const coordinates = track.path.map((point) => wgsToView(point.lng, point.lat, mapType));
      if (!coordinates.length) continue;
      all.push(...coordinates);
      if (coordinates.length > 1) features.push(new Feature({ geometry: new LineString(coordinates), kind: 'line', colour: track.colour, vehicleId: track.id }));
      features.push(new Feature({ geometry: new Point(coordinates[0]!), kind: 'start', colour: track.colour, mark: startMark, vehicleId: track.id }));
      features.push(new Feature({ geometry: new Point(coordinates[coordinates.length - 1]!), kind: 'end', colour: track.colour, mark: endMark, vehicleId: track.id }));
    }
    current.lines.addFeatures(features);
    const target = fitTarget(all);
    const view = map.getView();
    if (target.kind === 'extent') view.fit(target.extent, { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM });
    else if (target.kind === 'center') {
      view.setCenter(target.center);
      view.setZoom(target.zoom);
    }
  }, [map, mapType, tracks, startMark, endMark]);

  useEffect(() => {
    const current = sources.current;
    if (!current) return;
    current.heads.clear(true);
    current.heads.addFeatures(
      heads.map((head) => new Feature({ geometry: new Point(wgsToView(head.lng, head.lat, mapType)), colour: head.colour, label: head.label, direction: head.direction ?? 0, reporting: head.reporting, vehicleId: head.id })),
    );
  }, [mapType, heads]);

  return null;
}
