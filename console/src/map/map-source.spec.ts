import { DEFAULT_TILES, isErrorEnvelope, parseTileConfig, providerOfMapType, tileSource } from './map-tiles';

describe('what the map selector says about its tiles', () => {
  it('the public defaults are online; providers without a URL show the offline outline only', () => {
    expect(tileSource(DEFAULT_TILES, 'gaode', 'road')).toBe('public');
    expect(tileSource(DEFAULT_TILES, 'gaode', 'traffic')).toBe('none');
    expect(tileSource(DEFAULT_TILES, 'baidu', 'road')).toBe('none');
    expect(tileSource({}, 'gaode', 'road')).toBe('none');
  });

  it('map-tiles.json with a path on this server is local tiles, another host is configured', () => {
    const config = parseTileConfig(JSON.stringify({ gaode: { road: '/tiles/gaode/{z}/{x}/{y}.png' }, google: { road: 'https://tiles.example.com/{z}/{x}/{y}.png' }, osm: { road: '//osm.example.com/{z}/{x}/{y}.png' } }));
    expect(tileSource(config, 'gaode', 'road')).toBe('local');
    expect(tileSource(config, 'google', 'road')).toBe('configured');
    expect(tileSource(config, 'osm', 'road')).toBe('configured');
    expect(tileSource(config, 'gaode', 'satellite')).toBe('none');
  });

  it('map types name their providers as the map draws them', () => {
    expect([0, 1, 3, 4, 5, 9].map(providerOfMapType)).toEqual(['osm', 'baidu', 'gaode', 'google', 'tairui', 'gaode']);
  });
});

describe('the tile file answer', () => {
  it('takes the server\'s error envelope for a missing map-tiles.json, and a configuration for one', () => {
    expect(isErrorEnvelope('{"flag":false,"errorCode":404,"msg":"请求地址错误","data":null}')).toBe(true);
    expect(isErrorEnvelope('{}')).toBe(false);
    expect(isErrorEnvelope(JSON.stringify(DEFAULT_TILES))).toBe(false);
    expect(isErrorEnvelope('not json')).toBe(false);
  });
});
