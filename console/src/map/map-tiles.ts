import { MapType } from '@openfleet/geo';

/** Tile layers a provider may offer; traffic is an overlay on top of road or satellite. */
export type TileKind = 'road' | 'satellite' | 'traffic';

/** Providers the console draws: the spec's four map types plus OpenStreetMap (WGS-84 = GCJ-02 outside China). */
export type ProviderId = 'baidu' | 'gaode' | 'google' | 'tairui' | 'osm';

/**
 * Tile URL templates per provider and kind, from configuration only (keys and terms differ per
 * deployment): `{x}`, `{y}`, `{z}`, `{-y}`, `{a-d}`-style ranges as ol/source/XYZ reads them.
 */
export type TileConfig = Partial<Record<ProviderId, Partial<Record<TileKind, string>>>>;

/**
 * The public online tiles: Gaode (AMap, GCJ-02) road and satellite, and OpenStreetMap. Not used
 * unless a deployment puts them in `map-tiles.json` (README): the map selector calls them 在线.
 */
export const DEFAULT_TILES: TileConfig = {
  gaode: {
    road: 'https://webrd0{1-4}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}',
    satellite: 'https://webst0{1-4}.is.autonavi.com/appmaptile?style=6&x={x}&y={y}&z={z}',
  },
  osm: { road: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' },
};

/** The map a user sees before choosing one: Gaode in Chinese, OpenStreetMap in English. */
export function defaultMapTypeFor(language: string): number {
  return language.toLowerCase().startsWith('en') ? 0 : MapType.GAODE;
}

export const PROVIDER_OF_MAP_TYPE: Readonly<Record<number, ProviderId>> = {
  [MapType.BAIDU]: 'baidu',
  [MapType.GAODE]: 'gaode',
  [MapType.GOOGLE]: 'google',
  [MapType.TAIRUI]: 'tairui',
};

/** Kinds each provider has at all (Tairui publishes no traffic layer). */
export const PROVIDER_KINDS: Readonly<Record<ProviderId, readonly TileKind[]>> = {
  baidu: ['road', 'satellite', 'traffic'],
  gaode: ['road', 'satellite', 'traffic'],
  google: ['road', 'satellite', 'traffic'],
  tairui: ['road', 'satellite'],
  osm: ['road'],
};

/** The tile URL to draw for a provider and kind, or null when none is configured (neutral background). */
export function tileUrlFor(config: TileConfig, provider: ProviderId, kind: TileKind): string | null {
  if (!PROVIDER_KINDS[provider].includes(kind)) return null;
  const url = config[provider]?.[kind];
  return typeof url === 'string' && url.trim() ? url.trim() : null;
}

/** Parses a JSON tile configuration; anything malformed yields no tiles rather than a broken map. */
export function parseTileConfig(text: string | undefined | null): TileConfig {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object') return {};
    const config: TileConfig = {};
    for (const [provider, kinds] of Object.entries(parsed as Record<string, unknown>)) {
      if (!(provider in PROVIDER_KINDS) || !kinds || typeof kinds !== 'object') continue;
      config[provider as ProviderId] = Object.fromEntries(
        Object.entries(kinds as Record<string, unknown>).filter(([kind, url]) => ['road', 'satellite', 'traffic'].includes(kind) && typeof url === 'string'),
      );
    }
    return config;
  } catch {
    return {};
  }
}

/** Where a provider's tiles come from, as the map selector says it. */
export type TileSource = 'public' | 'local' | 'configured' | 'none';

/** The provider of a map type (0 and unknown types as MapView draws them). */
export function providerOfMapType(mapType: number): ProviderId {
  return mapType === 0 ? 'osm' : (PROVIDER_OF_MAP_TYPE[mapType] ?? 'gaode');
}

/**
 * What a provider's tiles of a kind are: the public defaults (fetched from the provider's servers),
 * local (a path on this server, e.g. offline tiles beside the bundle), another configured URL, or
 * none (only the offline outline is drawn).
 */
export function tileSource(config: TileConfig, provider: ProviderId, kind: TileKind): TileSource {
  const url = tileUrlFor(config, provider, kind);
  if (!url) return 'none';
  if (url === DEFAULT_TILES[provider]?.[kind]) return 'public';
  // A path without scheme or host is served by this deployment itself.
  return /^[a-z][a-z0-9+.-]*:|^\/\//i.test(url) ? 'configured' : 'local';
}

/** True for the API's error envelope (`{"flag":false,...}`), which names no tile provider. */
export function isErrorEnvelope(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && (parsed as { flag?: unknown }).flag === false;
  } catch {
    return false;
  }
}
