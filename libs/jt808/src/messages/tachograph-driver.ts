import type { MessageCodec } from '../codec/message-codec';
import { empty, fromFields, fromType } from '../codec/message-codec';
import type { FieldType } from '../codec/schema';
import { f, gbkLen, hexFixed, hexLen, hexRest, struct, u16, u32, u8 } from '../codec/schema';
import { buildRecorderBlock, parseRecorderBlock } from '../recorder/recorder-json';

/** 0x0702 driver identity. 2011: name, ID card, certificate, issuer. 2013/2019: card insert/remove events. */
export interface DriverInfoBody {
  /** 2013+: 1 card inserted, 2 card removed. */
  status?: number;
  time?: string;
  /** 0 read ok, 1 auth failed, 2 card locked, 3 card removed, 4 checksum error. */
  icResult?: number;
  name?: string;
  idCard?: string;
  certificate?: string;
  issuer?: string;
  /** BCD YYYYMMDD. */
  expiry?: string;
}

export interface CanDataBody {
  /** BCD hhmmssmsms of the first item. */
  receiveTime: string;
  items: { canId: number; data: string }[];
}

/**
 * 2013 starts with a status byte (1 or 2) and its layout closes exactly on the body length;
 * 2011 starts with the name length. We take 2013 when its layout fits the body exactly.
 */
export function detectDriverInfoVersion(buf: Buffer, start: number, end: number): '2011' | '2013' {
  const len = end - start;
  const status = buf[start];
  if (status === 2) return len === 7 ? '2013' : '2011';
  if (status !== 1 || len < 8) return '2011';
  if (buf[start + 7] !== 0) return len === 8 ? '2013' : '2011';
  let p = start + 8;
  if (p >= end) return '2011';
  p += 1 + buf[p] + 20;
  if (p >= end) return '2011';
  p += 1 + buf[p] + 4;
  return p === end ? '2013' : '2011';
}

const driverInfo: FieldType<DriverInfoBody> = {
  read: (r, ctx) => {
    if (ctx.version === '2011') {
      return {
        name: r.gbk(r.u8('name length')),
        idCard: r.gbkFixed(20),
        certificate: r.gbkFixed(40),
        issuer: r.gbk(r.u8('issuer length')),
      };
    }
    const body: DriverInfoBody = { status: r.u8(), time: r.bcd(6) };
    if (body.status !== 1) return body;
    body.icResult = r.u8();
    if (body.icResult !== 0) return body;
    body.name = r.gbk(r.u8('name length'));
    body.certificate = r.gbkFixed(20);
    body.issuer = r.gbk(r.u8('issuer length'));
    body.expiry = r.bcd(4);
    if (ctx.version === '2019') body.idCard = r.gbkFixed(20);
    return body;
  },
  write: (w, b, ctx) => {
    const text = gbkLen(1);
    if (ctx.version === '2011') {
      text.write(w, b.name ?? '', ctx, {});
      w.gbkFixed(b.idCard ?? '', 20, 'idCard');
      w.gbkFixed(b.certificate ?? '', 40, 'certificate');
      text.write(w, b.issuer ?? '', ctx, {});
      return;
    }
    w.u8(b.status ?? 1, 'status');
    w.hex(b.time ?? '000000000000', 6, 'time');
    if (b.status !== 1) return;
    w.u8(b.icResult ?? 0, 'icResult');
    if (b.icResult !== 0) return;
    text.write(w, b.name ?? '', ctx, {});
    w.gbkFixed(b.certificate ?? '', 20, 'certificate');
    text.write(w, b.issuer ?? '', ctx, {});
    w.hex(b.expiry ?? '00000000', 4, 'expiry');
    if (ctx.version === '2019') w.gbkFixed(b.idCard ?? '', 20, 'idCard');
  },
};

const canItem = struct([f('canId', u32), f('data', hexFixed(8))]);

// Count comes before the receive time, so the list cannot use the generic count+items helper.
const canData: FieldType<CanDataBody> = {
  read: (r, ctx) => {
    const count = r.u16('count');
    const receiveTime = r.bcd(5);
    if (count * 12 > r.remaining) r.need(count * 12, 'CAN items');
    const items: CanDataBody['items'] = [];
    for (let i = 0; i < count; i++) items.push(canItem.read(r, ctx, {}) as CanDataBody['items'][number]);
    return { receiveTime, items };
  },
  write: (w, b, ctx) => {
    w.u16(b.items.length, 'count');
    w.hex(b.receiveTime, 5, 'receiveTime');
    for (const item of b.items) canItem.write(w, item, ctx, {});
  },
};

type RecorderBody = { command: number; data: string; params?: Record<string, unknown> };

/** JSON keeps the block's hex (nothing is lost) and adds its GB/T 19056 fields (recorder/). */
const withParsedBlock = (request: boolean) => (body: unknown) => {
  const b = body as RecorderBody;
  return { ...b, ...parseRecorderBlock(b.command, b.data, request) };
};

/** A command written from JSON: its hex block as given, or built from typed `params`. */
const blockFromJson = (set: boolean) => (json: unknown) => {
  const j = json as Partial<RecorderBody>;
  const command = Number(j.command);
  return { command, data: typeof j.data === 'string' ? j.data : buildRecorderBlock(command, j.params, set) };
};

export const tachographDriverCodecs: MessageCodec[] = [
  fromFields(0x0700, 'tachograph data upload', [f('replySerial', u16), f('command', u8), f('data', hexRest)], { toJson: withParsedBlock(false) }),
  fromFields(0x8700, 'tachograph data collection', [f('command', u8), f('data', hexRest)], { toJson: withParsedBlock(true), fromJson: blockFromJson(false) }),
  fromFields(0x8701, 'tachograph parameter download', [f('command', u8), f('data', hexRest)], { toJson: withParsedBlock(false), fromJson: blockFromJson(true) }),
  fromFields(0x0701, 'electronic waybill', [f('content', hexLen(4))]),
  {
    msgId: 0x0702,
    name: 'driver identity report',
    detect: detectDriverInfoVersion,
    decode: (r, ctx) => driverInfo.read(r, ctx, {}),
    encode: (w, body, ctx) => driverInfo.write(w, body as DriverInfoBody, ctx, {}),
  },
  empty(0x8702, 'driver identity request'),
  fromType<CanDataBody>(0x0705, 'CAN bus data upload', canData),
];
