import * as iconv from 'iconv-lite';

/** What a 0x0701 content says, read the only way that holds across terminals. */
export interface WaybillContent {
  length: number;
  text: string;
  fields: { key: string; value: string }[];
}

// JT/T 808 leaves the content's layout to the application (and no provincial layout is public):
// the text is GBK, as every string of the standard; terminals seen in the field write
// `key:value` items, so those are listed too, and the raw bytes are always kept.
const SEPARATORS = /[;；\r\n|]+/;
const PAIR = /^([^:：=]{1,16})[:：=](.*)$/;

/** The content's hex (as libs/jt808 decodes 0x0701) read as GBK text and its `key:value` items. */
export function readWaybillContent(hex: string): WaybillContent {
  const bytes = Buffer.from(/^([0-9a-fA-F]{2})*$/.test(hex) ? hex : '', 'hex');
  // Fixed-width layouts pad with NULs or spaces: they are not text.
  const text = iconv.decode(bytes, 'gbk').replace(/\0+$/g, '').trim();
  return { length: bytes.length, text, fields: waybillFields(text) };
}

/** The `key:value` items of a waybill's text, in order. */
export function waybillFields(text: string): WaybillContent['fields'] {
  const fields: WaybillContent['fields'] = [];
  for (const part of text.split(SEPARATORS)) {
    const match = PAIR.exec(part.trim());
    if (match && match[1].trim()) fields.push({ key: match[1].trim(), value: match[2].trim() });
  }
  return fields;
}
