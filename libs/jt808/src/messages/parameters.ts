import type { MessageCodec } from '../codec/message-codec';
import { empty, fromFields } from '../codec/message-codec';
import { reader, type Reader } from '../codec/reader';
import type { FieldType, Obj } from '../codec/schema';
import { f, list, u16, u32 } from '../codec/schema';
import { Jt808DecodeError, Jt808EncodeError } from '../errors';
import type { CodecContext } from '../types';
import type { ParameterType } from './parameter-table';
import { parameterInfo } from './parameter-table';
import { VIDEO_PARAMETER_TYPES } from './video-parameters';

/**
 * One terminal parameter. `value` is a number for dword/word/byte, text for string, hex for bytes,
 * an object for struct (hex is accepted too when encoding a struct: the bytes are sent as given).
 */
export interface ParameterItem {
  id: number;
  /** Standard name, for reading; ignored when encoding. */
  name?: string;
  type: ParameterType;
  value: number | string | Obj;
}

const SIZES: Partial<Record<ParameterType, number>> = { dword: 4, word: 2, byte: 1 };

/** A structured value filling exactly `len` bytes, or undefined when the bytes do not fit its layout. */
function readStruct(r: Reader, id: number, len: number, ctx: CodecContext): Obj | undefined {
  const layout = VIDEO_PARAMETER_TYPES.get(id);
  if (!layout) return undefined;
  const value = reader(r.buf, r.pos, r.pos + len);
  try {
    const out = layout.read(value, ctx, {}) as Obj;
    return value.remaining === 0 ? out : undefined;
  } catch (err) {
    if (err instanceof Jt808DecodeError) return undefined;
    throw err;
  }
}

const parameterItem: FieldType<ParameterItem> = {
  read: (r, ctx) => {
    const id = r.u32('parameter id');
    const len = r.u8('parameter length');
    r.need(len, `parameter 0x${id.toString(16)}`);
    const info = parameterInfo(id);
    let type: ParameterType = info?.type ?? 'bytes';
    // A length that contradicts the table keeps the bytes rather than guessing.
    if (SIZES[type] !== undefined && SIZES[type] !== len) type = 'bytes';
    const structured = type === 'struct' ? readStruct(r, id, len, ctx) : undefined;
    if (structured) r.pos += len;
    else if (type === 'struct') type = 'bytes';
    const value =
      structured ??
      (type === 'dword'
        ? r.u32()
        : type === 'word'
          ? r.u16()
          : type === 'byte'
            ? r.u8()
            : type === 'string'
              ? r.gbk(len)
              : r.hex(len));
    return info ? { id, name: info.name, type, value } : { id, type, value };
  },
  write: (w, item, ctx) => {
    w.u32(item.id, 'parameter id');
    const at = w.skip(1);
    const type = item.type ?? parameterInfo(item.id)?.type ?? 'bytes';
    if (type === 'dword') w.u32(Number(item.value), `parameter 0x${item.id.toString(16)}`);
    else if (type === 'word') w.u16(Number(item.value), `parameter 0x${item.id.toString(16)}`);
    else if (type === 'byte') w.u8(Number(item.value), `parameter 0x${item.id.toString(16)}`);
    else if (type === 'string') w.gbk(String(item.value));
    else if (type === 'bytes' || (type === 'struct' && typeof item.value === 'string'))
      w.hex(String(item.value), undefined, `parameter 0x${item.id.toString(16)}`);
    else if (type === 'struct') {
      const layout = VIDEO_PARAMETER_TYPES.get(item.id);
      if (!layout) throw new Jt808EncodeError(`parameter 0x${item.id.toString(16)} has no structured layout`);
      layout.write(w, item.value, ctx, {});
    } else throw new Jt808EncodeError(`unknown parameter type ${String(type)}`);
    w.patchU8(at, w.pos - at - 1, 'parameter length');
  },
};

export interface SetParametersBody {
  items: ParameterItem[];
}

export interface ParametersReplyBody {
  replySerial: number;
  items: ParameterItem[];
}

export interface QueryParametersBody {
  ids: number[];
}

export const parameterCodecs: MessageCodec[] = [
  fromFields<SetParametersBody>(0x8103, 'set terminal parameters', [f('items', list(1, parameterItem))]),
  empty(0x8104, 'query all terminal parameters'),
  fromFields<QueryParametersBody>(0x8106, 'query terminal parameters', [f('ids', list(1, u32))]),
  fromFields<ParametersReplyBody>(0x0104, 'terminal parameters reply', [
    f('replySerial', u16),
    f('items', list(1, parameterItem)),
  ]),
];
