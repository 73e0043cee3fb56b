import type { MessageCodec } from '../codec/message-codec';
import { empty, fromFields } from '../codec/message-codec';
import type { FieldType } from '../codec/schema';
import { f, list, u16, u32 } from '../codec/schema';
import { Jt808EncodeError } from '../errors';
import type { ParameterType } from './parameter-table';
import { parameterInfo } from './parameter-table';

/** One terminal parameter. `value` is a number for dword/word/byte, text for string, hex for bytes. */
export interface ParameterItem {
  id: number;
  /** Standard name, for reading; ignored when encoding. */
  name?: string;
  type: ParameterType;
  value: number | string;
}

const SIZES: Partial<Record<ParameterType, number>> = { dword: 4, word: 2, byte: 1 };

const parameterItem: FieldType<ParameterItem> = {
  read: (r) => {
    const id = r.u32('parameter id');
    const len = r.u8('parameter length');
    r.need(len, `parameter 0x${id.toString(16)}`);
    const info = parameterInfo(id);
    let type: ParameterType = info?.type ?? 'bytes';
    // A length that contradicts the table keeps the bytes rather than guessing.
    if (SIZES[type] !== undefined && SIZES[type] !== len) type = 'bytes';
    const value =
      type === 'dword'
        ? r.u32()
        : type === 'word'
          ? r.u16()
          : type === 'byte'
            ? r.u8()
            : type === 'string'
              ? r.gbk(len)
              : r.hex(len);
    return info ? { id, name: info.name, type, value } : { id, type, value };
  },
  write: (w, item) => {
    w.u32(item.id, 'parameter id');
    const at = w.skip(1);
    const type = item.type ?? parameterInfo(item.id)?.type ?? 'bytes';
    if (type === 'dword') w.u32(Number(item.value), `parameter 0x${item.id.toString(16)}`);
    else if (type === 'word') w.u16(Number(item.value), `parameter 0x${item.id.toString(16)}`);
    else if (type === 'byte') w.u8(Number(item.value), `parameter 0x${item.id.toString(16)}`);
    else if (type === 'string') w.gbk(String(item.value));
    else if (type === 'bytes') w.hex(String(item.value), undefined, `parameter 0x${item.id.toString(16)}`);
    else throw new Jt808EncodeError(`unknown parameter type ${String(type)}`);
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
