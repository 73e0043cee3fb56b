import type { MessageCodec } from '../codec/message-codec';
import { fromFields } from '../codec/message-codec';
import { f, gbkLen, gbkRest, is2019, list, listRest, struct, u16, u8 } from '../codec/schema';

/** 0x8300 text message. 2019 adds a text type byte (1 notice, 2 service). */
export interface TextMessageBody {
  flags: number;
  textType?: number;
  text: string;
}

export interface EventSetBody {
  type: number;
  events: { id: number; content: string }[];
}

export interface QuestionBody {
  flags: number;
  question: string;
  answers: { id: number; content: string }[];
}

export interface InfoMenuBody {
  type: number;
  items: { infoType: number; name: string }[];
}

export interface PhonebookBody {
  type: number;
  contacts: { flag: number; phone: string; name: string }[];
}

export const textEventCodecs: MessageCodec[] = [
  fromFields<TextMessageBody>(0x8300, 'text message', [
    f('flags', u8),
    f('textType', u8, { when: is2019 }),
    f('text', gbkRest),
  ]),
  fromFields<EventSetBody>(0x8301, 'event settings', [
    f('type', u8),
    f('events', list(1, struct([f('id', u8), f('content', gbkLen(1))]))),
  ]),
  fromFields(0x0301, 'event report', [f('eventId', u8)]),
  fromFields<QuestionBody>(0x8302, 'question', [
    f('flags', u8),
    f('question', gbkLen(1)),
    f('answers', listRest(struct([f('id', u8), f('content', gbkLen(2))]))),
  ]),
  fromFields(0x0302, 'question answer', [f('replySerial', u16), f('answerId', u8)]),
  fromFields<InfoMenuBody>(0x8303, 'information menu', [
    f('type', u8),
    f('items', list(1, struct([f('infoType', u8), f('name', gbkLen(2))]))),
  ]),
  fromFields(0x0303, 'information on demand', [f('infoType', u8), f('flag', u8)]),
  fromFields(0x8304, 'information service', [f('infoType', u8), f('content', gbkLen(2))]),
  fromFields(0x8400, 'call back', [f('flag', u8), f('phone', gbkRest)]),
  fromFields<PhonebookBody>(0x8401, 'phonebook', [
    f('type', u8),
    f('contacts', list(1, struct([f('flag', u8), f('phone', gbkLen(1)), f('name', gbkLen(1))]))),
  ]),
];
