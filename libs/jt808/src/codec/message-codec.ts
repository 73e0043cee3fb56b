import type { CodecContext, Jt808Version } from '../types';
import type { Reader } from './reader';
import type { FieldSpec, FieldType } from './schema';
import { struct } from './schema';
import type { Writer } from './writer';

/** How one message id is decoded, encoded and shown as JSON. */
export interface MessageCodec<B = unknown> {
  msgId: number;
  name: string;
  /** For bodies whose 2011 and 2013 layouts differ: tells them apart from the body bytes. */
  detect?(buf: Buffer, start: number, end: number): Extract<Jt808Version, '2011' | '2013'>;
  decode(r: Reader, ctx: CodecContext): B;
  encode(w: Writer, body: B, ctx: CodecContext): void;
  /** JSON for operators; defaults to the body itself (already JSON-safe for most messages). */
  toJson?(body: B, ctx: CodecContext): unknown;
  fromJson?(json: unknown, ctx: CodecContext): B;
}

export function fromType<B>(
  msgId: number,
  name: string,
  type: FieldType<B>,
  extra: Partial<MessageCodec<B>> = {},
): MessageCodec<B> {
  return {
    msgId,
    name,
    decode: (r, ctx) => type.read(r, ctx, {}),
    encode: (w, body, ctx) => type.write(w, body, ctx, {}),
    ...extra,
  };
}

export function fromFields<B>(
  msgId: number,
  name: string,
  fields: FieldSpec[],
  extra: Partial<MessageCodec<B>> = {},
): MessageCodec<B> {
  return fromType(msgId, name, struct<B>(fields), extra);
}

export type EmptyBody = Record<string, never>;

export function empty(msgId: number, name: string): MessageCodec<EmptyBody> {
  return fromFields<EmptyBody>(msgId, name, []);
}
