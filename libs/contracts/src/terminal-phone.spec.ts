import { canonicalTerminalPhone } from './terminal-phone';

describe('canonicalTerminalPhone', () => {
  it('matches the 2013 and 2019 header forms of a SIM number with the number as registered', () => {
    expect(canonicalTerminalPhone('013812345678')).toBe('13812345678');
    expect(canonicalTerminalPhone('00000000013812345678')).toBe('13812345678');
    expect(canonicalTerminalPhone('13812345678')).toBe('13812345678');
  });

  it('keeps inner zeros and turns an all-zero phone into "0"', () => {
    expect(canonicalTerminalPhone('010203')).toBe('10203');
    expect(canonicalTerminalPhone('000000000000')).toBe('0');
  });
});
