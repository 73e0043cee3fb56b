import { parseTileConfig, type TileConfig } from './map-tiles';

let loaded: Promise<TileConfig> | null = null;

/**
 * Tile URLs of this deployment: `/map-tiles.json` next to the bundle (operators edit it without a
 * rebuild), else the build-time `VITE_MAP_TILES` JSON, else none (the map draws on a neutral background).
 */
export function loadTileConfig(): Promise<TileConfig> {
  loaded ??= fetch('/map-tiles.json', { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok && response.headers.get('content-type')?.includes('json') ? response.text() : null))
    .catch(() => null)
    .then((text) => (text ? parseTileConfig(text) : parseTileConfig(import.meta.env.VITE_MAP_TILES as string | undefined)));
  return loaded;
}
