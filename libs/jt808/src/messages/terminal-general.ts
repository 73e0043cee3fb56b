import type { MessageCodec } from '../codec/message-codec';
import { empty, fromFields } from '../codec/message-codec';
import { bcdTime, byVersion, f, list, u16, u8 } from '../codec/schema';

/** 0x0001 / 0x8001: result 0 ok, 1 failure, 2 bad message, 3 unsupported, 4 alarm confirmed (0x8001 only). */
export interface GeneralReplyBody {
  replySerial: number;
  replyId: number;
  result: number;
}

/** 0x8003 (platform) / 0x0005 (2019 terminal): ask for subpackages again. */
export interface RetransmitRequestBody {
  originalSerial: number;
  indexes: number[];
}

/** 0x8004: server time as BCD digits 'YYMMDDhhmmss'; see dateToBcdTime. */
export interface ServerTimeBody {
  time: string;
}

const generalReply = [f('replySerial', u16), f('replyId', u16), f('result', u8)];

export const terminalGeneralCodecs: MessageCodec[] = [
  fromFields<GeneralReplyBody>(0x0001, 'terminal general reply', generalReply),
  empty(0x0002, 'heartbeat'),
  empty(0x0003, 'terminal logout'),
  empty(0x0004, 'query server time'),
  fromFields<RetransmitRequestBody>(0x0005, 'terminal subpackage retransmit request', [
    f('originalSerial', u16),
    f('indexes', list(2, u16)),
  ]),
  fromFields<GeneralReplyBody>(0x8001, 'platform general reply', generalReply),
  // The count is a BYTE up to 2013 and a WORD in 2019.
  fromFields<RetransmitRequestBody>(0x8003, 'platform subpackage retransmit request', [
    f('originalSerial', u16),
    f('indexes', byVersion({ '2013': list(1, u16), '2019': list(2, u16) })),
  ]),
  fromFields<ServerTimeBody>(0x8004, 'server time reply', [f('time', bcdTime)]),
  empty(0x8204, 'link detection'),
];
