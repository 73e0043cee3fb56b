import { COMPASS_NAMES, COMPASS_NAMES_ZH_CN, compassName, compassSector } from './compass';

describe('compass', () => {
  it('puts north around 0 degrees', () => {
    expect(compassSector(0)).toBe(0);
    expect(compassSector(348.75)).toBe(0);
    expect(compassSector(359.9)).toBe(0);
    expect(compassSector(11.24)).toBe(0);
    expect(compassSector(11.25)).toBe(1);
  });

  it('maps the centre of every sector to its index', () => {
    for (let i = 0; i < 16; i++) expect(compassSector(i * 22.5)).toBe(i);
  });

  it('wraps negative and large headings', () => {
    expect(compassSector(-90)).toBe(12);
    expect(compassSector(720 + 45)).toBe(2);
    expect(compassSector(360)).toBe(0);
  });

  it('names sectors in both languages', () => {
    expect(COMPASS_NAMES).toHaveLength(16);
    expect(COMPASS_NAMES_ZH_CN).toHaveLength(16);
    expect(compassName(45, 'en_US')).toBe('NE');
    expect(compassName(45)).toBe('东北');
    expect(compassName(22.5)).toBe('东北偏北');
    expect(compassName(180, 'en_US')).toBe('S');
    expect(compassName(337.5)).toBe('西北偏北');
  });

  it('rejects non-finite headings', () => {
    expect(() => compassSector(Number.NaN)).toThrow(RangeError);
  });
});
