import type { Locale } from '@openfleet/errors';
import { writeSheet, type SheetColumn } from '../excel-sheet';

/** A text in both console languages. */
export interface SheetText {
  zh_CN: string;
  en_US: string;
}

/** How an import reads a cell of the column (a code column reads its labels, the code or the label in either language). */
export type CellKind = 'text' | 'number' | 'day' | 'boolean';

/**
 * A sheet column in both languages: exports and templates write the requester's header, imports
 * accept either header (or the key). `labels` turns a stored code into words on export and back
 * on import; `input: false` marks a computed column that an import ignores.
 */
export interface LocalizedColumn {
  key: string;
  header: SheetText;
  width?: number;
  kind?: CellKind;
  labels?: Readonly<Record<string | number, SheetText>>;
  input?: boolean;
}

/** The console's language as the request carries it (Accept-Language, as every error envelope reads it): en… is en_US, anything else zh_CN. */
export function localeOfRequest(request: { headers: Record<string, string | string[] | undefined> }): Locale {
  const header = request.headers['accept-language'];
  return String(Array.isArray(header) ? header[0] : (header ?? '')).toLowerCase().startsWith('en') ? 'en_US' : 'zh_CN';
}

/** The columns with their headers in `locale`. */
export function sheetColumns(columns: readonly LocalizedColumn[], locale: Locale): SheetColumn[] {
  return columns.map((column) => ({ key: column.key, header: column.header[locale], width: column.width }));
}

/** The input columns under both headers, for readSheet (which also accepts the key). */
export function importColumns(columns: readonly LocalizedColumn[]): SheetColumn[] {
  return columns.filter((column) => column.input !== false).flatMap((column) => [
    { key: column.key, header: column.header.zh_CN },
    { key: column.key, header: column.header.en_US },
  ]);
}

/** A record as the sheet shows it: coded columns as their labels in `locale`, booleans 是/否 (Yes/No). */
export function sheetRow(columns: readonly LocalizedColumn[], locale: Locale, record: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = { ...record };
  for (const column of columns) {
    const value = record[column.key];
    if (column.labels) row[column.key] = value === null || value === undefined ? '' : (column.labels[String(value)]?.[locale] ?? String(value));
    else if (column.kind === 'boolean') row[column.key] = value ? YES[locale] : NO[locale];
  }
  return row;
}

/** Writes one sheet (name and headers in `locale`) of `records` as sheetRow shows them. */
export function writeLocalizedSheet(name: SheetText, columns: readonly LocalizedColumn[], locale: Locale, records: readonly Record<string, unknown>[]): Promise<Buffer> {
  return writeSheet(name[locale], sheetColumns(columns, locale), records.map((record) => sheetRow(columns, locale, record)));
}

const YES: SheetText = { zh_CN: '是', en_US: 'Yes' };
const NO: SheetText = { zh_CN: '否', en_US: 'No' };
const TRUE_TEXTS = new Set(['1', '是', 'true', 'yes', 'y']);
const FALSE_TEXTS = new Set(['0', '否', 'false', 'no', 'n']);

const pad = (n: number) => String(n).padStart(2, '0');
/** Excel keeps dates without a zone and exceljs reads them as UTC: the UTC fields are what the sheet shows. */
const dayOf = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
/** The streaming reader skips styles, so a date cell arrives as its serial number (days since 1899-12-30). */
const serialDate = (serial: number) => new Date(Math.round((serial - 25_569) * 86_400) * 1000);

/**
 * A read cell as the DTO expects it: labels (or codes) to numbers, yes/no to booleans, date cells
 * to "YYYY-MM-DD", numbers from text; a value it cannot convert stays as written so the DTO's
 * validation names the column.
 */
export function importCell(column: LocalizedColumn, value: unknown): unknown {
  if (value === undefined || value === null || value === '') return undefined;
  const text = String(value).trim();
  if (column.labels) {
    const code = Object.entries(column.labels).find(([key, label]) => key === text || label.zh_CN === text || label.en_US.toLowerCase() === text.toLowerCase())?.[0];
    if (code === undefined) return text;
    return column.kind === 'boolean' ? code === '1' : Number(code);
  }
  switch (column.kind) {
    case 'number':
      return typeof value === 'number' ? value : text !== '' && !Number.isNaN(Number(text)) ? Number(text) : text;
    case 'boolean':
      return TRUE_TEXTS.has(text.toLowerCase()) ? true : FALSE_TEXTS.has(text.toLowerCase()) ? false : text;
    case 'day': {
      const date = value instanceof Date ? value : typeof value === 'number' ? serialDate(value) : undefined;
      return date && !Number.isNaN(date.getTime()) ? dayOf(date) : text;
    }
    default:
      return text;
  }
}
