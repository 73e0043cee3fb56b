import { tsvField, tsvLine } from './bulk-rows';

describe('LOAD DATA TSV text', () => {
  it('escapes what LOAD DATA reads as field and line ends, and writes NULL as \\N', () => {
    expect(tsvField('a\tb\nc\rd\\e "f" 中文')).toBe('a\\tb\\nc\\rd\\\\e "f" 中文');
    expect(tsvField(null)).toBe('\\N');
    expect(tsvField(undefined)).toBe('\\N');
    expect(tsvField(Number.NaN)).toBe('\\N');
    expect(tsvField(-39_912_345)).toBe('-39912345');
    expect(tsvField('')).toBe('');
  });

  it('joins the fields of a row with tabs', () => {
    expect(tsvLine(['13900000001', 1_700_000_000, null, 'x\ty'])).toBe('13900000001\t1700000000\t\\N\tx\\ty');
  });
});
