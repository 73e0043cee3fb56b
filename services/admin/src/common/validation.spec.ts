import { Patterns, isIdCardNumber } from './validation';

describe('isIdCardNumber', () => {
  it('accepts 18-character numbers with a valid date and check character (X in either case)', () => {
    expect(isIdCardNumber('11010519491231002X')).toBe(true);
    expect(isIdCardNumber('11010519491231002x')).toBe(true);
    expect(isIdCardNumber('310115199003071239')).toBe(true);
  });

  it('rejects a wrong check character, an impossible or too early birth date, and other shapes', () => {
    expect(isIdCardNumber('310115199003071238')).toBe(false);
    expect(isIdCardNumber('310115199002301234')).toBe(false);
    expect(isIdCardNumber('440524188001010014')).toBe(false);
    expect(isIdCardNumber('31011519900307123')).toBe(false);
    expect(isIdCardNumber(12345)).toBe(false);
  });
});

describe('manufacturer patterns', () => {
  it('takes 5-character numbers not starting with 0 and codes of at most 15 letters/digits', () => {
    expect(Patterns.manufacturerNumber.test('70111')).toBe(true);
    expect(Patterns.manufacturerNumber.test('07011')).toBe(false);
    expect(Patterns.manufacturerNumber.test('7011')).toBe(false);
    expect(Patterns.manufacturerCode.test('ABC123def456GHI')).toBe(true);
    expect(Patterns.manufacturerCode.test('ABC123def456GHIJ')).toBe(false);
    expect(Patterns.manufacturerCode.test('AB-1')).toBe(false);
  });
});
