import { useEffect, useRef, useState } from 'react';
import OlMap from 'ol/Map';
import View from 'ol/View';
import Feature from 'ol/Feature';
import MultiPolygon from 'ol/geom/MultiPolygon';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import VectorImageLayer from 'ol/layer/VectorImage';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import { boundingExtent } from 'ol/extent';
import 'ol/ol.css';
import { loadChinaOutline, type ChinaOutline } from './china-outline';
import { OSM_MAP_TYPE, viewProjectionOf, wgsToView } from './coordinate-boundary';

export interface ProvinceCount {
  /** The province's short Chinese name, as the offline outline names it (北京, 内蒙古 ...). */
  name: string;
  count: number;
  lng: number;
  lat: number;
}

export interface ProvinceHeatMapProps {
  counts: readonly ProvinceCount[];
  /** Bubble label: the count formatted for the locale. */
  format?: (count: number) => string;
  className?: string;
}

const toView = ([lng, lat]: [number, number]) => wgsToView(lng, lat, OSM_MAP_TYPE);
const OUTLINE_TOLERANCE_M = 2_000;
const BORDER = new Stroke({ color: '#2b6cb0', width: 1 });
// Dark wall palette: empty provinces navy, the busiest bright cyan; eight steps are enough to read.
const HEAT = ['#0d2340', '#103057', '#12406e', '#145186', '#17629d', '#1b75b3', '#238ac6', '#33a3d6'];
const HEAT_STYLES = HEAT.map((color) => new Style({ fill: new Fill({ color }), stroke: BORDER }));

function heatStyle(count: number, max: number): Style {
  if (!count || !max) return HEAT_STYLES[0];
  return HEAT_STYLES[Math.min(HEAT.length - 1, 1 + Math.floor((count / max) * (HEAT.length - 1)))];
}

function bubbleStyle(label: string, count: number, max: number): Style {
  const radius = 6 + 16 * Math.sqrt(max ? count / max : 0);
  return new Style({
    image: new Circle({ radius, fill: new Fill({ color: 'rgba(255, 196, 0, 0.55)' }), stroke: new Stroke({ color: '#ffc400', width: 1 }) }),
    text: new Text({ text: label, font: 'bold 13px sans-serif', fill: new Fill({ color: '#ffffff' }), stroke: new Stroke({ color: '#0b1a2e', width: 3 }) }),
  });
}

/**
 * China by province on the offline outline alone (no tiles, no network: a wall display in a control
 * room): each province shaded by its count (a heat layer by province) with a bubble of the count at
 * its middle. Counts change in place: the 34 provinces' styles are swapped and the map drawn once,
 * synchronously, so the caller can time an update, whatever the fleet's size.
 */
export function ProvinceHeatMap({ counts, format = String, className }: ProvinceHeatMapProps) {
  const target = useRef<HTMLDivElement>(null);
  const [outline, setOutline] = useState<ChinaOutline | null>(null);
  const mapRef = useRef<{ map: OlMap; shapes: Map<string, Feature>; bubbles: VectorSource } | null>(null);

  useEffect(() => {
    let alive = true;
    void loadChinaOutline().then((data) => alive && setOutline(data), () => undefined);
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => {
    if (!outline || !target.current) return undefined;
    const shapes = new Map<string, Feature>();
    const provinceFeatures = outline.provinces.map((province) => {
      // A wall shows China at ~6 km a pixel: outlines simplified to 2 km draw several times faster, the same to the eye.
      const feature = new Feature(new MultiPolygon(province.polygons.map((rings) => rings.map((ring) => ring.map(toView)))).simplify(OUTLINE_TOLERANCE_M));
      feature.setStyle(HEAT_STYLES[0]);
      shapes.set(province.name, feature);
      return feature;
    });
    const bubbles = new VectorSource();
    const map = new OlMap({
      target: target.current,
      controls: [],
      interactions: [],
      // The outline is an image layer: redrawn only when a province changes colour, not on every push.
      layers: [new VectorImageLayer({ source: new VectorSource({ features: provinceFeatures }) }), new VectorLayer({ source: bubbles, declutter: true })],
      view: new View({ projection: viewProjectionOf(OSM_MAP_TYPE) }),
    });
    map.getView().fit(boundingExtent([toView([73.5, 18]), toView([135, 53.5])]), { padding: [10, 10, 10, 10] });
    mapRef.current = { map, shapes, bubbles };
    return () => {
      mapRef.current = null;
      map.setTarget(undefined);
      map.dispose();
    };
  }, [outline]);

  useEffect(() => {
    const current = mapRef.current;
    if (!current) return;
    const max = counts.reduce((most, item) => Math.max(most, item.count), 0);
    const byName = new Map(counts.map((item) => [item.name, item]));
    for (const [name, feature] of current.shapes) {
      const style = heatStyle(byName.get(name)?.count ?? 0, max);
      if (feature.getStyle() !== style) feature.setStyle(style);
    }
    current.bubbles.clear(true);
    current.bubbles.addFeatures(counts.filter((item) => item.count > 0).map((item) => {
      const feature = new Feature(new Point(toView([item.lng, item.lat])));
      feature.setStyle(bubbleStyle(format(item.count), item.count, max));
      return feature;
    }));
    current.map.renderSync();
  }, [counts, format, outline]);

  return <div className={`of-province-map ${className ?? ''}`} ref={target} data-provinces={counts.filter((item) => item.count > 0).length} />;
}
