import type { MessageCodec } from '../codec/message-codec';
import { fromFields } from '../codec/message-codec';
import type { FieldSpec, Obj } from '../codec/schema';
import { bcdTime, f, hexRest, list, struct, u16, u32, u8 } from '../codec/schema';
import type { CodecContext } from '../types';
import type { LocationBody } from './location';
import { locationBasicType, locationFromJson, locationToJson } from './location';

/** 0x0801: media type 0 image, 1 audio, 2 video; data is the media bytes in hex. */
export interface MediaUploadBody {
  mediaId: number;
  mediaType: number;
  format: number;
  event: number;
  channel: number;
  location: LocationBody;
  data: string;
}

export interface StoredMediaReplyBody {
  replySerial: number;
  items: { mediaId: number; mediaType: number; channel: number; event: number; location: LocationBody }[];
}

const mediaHeader: FieldSpec[] = [
  f('mediaId', u32),
  f('mediaType', u8),
  f('format', u8),
  f('event', u8),
  f('channel', u8),
];
const searchFields: FieldSpec[] = [
  f('mediaType', u8),
  f('channel', u8),
  f('event', u8),
  f('startTime', bcdTime),
  f('endTime', bcdTime),
];

function withJsonLocation(o: Obj, ctx: CodecContext): Obj {
  return { ...o, location: locationToJson(o.location as LocationBody, ctx) };
}

export const multimediaCodecs: MessageCodec[] = [
  fromFields(0x0800, 'multimedia event', mediaHeader),
  fromFields<MediaUploadBody>(
    0x0801,
    'multimedia data upload',
    [...mediaHeader, f('location', locationBasicType), f('data', hexRest)],
    {
      toJson: (b, ctx) => withJsonLocation(b as unknown as Obj, ctx),
      fromJson: (j) => ({ ...(j as MediaUploadBody), location: locationFromJson((j as Obj).location) }),
    },
  ),
  // JT/T 808-2013 table 82: the retransmit count and ids follow only when packets are missing.
  fromFields(0x8800, 'multimedia upload reply', [f('mediaId', u32), f('retransmitIds', list(1, u16), { optional: true })]),
  fromFields(0x8801, 'take photo now', [
    f('channel', u8),
    f('command', u16),
    f('intervalS', u16),
    f('saveFlag', u8),
    f('resolution', u8),
    f('quality', u8),
    f('brightness', u8),
    f('contrast', u8),
    f('saturation', u8),
    f('chroma', u8),
  ]),
  // Ids follow only on success; some terminals omit the count otherwise.
  fromFields(0x0805, 'take photo reply', [
    f('replySerial', u16),
    f('result', u8),
    f('mediaIds', list(2, u32), { optional: true }),
  ]),
  fromFields(0x8802, 'stored media search', searchFields),
  fromFields<StoredMediaReplyBody>(
    0x0802,
    'stored media search reply',
    [
      f('replySerial', u16),
      f(
        'items',
        list(
          2,
          struct([
            f('mediaId', u32),
            f('mediaType', u8),
            f('channel', u8),
            f('event', u8),
            f('location', locationBasicType),
          ]),
        ),
      ),
    ],
    {
      toJson: (b, ctx) => ({
        replySerial: b.replySerial,
        items: b.items.map((i) => withJsonLocation(i as unknown as Obj, ctx)),
      }),
      fromJson: (j) => {
        const o = j as StoredMediaReplyBody;
        return {
          replySerial: o.replySerial,
          items: o.items.map((i) => ({ ...i, location: locationFromJson(i.location) })),
        };
      },
    },
  ),
  fromFields(0x8803, 'stored media upload', [...searchFields, f('deleteFlag', u8)]),
  fromFields(0x8804, 'start audio recording', [
    f('command', u8),
    f('durationS', u16),
    f('saveFlag', u8),
    f('sampleRate', u8),
  ]),
  fromFields(0x8805, 'single stored media upload', [f('mediaId', u32), f('deleteFlag', u8)]),
];
