import { faultCodeHex, noxConversion, num, obdProtocolKey } from './emission-view';

describe('emission view', () => {
  it('shows a dash for readings the vehicle did not send', () => {
    expect(num(null, 1)).toBe('—');
    expect(num(12.345, 1)).toBe('12.3');
    expect(num(0, 0)).toBe('0');
  });

  it('computes the SCR conversion from the two NOx sensors, not when the upstream reads nothing', () => {
    expect(noxConversion(600, 48)).toBe('92.0%');
    expect(noxConversion(600, 660)).toBe('-10.0%');
    expect(noxConversion(0, 10)).toBe('—');
    expect(noxConversion(600, null)).toBe('—');
    expect(noxConversion(null, 10)).toBe('—');
  });

  it('names the three OBD protocols and calls anything else invalid', () => {
    expect([0, 1, 2, 254].map(obdProtocolKey)).toEqual(['emission.protocol.0', 'emission.protocol.1', 'emission.protocol.2', 'emission.invalid']);
  });

  it('prints a fault code as 8 hex digits', () => {
    expect(faultCodeHex(0x123456)).toBe('00123456');
    expect(faultCodeHex(0x0a0b0c0d)).toBe('0A0B0C0D');
  });
});
