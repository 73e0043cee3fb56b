// The "describe once, both directions" field schema lives in @openfleet/wire; this binds it to the
// JT/T 808 codec context (the protocol edition) and adds the edition switches 808 needs.
import * as wire from '@openfleet/wire';
import type { CodecContext } from '../types';

export {
  bcd,
  bytesFixed,
  gbkFixed,
  gbkLen,
  gbkRest,
  hexFixed,
  hexLen,
  hexRest,
  u16,
  u32,
  u8,
} from '@openfleet/wire';

export type FieldType<V> = wire.FieldType<V, CodecContext>;
export type FieldSpec = wire.FieldSpec<CodecContext>;
export type Obj = wire.Obj;

export const bcdTime = wire.bcd(6);
export const f = wire.f<CodecContext>;
export const struct = <T>(fields: FieldSpec[]): FieldType<T> => wire.struct<T, CodecContext>(fields);
export const list = <V>(width: wire.LengthWidth, item: FieldType<V>): FieldType<V[]> =>
  wire.list(width, item);
export const listRest = <V>(item: FieldType<V>): FieldType<V[]> => wire.listRest(item);

/** Picks the layout by edition; a missing edition falls back to the next newer one. */
export function byVersion<V>(types: {
  '2011'?: FieldType<V>;
  '2013'?: FieldType<V>;
  '2019': FieldType<V>;
}): FieldType<V> {
  const pick = (ctx: CodecContext): FieldType<V> =>
    (ctx.version === '2011'
      ? (types['2011'] ?? types['2013'])
      : ctx.version === '2013'
        ? types['2013']
        : undefined) ?? types['2019'];
  return {
    read: (r, ctx, parent) => pick(ctx).read(r, ctx, parent),
    write: (w, v, ctx, parent) => pick(ctx).write(w, v, ctx, parent),
  };
}

export const is2019 = (_: Obj, ctx: CodecContext): boolean => ctx.version === '2019';
export const isNot2019 = (_: Obj, ctx: CodecContext): boolean => ctx.version !== '2019';
