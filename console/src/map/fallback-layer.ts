import Feature from 'ol/Feature';
import MultiPolygon from 'ol/geom/MultiPolygon';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import type { ChinaOutline } from './china-outline';
import { wgsToView } from './coordinate-boundary';

const PROVINCE_STYLE = new Style({ fill: new Fill({ color: '#eef0e6' }), stroke: new Stroke({ color: '#9aa5b1', width: 1 }) });

function cityStyle(name: string): Style {
  return new Style({
    image: new Circle({ radius: 3, fill: new Fill({ color: '#5c7080' }) }),
    text: new Text({ text: name, offsetY: -10, font: '12px sans-serif', fill: new Fill({ color: '#394b59' }), stroke: new Stroke({ color: '#ffffff', width: 3 }) }),
  });
}

/**
 * The base layer that needs no network: provinces and capitals, under the tiles (z-index -1), so it
 * shows wherever tiles are switched off or cannot load (offline, blocked). Drawn in the view's
 * system through the coordinate boundary, like every position.
 */
export function chinaFallbackLayer(outline: ChinaOutline, mapType: number): VectorLayer<VectorSource> {
  const toView = ([lng, lat]: [number, number]) => wgsToView(lng, lat, mapType);
  const features: Feature[] = outline.provinces.map((province) => {
    const feature = new Feature(new MultiPolygon(province.polygons.map((rings) => rings.map((ring) => ring.map(toView)))));
    feature.set('province', province.name);
    feature.setStyle(PROVINCE_STYLE);
    return feature;
  });
  for (const city of outline.cities) {
    const feature = new Feature(new Point(toView([city.lng, city.lat])));
    feature.set('city', city.name);
    feature.setStyle(cityStyle(city.name));
    features.push(feature);
  }
  return new VectorLayer({ source: new VectorSource({ features }), zIndex: -1, properties: { fallbackBase: true }, declutter: true });
}
