import { isErrorEnvelope, parseTileConfig, type TileConfig } from './map-tiles';

let loaded: Promise<TileConfig> | null = null;

/**
 * Tile URLs of this deployment: `/map-tiles.json` next to the bundle (operators edit it without a
 * rebuild), else the build-time `VITE_MAP_TILES` JSON, else none: nothing is fetched from a tile
 * server unless configured, and the offline base layer alone is drawn (the map selector says so).
 * The standalone server answers a missing file with its JSON 404 envelope: that is no file either.
 * `DEFAULT_TILES` lists the public URLs to copy in.
 */
export function loadTileConfig(): Promise<TileConfig> {
  loaded ??= fetch('/map-tiles.json', { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok && response.headers.get('content-type')?.includes('json') ? response.text() : null))
    .catch(() => null)
    // The standalone server answers a missing file with its JSON error envelope: that is no file.
    .then((text) => (text && isErrorEnvelope(text) ? null : text))
    .then((text) => {
      const configured = text ?? (import.meta.env.VITE_MAP_TILES as string | undefined);
      return configured ? parseTileConfig(configured) : {};
    });
  return loaded;
}

