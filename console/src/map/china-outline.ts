/**
 * The offline base layer's data: China's provinces (outlines) and their capitals, from Apache
 * ECharts 4's bundled map (`echarts/map/json/china.json`, Apache-2.0, a devDependency whose JSON
 * Vite bundles as a lazily loaded chunk; nothing else of ECharts is used). Coordinates are degrees;
 * the map boundary converts them like any WGS-84 position.
 */

/** ECharts' compact GeoJSON: rings as strings of zig-zag, delta-encoded pairs (its `UTF8Encoding`). */
interface EncodedFeature {
  properties: { name: string; cp?: [number, number] };
  geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown; encodeOffsets: unknown };
}

export interface ProvinceShape {
  name: string;
  /** Polygons, each a list of rings of [lng, lat]. */
  polygons: [number, number][][][];
}

export interface CityMark {
  name: string;
  lng: number;
  lat: number;
}

export interface ChinaOutline {
  provinces: ProvinceShape[];
  cities: CityMark[];
}

/** Provincial capitals by province name: the map's `cp` point of each province is its capital. */
const CAPITALS: Readonly<Record<string, string>> = {
  北京: '北京', 天津: '天津', 上海: '上海', 重庆: '重庆', 河北: '石家庄', 山西: '太原', 辽宁: '沈阳', 吉林: '长春', 黑龙江: '哈尔滨',
  江苏: '南京', 浙江: '杭州', 安徽: '合肥', 福建: '福州', 江西: '南昌', 山东: '济南', 河南: '郑州', 湖北: '武汉', 湖南: '长沙',
  广东: '广州', 海南: '海口', 四川: '成都', 贵州: '贵阳', 云南: '昆明', 陕西: '西安', 甘肃: '兰州', 青海: '西宁', 台湾: '台北',
  内蒙古: '呼和浩特', 广西: '南宁', 西藏: '拉萨', 宁夏: '银川', 新疆: '乌鲁木齐', 香港: '香港', 澳门: '澳门',
};

/** Decodes one ECharts ring (see its `parseGeoJson`): scale 1024, offsets as the first point. */
export function decodeRing(encoded: string, offsets: [number, number], scale = 1024): [number, number][] {
  const ring: [number, number][] = [];
  let x = offsets[0];
  let y = offsets[1];
  for (let i = 0; i + 1 < encoded.length; i += 2) {
    let dx = encoded.charCodeAt(i) - 64;
    let dy = encoded.charCodeAt(i + 1) - 64;
    dx = (dx >> 1) ^ -(dx & 1);
    dy = (dy >> 1) ^ -(dy & 1);
    x += dx;
    y += dy;
    ring.push([x / scale, y / scale]);
  }
  return ring;
}

/** The provinces and capitals of ECharts' China map. */
export function decodeChinaMap(json: { features: EncodedFeature[]; UTF8Encoding?: boolean }): ChinaOutline {
  const provinces: ProvinceShape[] = [];
  const cities: CityMark[] = [];
  for (const feature of json.features) {
    const { type, coordinates, encodeOffsets } = feature.geometry;
    const polygons = (type === 'Polygon' ? [coordinates] : coordinates) as (string | [number, number][])[][];
    const offsets = (type === 'Polygon' ? [encodeOffsets] : encodeOffsets) as [number, number][][];
    provinces.push({
      name: feature.properties.name,
      polygons: polygons.map((rings, p) => rings.map((ring, r) => (typeof ring === 'string' ? decodeRing(ring, offsets[p][r]) : ring))),
    });
    const cp = feature.properties.cp;
    const capital = CAPITALS[feature.properties.name];
    if (cp && capital) cities.push({ name: capital, lng: cp[0], lat: cp[1] });
  }
  return { provinces, cities };
}

let loaded: Promise<ChinaOutline> | null = null;

/** The outline, loaded once on first use (its own chunk: the main bundle does not carry it). */
export function loadChinaOutline(): Promise<ChinaOutline> {
  loaded ??= import('echarts/map/json/china.json').then((module) => decodeChinaMap((module as { default: unknown }).default as Parameters<typeof decodeChinaMap>[0]));
  return loaded;
}
