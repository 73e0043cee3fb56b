/**
 * Typed parameters of terminal commands: one description drives the console's dialog forms and the
 * instruction service's validation, so a dialog refuses exactly what the server refuses (spec §5).
 * Framework-free (the console imports this file).
 */

export type Edition = '2011' | '2013' | '2019';

/** Label in both console languages: [zh_CN, en_US]. */
export type Label = readonly [zh: string, en: string];

export type FieldKind =
  /** Integer in [min, max]. */
  | 'int'
  /** Text; maxBytes counts GBK bytes (2 per CJK character). */
  | 'text'
  /** One of options. */
  | 'select'
  /** Checkbox. */
  | 'bool'
  /** 'YYYY-MM-DD HH:mm:ss' (China time). */
  | 'time'
  /** Hexadecimal bytes (raw parameter values, upgrade packages). */
  | 'hex'
  /** Rows of itemFields, at most maxItems. */
  | 'list';

export interface CommandField {
  key: string;
  label: Label;
  kind: FieldKind;
  required?: boolean;
  min?: number;
  max?: number;
  maxBytes?: number;
  pattern?: RegExp;
  options?: readonly { value: number; label: Label }[];
  /** Only these editions have the field; others refuse it (7109) or never show it. */
  editions?: readonly Edition[];
  /** Shown only when this holds for the values entered so far. */
  visibleWhen?: (values: Record<string, unknown>) => boolean;
  defaultValue?: unknown;
  itemFields?: readonly CommandField[];
  maxItems?: number;
}

/** A refused value: which field and why (the server answers 7106 with these as data). */
export interface FieldProblem {
  field: string;
  reason: 'required' | 'type' | 'range' | 'length' | 'format' | 'option' | 'edition' | 'items';
}

/** GBK length of a text: one byte for ASCII, two for anything else (CJK, full-width forms). */
export function gbkByteLength(text: string): number {
  let n = 0;
  for (const char of text) n += char.charCodeAt(0) < 0x80 ? 1 : 2;
  return n;
}

const TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

function isTime(value: unknown): boolean {
  const m = typeof value === 'string' ? TIME.exec(value) : null;
  if (!m) return false;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60 && s < 60 && y >= 2000 && y < 2100;
}

function checkField(field: CommandField, value: unknown, edition: Edition | undefined, path: string, out: FieldProblem[]): void {
  const absent = value === undefined || value === null || value === '';
  if (absent) {
    if (field.required) out.push({ field: path, reason: 'required' });
    return;
  }
  if (field.editions && edition && !field.editions.includes(edition)) {
    out.push({ field: path, reason: 'edition' });
    return;
  }
  switch (field.kind) {
    case 'int': {
      if (typeof value !== 'number' || !Number.isInteger(value)) return void out.push({ field: path, reason: 'type' });
      if ((field.min !== undefined && value < field.min) || (field.max !== undefined && value > field.max)) out.push({ field: path, reason: 'range' });
      return;
    }
    case 'select':
      if (!field.options?.some((option) => option.value === value)) out.push({ field: path, reason: 'option' });
      return;
    case 'bool':
      if (typeof value !== 'boolean') out.push({ field: path, reason: 'type' });
      return;
    case 'time':
      if (!isTime(value)) out.push({ field: path, reason: 'format' });
      return;
    case 'hex':
      if (typeof value !== 'string' || !/^([0-9a-fA-F]{2})*$/.test(value)) return void out.push({ field: path, reason: 'format' });
      if (field.maxBytes !== undefined && value.length / 2 > field.maxBytes) out.push({ field: path, reason: 'length' });
      return;
    case 'text':
      if (typeof value !== 'string') return void out.push({ field: path, reason: 'type' });
      if (field.maxBytes !== undefined && gbkByteLength(value) > field.maxBytes) out.push({ field: path, reason: 'length' });
      if (field.pattern && !field.pattern.test(value)) out.push({ field: path, reason: 'format' });
      return;
    case 'list': {
      if (!Array.isArray(value)) return void out.push({ field: path, reason: 'type' });
      if ((field.maxItems !== undefined && value.length > field.maxItems) || (field.required && value.length === 0))
        out.push({ field: path, reason: 'items' });
      value.forEach((item, index) => {
        if (typeof item !== 'object' || item === null) return void out.push({ field: `${path}[${index}]`, reason: 'type' });
        for (const sub of field.itemFields ?? []) checkField(sub, (item as Record<string, unknown>)[sub.key], edition, `${path}[${index}].${sub.key}`, out);
      });
      return;
    }
  }
}

/**
 * Checks entered values against the fields: every problem, not only the first. Hidden fields
 * (visibleWhen false) are not checked. `edition` is the terminal's, when known.
 */
export function validateFields(fields: readonly CommandField[], values: Record<string, unknown>, edition?: Edition): FieldProblem[] {
  const out: FieldProblem[] = [];
  for (const field of fields) {
    if (field.visibleWhen && !field.visibleWhen(values)) continue;
    checkField(field, values[field.key], edition, field.key, out);
  }
  return out;
}

/** Values with every absent field set to its default (what a dialog starts with). */
export function withDefaults(fields: readonly CommandField[], values: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  for (const field of fields) if (out[field.key] === undefined && field.defaultValue !== undefined) out[field.key] = field.defaultValue;
  return out;
}

/** 'YYYY-MM-DD HH:mm:ss' -> BCD 'YYMMDDhhmmss' as JT/T 808 carries times. */
export function toBcdTime(value: string): string {
  return value.slice(2).replace(/[-: ]/g, '');
}
