import gcoord from 'gcoord';
import { addCoordinateTransforms, addProjection, get as getProjection, Projection } from 'ol/proj';
import TileGrid from 'ol/tilegrid/TileGrid';

/** Baidu draws in its own Mercator (BD09MC) with tiles counted from [0, 0], y growing north. */
export const BAIDU_PROJECTION = 'BD09MC';

/** Registers BD09MC with ol once (BD-09 degrees <-> Baidu metres). */
export function ensureBaiduProjection(): Projection {
  const existing = getProjection(BAIDU_PROJECTION);
  if (existing) return existing;
  const projection = new Projection({ code: BAIDU_PROJECTION, units: 'm', extent: [-20037726.37, -11708041.66, 20037726.37, 12474104.17] });
  addProjection(projection);
  addCoordinateTransforms(
    'EPSG:4326',
    projection,
    (coordinate) => gcoord.transform([coordinate[0], coordinate[1]], gcoord.BD09, gcoord.BD09MC) as number[],
    (coordinate) => gcoord.transform([coordinate[0], coordinate[1]], gcoord.BD09MC, gcoord.BD09) as number[],
  );
  return projection;
}

/** Baidu's tile pyramid: 2^(18-z) metres per pixel, origin at [0, 0]. */
export function baiduTileGrid(): TileGrid {
  const resolutions = Array.from({ length: 20 }, (_, zoom) => 2 ** (18 - zoom));
  return new TileGrid({ origin: [0, 0], resolutions, extent: [-20037726.37, -11708041.66, 20037726.37, 12474104.17] });
}

/** Fills a Baidu URL template; ol counts rows downwards from the origin, Baidu upwards. */
export function baiduTileUrl(template: string, tileCoord: readonly number[]): string {
  const [z, x, y] = tileCoord;
  return template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(-y - 1));
}
