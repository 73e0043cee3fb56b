import { sqlLiteral } from '@openfleet/storage';
import { literal } from './live-state.service';

describe('literal (MySQL literals of the state upserts)', () => {
  it("writes what sqlLiteral writes, except that a double quote is left as it is (MySQL reads \\\" as \")", () => {
    const values = [
      JSON.stringify({ terminalPhone: '13800138000', day: { day: '2026-11-27', computedM: 12.5 }, reportedPlate: "京A·12345 'x'", note: 'a\\b\tc\nd\re\u001a\u0000' }),
      "it's", 'back\\slash', 'plain-phone_1.2:3', '', '"', '京A12345', '\\\'',
    ];
    for (const value of values) expect(literal(value)).toBe(sqlLiteral(value).replace(/\\"/g, '"'));
  });

  it('escapes control characters the way sqlLiteral does (they are not in JSON, but a plate could hold one)', () => {
    for (const value of ['a\tb', 'a\nb', 'a\rb', 'a\u0000b', 'a\bb', 'a\u001ab']) expect(literal(value)).toBe(sqlLiteral(value));
  });

  it('numbers and NULL as sqlLiteral', () => {
    for (const value of [0, -12, 1_732_300_000_812, 1.5, Number.NaN, null]) expect(literal(value)).toBe(sqlLiteral(value));
  });
});
