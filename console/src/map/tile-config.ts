import { DEFAULT_TILES, parseTileConfig, type TileConfig } from './map-tiles';

let loaded: Promise<TileConfig> | null = null;

/**
 * Tile URLs of this deployment: `/map-tiles.json` next to the bundle (operators edit it without a
 * rebuild), else the build-time `VITE_MAP_TILES` JSON, else the public defaults (`DEFAULT_TILES`).
 * An empty object (`{}`) switches tiles off: the offline base layer alone is drawn.
 */
export function loadTileConfig(): Promise<TileConfig> {
  loaded ??= fetch('/map-tiles.json', { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok && response.headers.get('content-type')?.includes('json') ? response.text() : null))
    .catch(() => null)
    .then((text) => {
      const configured = text ?? (import.meta.env.VITE_MAP_TILES as string | undefined);
      return configured ? parseTileConfig(configured) : DEFAULT_TILES;
    });
  return loaded;
}
