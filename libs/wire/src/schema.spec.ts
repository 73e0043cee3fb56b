// The shared codec dialect: one description gives decode, encode and skip, bytes checked by hand.
import { WireError, type CodecErrors } from './errors';
import { Reader } from './reader';
import { bytesOf, f, gbkFixed, latin1Fixed, lengthOf, list, mapped, skipField, struct, u16, u32, u64, u8, withDefault } from './schema';
import { Writer } from './writer';

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');
const read = <T>(type: { read(r: Reader, c: unknown, p: object): T }, bytes: Buffer) => type.read(new Reader(bytes), undefined, {});
function write<T>(type: { write(w: Writer, v: T, c: unknown, p: object): void }, value: T): string {
  const w = new Writer(4);
  type.write(w, value, undefined, {});
  return w.toBuffer().toString('hex');
}
function codeOf(fn: () => unknown): string {
  try {
    fn();
    return 'ok';
  } catch (error) {
    if (error instanceof WireError) return error.code;
    throw error;
  }
}

describe('struct', () => {
  const point = struct<{ id: number; name: string; speed: number }>([
    f('id', u16),
    f('name', gbkFixed(4)),
    f('speed', mapped(u8, (raw) => raw / 2, (kmh: number) => kmh * 2)),
  ]);

  it('reads and writes the same bytes from one description, and knows its size', () => {
    const bytes = hex('0102 41420000 78');
    expect(read(point, bytes)).toEqual({ id: 0x0102, name: 'AB', speed: 60 });
    expect(write(point, { id: 0x0102, name: 'AB', speed: 60 })).toBe('0102414200007' + '8');
    expect(point.size).toBe(7);
  });

  it('skips a fixed-size layout in one step and a counted one item by item, checking the counts', () => {
    const r = new Reader(hex('0102 41420000 78 02 0001 0002 ff'));
    skipField(point, r, undefined, {});
    skipField(list(1, u16), r, undefined, {});
    expect(r.pos).toBe(12);
    expect(codeOf(() => skipField(list(1, u16), new Reader(hex('03 0001')), undefined, {}))).toBe('TRUNCATED');
  });

  it('conditional and optional fields', () => {
    const type = struct<Record<string, number>>([f('kind', u8), f('extra', u16, { when: (o) => o.kind === 1 }), f('tail', u8, { optional: true })]);
    expect(read(type, hex('00'))).toEqual({ kind: 0 });
    expect(read(type, hex('01 0005 09'))).toEqual({ kind: 1, extra: 5, tail: 9 });
    expect(write(type, { kind: 1, extra: 5 })).toBe('010005');
  });
});

describe('field types', () => {
  it('a length field is written from the bytes it counts and read back with them', () => {
    const photo = struct<{ size: number; photo: Buffer }>([f('size', lengthOf(4, 'photo')), f('photo', bytesOf('size'))]);
    expect(write(photo, { size: 99, photo: hex('abcd') })).toBe('00000002abcd');
    expect(read(photo, hex('00000002abcd'))).toEqual({ size: 2, photo: hex('abcd') });
  });

  it('a list over its limit is a bad field when read and refused when written', () => {
    const cells = list(1, u8, { max: 2 });
    expect(codeOf(() => read(cells, hex('03 010203')))).toBe('BAD_FIELD');
    expect(codeOf(() => write(cells, [1, 2, 3]))).toBe('ENCODE');
    expect(read(cells, hex('02 0102'))).toEqual([1, 2]);
  });

  it('u64 up to 2^53, refused beyond; latin1 text zero-padded; defaults fill missing values', () => {
    expect(read(u64, hex('001fffffffffffff'))).toBe(Number.MAX_SAFE_INTEGER);
    expect(codeOf(() => read(u64, hex('0020000000000000')))).toBe('BAD_FIELD');
    expect(write(latin1Fixed(4), 'VIN')).toBe('56494e00');
    expect(codeOf(() => write(latin1Fixed(2), 'VIN'))).toBe('ENCODE');
    expect(write(withDefault(u32, 0), undefined as unknown as number)).toBe('00000000');
  });
});

describe('Reader and Writer', () => {
  it('fail through the codec errors they are given', () => {
    class Truncated extends Error {}
    const errors: CodecErrors = { truncated: (m) => new Truncated(m), invalid: (m) => new Error(m), encode: (m) => new RangeError(m) };
    expect(() => new Reader(hex('01'), 0, 1, errors).u16('speed')).toThrow(new Truncated('ends before speed (2 bytes needed, 1 left)'));
    expect(() => new Writer(1, errors).u8(256, 'count')).toThrow(RangeError);
  });

  it('reads big-endian integers within the end it is given, not the buffer', () => {
    const r = new Reader(hex('0102030405060708'), 1, 7);
    expect([r.u8(), r.u16(), r.remaining]).toEqual([2, 0x0304, 3]);
    expect(r.u32.bind(r)).toThrow(WireError);
  });
});
