import { useEffect, useRef } from 'react';
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import WebGLPointsLayer from 'ol/layer/WebGLPoints';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Icon, Stroke, Style, Text } from 'ol/style';
import type { FeatureLike } from 'ol/Feature';
import { clusterPoints } from './cluster-grid';
import { wgsToView } from './coordinate-boundary';
import { useMap } from './MapContext';
import { statusIndex, type VehicleMarker } from './vehicle-marker';
import { ICON_SIZE, vehicleSprite } from './vehicle-sprite';
import { STATUS_ORDER } from './vehicle-marker';
import { vehicleRenderer } from './renderer-choice';

/** At or below this zoom vehicles are drawn as clusters; above it, one icon each. */
// A city-wide view of thousands of overlapping icons tells the operator nothing and costs a frame each.
export const CLUSTER_MAX_ZOOM = 11;
/** From this zoom on, plates are written next to the icons. */
export const LABEL_MIN_ZOOM = 13;
const CLUSTER_CELL_PX = 64;
/**
 * Feature updates per task. ol dispatches several events per moved feature, so ten thousand moves in
 * one task would block the main thread for a frame or more; chunks keep every task short (the spec's
 * chunked processing, §9) while the map keeps drawing.
 */
export const UPDATE_CHUNK = 500;
/** Click tolerance when picking a vehicle. */
const PICK_PX = 14;

export interface VehicleLayerProps {
  readonly vehicles: Readonly<Record<string, VehicleMarker>>;
  readonly onPick?: (vehicleId: string) => void;
}

interface Layers {
  points: VectorSource<Feature<Point>>;
  clusters: VectorSource<Feature<Point>>;
  labels: VectorSource<Feature<Point>>;
  /** Markers still to apply, newest per vehicle. */
  queue: Map<string, VehicleMarker>;
  scheduled: boolean;
  features: Map<string, Feature<Point>>;
  drawn: Readonly<Record<string, VehicleMarker>>;
  mapType: number;
}

// Canvas renderer: one cached style per status and 10° of heading (360 styles for every vehicle).
const iconStyles = new Map<number, Style>();
const canvasVehicleStyle = (feature: FeatureLike) => {
  const status = Number(feature.get('si'));
  const step = Math.round((Number(feature.get('rot')) * 180) / Math.PI / 10) % 36;
  const key = status * 36 + step;
  let style = iconStyles.get(key);
  if (!style) {
    style = new Style({ image: new Icon({ src: vehicleSprite(), size: [ICON_SIZE, ICON_SIZE], offset: [status * ICON_SIZE, 0], rotation: (step * 10 * Math.PI) / 180, rotateWithView: true }) });
    iconStyles.set(key, style);
  }
  return style;
};

const labelStyle = (feature: FeatureLike) =>
  new Style({ text: new Text({ text: String(feature.get('plate') ?? ''), offsetY: -22, font: '12px sans-serif', fill: new Fill({ color: '#1c2127' }), stroke: new Stroke({ color: '#fff', width: 3 }) }) });

const clusterStyle = (feature: FeatureLike) => {
  const count = Number(feature.get('count'));
  return new Style({
    image: new Circle({ radius: Math.min(28, 10 + Math.log2(count) * 2.5), fill: new Fill({ color: 'rgba(35,133,81,0.8)' }), stroke: new Stroke({ color: '#fff', width: 2 }) }),
    text: new Text({ text: String(count), font: 'bold 12px sans-serif', fill: new Fill({ color: '#fff' }) }),
  });
};

/**
 * Every vehicle on one WebGL points layer (icon by display status from a sprite, rotated to the
 * heading), plates on a canvas layer at close zoom, grid clusters at low zoom. Updates touch only
 * the vehicles whose marker object changed since the last render.
 */
export function VehicleLayer({ vehicles, onPick }: VehicleLayerProps) {
  const { map, mapType } = useMap();
  const layers = useRef<Layers | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    const points = new VectorSource<Feature<Point>>({ useSpatialIndex: false });
    const clusters = new VectorSource<Feature<Point>>({ useSpatialIndex: false });
    // Plates only for the vehicles in view at close zoom, so moving vehicles elsewhere costs nothing here.
    const labelSource = new VectorSource<Feature<Point>>({ useSpatialIndex: false });
    const webgl = vehicleRenderer() === 'webgl'
      ? new WebGLPointsLayer({
          source: points,
          minZoom: CLUSTER_MAX_ZOOM,
          zIndex: 10,
          disableHitDetection: true,
          style: {
            'icon-src': vehicleSprite(),
            'icon-width': ICON_SIZE * STATUS_ORDER.length,
            'icon-height': ICON_SIZE,
            'icon-size': [ICON_SIZE, ICON_SIZE],
            'icon-offset': ['array', ['*', ['get', 'si'], ICON_SIZE], 0],
            'icon-rotation': ['get', 'rot'],
            'icon-rotate-with-view': true,
          },
        })
      : new VectorLayer({ source: points, minZoom: CLUSTER_MAX_ZOOM, zIndex: 10, style: canvasVehicleStyle, properties: { role: 'vehicles' } });
    const labels = new VectorLayer({ source: labelSource, minZoom: LABEL_MIN_ZOOM, zIndex: 11, style: labelStyle, declutter: true, properties: { role: 'vehicle-labels' } });
    const clusterLayer = new VectorLayer({ source: clusters, maxZoom: CLUSTER_MAX_ZOOM, zIndex: 10, style: clusterStyle });
    [webgl, labels, clusterLayer].forEach((layer) => map.addLayer(layer));
    layers.current = { points, clusters, labels: labelSource, queue: new Map(), scheduled: false, features: new Map(), drawn: {}, mapType: -1 };
    const recluster = () => {
      refreshClusters(map, layers.current);
      refreshLabels(map, layers.current);
    };
    map.on('moveend', recluster);
    const onClick = (event: { pixel: number[] }) => {
      const found = nearestVehicle(map, layers.current, event.pixel);
      if (found) pick.current?.(found);
    };
    map.on('singleclick', onClick);
    return () => {
      map.un('moveend', recluster);
      map.un('singleclick', onClick);
      [webgl, labels, clusterLayer].forEach((layer) => {
        map.removeLayer(layer);
        layer.dispose();
      });
      layers.current = null;
    };
  }, [map]);

  useEffect(() => {
    const state = layers.current;
    if (!state) return;
    const reprojectAll = state.mapType !== mapType;
    state.mapType = mapType;
    if (reprojectAll) state.queue.clear();
    for (const id in vehicles) {
      const marker = vehicles[id]!;
      if (reprojectAll || state.drawn[id] !== marker) state.queue.set(id, marker);
    }
    for (const [id, feature] of state.features) {
      if (vehicles[id]) continue;
      state.points.removeFeature(feature);
      state.features.delete(id);
      state.queue.delete(id);
    }
    state.drawn = vehicles;
    scheduleDrain(map, state);
  }, [map, mapType, vehicles]);

  return null;
}

/** Applies queued markers UPDATE_CHUNK at a time, one task each, until the queue is empty. */
function scheduleDrain(map: import('ol/Map').default, state: Layers): void {
  if (state.scheduled || !state.queue.size) return;
  state.scheduled = true;
  setTimeout(() => {
    state.scheduled = false;
    const started = performance.now();
    applyChunk(state);
    globalThis.performance?.measure?.('vehicle-layer-chunk', { start: started, end: performance.now() });
    if (state.queue.size) scheduleDrain(map, state);
    else {
      refreshClusters(map, state);
      refreshLabels(map, state);
    }
  }, 0);
}

function applyChunk(state: Layers): void {
  const added: Feature<Point>[] = [];
  let done = 0;
  for (const [id, marker] of state.queue) {
    if (done++ >= UPDATE_CHUNK) break;
    state.queue.delete(id);
    const feature = state.features.get(id);
    if (marker.lng === null || marker.lat === null) {
      // No fix yet (or lost): nothing to draw for this vehicle.
      if (feature) {
        state.points.removeFeature(feature);
        state.features.delete(id);
      }
      continue;
    }
    const xy = wgsToView(marker.lng, marker.lat, state.mapType);
    const props = { si: statusIndex(marker.displayStatus), rot: (marker.direction * Math.PI) / 180, plate: marker.plateCode, vehicleId: id };
    if (feature) {
      // Properties silently, then one geometry change event that makes the layer re-read both.
      feature.setProperties(props, true);
      feature.getGeometry()?.setCoordinates(xy);
    } else {
      const created = new Feature<Point>({ geometry: new Point(xy), ...props });
      state.features.set(id, created);
      added.push(created);
    }
  }
  if (added.length) state.points.addFeatures(added);
}

/** Plate labels of the vehicles inside the view, only from LABEL_MIN_ZOOM on. */
function refreshLabels(map: import('ol/Map').default, state: Layers | null): void {
  if (!state) return;
  state.labels.clear(true);
  const view = map.getView();
  if ((view.getZoom() ?? 0) < LABEL_MIN_ZOOM) return;
  const [minX, minY, maxX, maxY] = view.calculateExtent(map.getSize());
  const inView: Feature<Point>[] = [];
  for (const feature of state.features.values()) {
    const [x, y] = feature.getGeometry()!.getCoordinates();
    if (x >= minX! && x <= maxX! && y >= minY! && y <= maxY!) inView.push(new Feature<Point>({ geometry: new Point([x, y]), plate: feature.get('plate') }));
  }
  state.labels.addFeatures(inView);
}

function refreshClusters(map: import('ol/Map').default, state: Layers | null): void {
  if (!state) return;
  const view = map.getView();
  if ((view.getZoom() ?? 0) > CLUSTER_MAX_ZOOM) {
    if (state.clusters.getFeatures().length) state.clusters.clear(true);
    return;
  }
  const coordinates = [...state.features.values()].map((feature) => feature.getGeometry()!.getCoordinates() as [number, number]);
  const cells = clusterPoints(coordinates, (view.getResolution() ?? 1) * CLUSTER_CELL_PX);
  state.clusters.clear(true);
  state.clusters.addFeatures(cells.map((cell) => new Feature<Point>({ geometry: new Point([cell.x, cell.y]), count: cell.count })));
}

/** The vehicle closest to a clicked pixel within PICK_PX, by a linear scan (no hit-detection pass). */
function nearestVehicle(map: import('ol/Map').default, state: Layers | null, pixel: number[]): string | null {
  if (!state || (map.getView().getZoom() ?? 0) <= CLUSTER_MAX_ZOOM) return null;
  const resolution = map.getView().getResolution() ?? 1;
  const clicked = map.getCoordinateFromPixel(pixel);
  let best: string | null = null;
  let bestDistance = PICK_PX * resolution;
  for (const [id, feature] of state.features) {
    const [x, y] = feature.getGeometry()!.getCoordinates();
    const distance = Math.hypot(x - clicked[0], y - clicked[1]);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = id;
    }
  }
  return best;
}
