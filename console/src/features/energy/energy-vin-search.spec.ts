import { normaliseVin } from './EnergyVinSearch';

describe('energy VIN search', () => {
  it('sends a VIN trimmed and in capitals, and refuses what cannot be one', () => {
    expect(normaliseVin(' lsjmev0a1ns000201 ')).toBe('LSJMEV0A1NS000201');
    expect(normaliseVin('LSJMEV0A1NS0002')).toBeNull();
    expect(normaliseVin('LSJMEV0A1NS00020O')).toBeNull();
    expect(normaliseVin('')).toBeNull();
  });
});
