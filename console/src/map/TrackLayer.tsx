import { useEffect, useRef } from 'react';
import Feature from 'ol/Feature';
import { LineString, Point } from 'ol/geom';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Icon, Stroke, Style, Text } from 'ol/style';
import { wgsToView } from './coordinate-boundary';
import { useMap } from './MapContext';
import { vehicleSprite, ICON_SIZE } from './vehicle-sprite';
import { statusIndex } from './vehicle-marker';
import { DisplayStatus } from '@openfleet/contracts/display-status';
import { followTarget } from './view-fit';

/** A WGS-84 position with heading, as trails, playback and stops use it. */
export interface TrackPosition {
  readonly lng: number;
  readonly lat: number;
  readonly direction?: number;
}

export interface TrackLayerProps {
  /** The line (a growing trail or a whole day). */
  readonly path: readonly TrackPosition[];
  /** Where the vehicle icon is now (playback cursor or live position). */
  readonly head?: TrackPosition | null;
  /** Stop markers with a label (duration). */
  readonly stops?: readonly (TrackPosition & { label: string })[];
  /** Keep the head in view (single-vehicle tracking): the first head zooms to street level, later ones re-centre near the edge. */
  readonly follow?: boolean;
  /** Fit the view to the whole path when it changes (a new playback query). */
  readonly fitOnChange?: boolean;
  /** What is followed (a vehicle id): a new key starts the follow again at street zoom. */
  readonly followKey?: string | null;
}

const ARROW_INDEX = statusIndex(DisplayStatus.ONLINE);

/** A track line with stops and a moving, rotated vehicle icon; the head moves without redrawing the line. */
export function TrackLayer({ path, head, stops = [], follow = false, fitOnChange = false, followKey = null }: TrackLayerProps) {
  const { map, mapType } = useMap();
  const parts = useRef<{ line: Feature<LineString>; head: Feature<Point>; stops: VectorSource } | null>(null);
  const followed = useRef(false);

  useEffect(() => {
    const source = new VectorSource();
    const stopSource = new VectorSource();
    const line = new Feature<LineString>(new LineString([]));
    line.setStyle(new Style({ stroke: new Stroke({ color: '#2d72d2', width: 4 }) }));
    const headFeature = new Feature<Point>();
    source.addFeatures([line, headFeature]);
    const layer = new VectorLayer({ source, zIndex: 20, properties: { role: 'track' } });
    const stopLayer = new VectorLayer({
      source: stopSource,
      zIndex: 19,
      style: (feature) => new Style({
        image: new Circle({ radius: 7, fill: new Fill({ color: '#d9822b' }), stroke: new Stroke({ color: '#fff', width: 2 }) }),
        text: new Text({ text: String(feature.get('label') ?? ''), offsetY: -16, font: '11px sans-serif', fill: new Fill({ color: '#8a4a0a' }), stroke: new Stroke({ color: '#fff', width: 3 }) }),
      }),
    });
    map.addLayer(stopLayer);
    map.addLayer(layer);
    parts.current = { line, head: headFeature, stops: stopSource };
    return () => {
      map.removeLayer(layer);
      map.removeLayer(stopLayer);
      parts.current = null;
    };
  }, [map]);

  useEffect(() => {
    const current = parts.current;
    if (!current) return;
    const coordinates = path.map((point) => wgsToView(point.lng, point.lat, mapType));
    current.line.getGeometry()!.setCoordinates(coordinates);
    if (fitOnChange && coordinates.length > 1) map.getView().fit(current.line.getGeometry()!.getExtent(), { padding: [50, 50, 50, 50], maxZoom: 17 });
  }, [map, mapType, path, fitOnChange]);

  useEffect(() => {
    const current = parts.current;
    if (!current) return;
    current.stops.clear(true);
    current.stops.addFeatures(stops.map((stop) => new Feature({ geometry: new Point(wgsToView(stop.lng, stop.lat, mapType)), label: stop.label })));
  }, [mapType, stops]);

  // Before the head effect of the same render: the new vehicle's first head zooms in.
  useEffect(() => {
    followed.current = false;
  }, [followKey]);

  useEffect(() => {
    const current = parts.current;
    if (!current) return;
    if (!head) {
      // A new vehicle (or none): the next head starts the follow again, at street zoom.
      followed.current = false;
      current.head.setGeometry(undefined);
      return;
    }
    const xy = wgsToView(head.lng, head.lat, mapType);
    current.head.setGeometry(new Point(xy));
    current.head.setStyle(new Style({
      image: new Icon({ src: vehicleSprite(), size: [ICON_SIZE, ICON_SIZE], offset: [ARROW_INDEX * ICON_SIZE, 0], rotation: ((head.direction ?? 0) * Math.PI) / 180, rotateWithView: true }),
    }));
    if (follow) {
      const view = map.getView();
      const [minX, minY, maxX, maxY] = view.calculateExtent(map.getSize());
      const target = followTarget(xy, { zoom: view.getZoom() ?? 0, extent: [minX!, minY!, maxX!, maxY!] }, followed.current);
      followed.current = true;
      if (target) view.animate({ ...target, duration: 250 });
    }
  }, [map, mapType, head, follow]);

  return null;
}
