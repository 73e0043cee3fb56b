import { pickPositionSource, positionSourceKeys, vinLinkKey, vinOfLinkKey, VinLink } from './position-source';

describe('VIN link keys', () => {
  it('are two letters, a colon and the VIN in capitals: 20 characters, never a phone', () => {
    expect(vinLinkKey(VinLink.GB32960, 'lsjmev00000000001')).toBe('EV:LSJMEV00000000001');
    expect(vinLinkKey(VinLink.HJ1239, 'LFWHJ000000000001')).toHaveLength(20);
    expect(vinOfLinkKey('EV:LSJMEV00000000001')).toBe('LSJMEV00000000001');
    expect(vinOfLinkKey('HJ:LFWHJ000000000001')).toBe('LFWHJ000000000001');
    expect(vinOfLinkKey('13800000001')).toBeUndefined();
    expect(vinOfLinkKey('XX:LFWHJ000000000001')).toBeUndefined();
    expect(vinOfLinkKey('EV:')).toBeUndefined();
  });

  it('name a vehicle\'s sources in order: 808 terminal (canonical), GB/T 32960, HJ 1239', () => {
    expect(positionSourceKeys({ terminalPhone: '013800000001', vin: 'vin00000000000001' })).toEqual(['13800000001', 'EV:VIN00000000000001', 'HJ:VIN00000000000001']);
    expect(positionSourceKeys({ terminalPhone: '', vin: 'VIN00000000000001' })).toEqual(['EV:VIN00000000000001', 'HJ:VIN00000000000001']);
    expect(positionSourceKeys({ terminalPhone: '13800000001', vin: '' })).toEqual(['13800000001']);
  });
});

describe('pickPositionSource', () => {
  interface S { name: string; online: boolean; at: number }
  const pick = (...states: (S | undefined)[]) => pickPositionSource(states, (s) => s.online, (s) => s.at)?.name;

  it('takes the first online source, so an online 808 terminal wins over a newer VIN link', () => {
    expect(pick({ name: '808', online: true, at: 10 }, { name: 'ev', online: true, at: 20 })).toBe('808');
    expect(pick({ name: '808', online: false, at: 30 }, { name: 'ev', online: true, at: 20 })).toBe('ev');
    expect(pick(undefined, { name: 'ev', online: false, at: 20 }, { name: 'hj', online: true, at: 5 })).toBe('hj');
  });

  it('with none online takes the newest report, the first on a tie, and nothing without a state', () => {
    expect(pick({ name: '808', online: false, at: 10 }, { name: 'ev', online: false, at: 20 })).toBe('ev');
    expect(pick({ name: '808', online: false, at: 20 }, { name: 'ev', online: false, at: 20 })).toBe('808');
    expect(pick({ name: '808', online: false, at: 0 })).toBe('808');
    expect(pick(undefined, undefined)).toBeUndefined();
  });
});
