import { assertJsonDepth } from './http-hardening';

describe('assertJsonDepth', () => {
  it('accepts nesting up to the limit and refuses one level more', () => {
    expect(() => assertJsonDepth(Buffer.from('['.repeat(64) + ']'.repeat(64)))).not.toThrow();
    expect(() => assertJsonDepth(Buffer.from('{"a":' + '['.repeat(64) + ']'.repeat(64) + '}'))).toThrow(/deeper than 64/);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ note: '['.repeat(500) + '"\\{' + '{'.repeat(500) });
    expect(() => assertJsonDepth(Buffer.from(text))).not.toThrow();
  });

  it('refuses with an http-errors style 400 that the envelope filter maps', () => {
    try {
      assertJsonDepth(Buffer.from('['.repeat(40_000)));
      throw new Error('no error');
    } catch (error) {
      expect(error).toMatchObject({ status: 400, expose: true, type: 'entity.too.deep' });
    }
  });
});
