/** Spec §9 dialog widths. */
export const DIALOG_WIDTHS = [440, 600, 750, 900, 1000] as const;
export type DialogWidth = (typeof DIALOG_WIDTHS)[number];

export const PAGE_SIZES = [10, 20, 50, 100] as const;

export type SortOrder = 'asc' | 'desc';

/** The list request every table screen sends: `pageNo` starts at 1. */
export interface PageQuery {
  readonly pageNo: number;
  readonly pageSize: number;
  readonly keyword: string;
  readonly sortField?: string;
  readonly sortOrder?: SortOrder;
}

/** The `data` of a paged list answer. */
export interface PageResult<Row> {
  readonly records: readonly Row[];
  readonly total: number;
}

/** The paged list request of the screens over a time window (alarms, faults, rescue cases). */
export interface TimedPageFilter {
  current: number;
  size: number;
  startTime: string;
  endTime: string;
  keyword?: string;
}

/** A time-window screen's request: the page part and the optional filters it names. */
export type TimedPageRequest<Text extends string, Numbers extends string> = TimedPageFilter & Partial<Record<Text, string> & Record<Numbers, number>>;

/**
 * A time-window screen's list request: the table's page and keyword (only when set), the window
 * (always), then the screen's optional filters: `text` ones only when not empty, `numbers` (select
 * values, '' when unset) converted with Number only when set.
 */
export function timedPageQuery<Text extends string = never, Numbers extends string = never>(
  query: PageQuery,
  window: { readonly startTime: string; readonly endTime: string },
  filters: { readonly text?: Readonly<Record<Text, string>>; readonly numbers?: Readonly<Record<Numbers, string>> } = {},
): TimedPageRequest<Text, Numbers> {
  const picked: Record<string, string | number> = {};
  for (const [name, value] of Object.entries<string>(filters.text ?? {})) if (value) picked[name] = value;
  for (const [name, value] of Object.entries<string>(filters.numbers ?? {})) if (value !== '') picked[name] = Number(value);
  return {
    current: query.pageNo,
    size: query.pageSize,
    startTime: window.startTime,
    endTime: window.endTime,
    ...(query.keyword ? { keyword: query.keyword } : {}),
    ...picked,
  } as TimedPageRequest<Text, Numbers>; // the loops' record cannot carry the names' types
}

export const firstPage: PageQuery = { pageNo: 1, pageSize: 20, keyword: '' };

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** Applies a column sort; a new sort goes back to the first page. */
export function withSort(query: PageQuery, field: string, order: SortOrder): PageQuery {
  return { ...query, sortField: field, sortOrder: order, pageNo: 1 };
}

export function withKeyword(query: PageQuery, keyword: string): PageQuery {
  return { ...query, keyword: keyword.trim(), pageNo: 1 };
}

export function withPage(query: PageQuery, pageNo: number, total: number): PageQuery {
  return { ...query, pageNo: Math.min(Math.max(1, pageNo), pageCount(total, query.pageSize)) };
}

export function withPageSize(query: PageQuery, pageSize: number): PageQuery {
  return { ...query, pageSize, pageNo: 1 };
}

/** Rows covered by Blueprint selection regions (full-row or cell regions), without repeats. */
export function selectedRowIndexes(
  regions: readonly { rows?: readonly [number, number] | null }[],
  rowCount: number,
): number[] {
  const picked = new Set<number>();
  for (const region of regions) {
    const [start, end] = region.rows ?? [0, rowCount - 1];
    for (let row = start; row <= end && row < rowCount; row += 1) picked.add(row);
  }
  return [...picked].sort((a, b) => a - b);
}

/** One editable field of a form dialog. */
export interface FieldSpec<Form> {
  readonly name: keyof Form & string;
  readonly labelKey: string;
  /** `checks`: several options, the value is a comma separated list. */
  readonly kind?: 'text' | 'select' | 'textarea' | 'password' | 'checks' | 'date' | 'datetime';
  readonly options?: readonly FieldOption[];
  readonly required?: boolean;
  readonly maxLength?: number;
  /** Returns an i18n key when the value is not acceptable. */
  readonly validate?: (value: string, form: Form) => string | null;
  /** Not editable when editing an existing row (e.g. a natural key). */
  readonly lockedOnEdit?: boolean;
  /** Only on the add dialog (e.g. the initial password). */
  readonly addOnly?: boolean;
}

/** A select/checks option: a translation key, or a literal label for data (company names). */
export type FieldOption = { readonly value: string } & (
  | { readonly labelKey: string; readonly label?: undefined }
  | { readonly label: string; readonly labelKey?: undefined }
);

export type FormValues = Record<string, string>;

/** Validates every field; the answer maps field names to i18n error keys. */
export function validateForm<Form extends FormValues>(
  fields: readonly FieldSpec<Form>[],
  form: Form,
  editing = false,
): Partial<Record<keyof Form, string>> {
  const problems: Partial<Record<keyof Form, string>> = {};
  for (const field of fields) {
    if (field.addOnly && editing) continue;
    const value = (form[field.name] ?? '').trim();
    if (field.required && value === '') problems[field.name] = 'validation.required';
    else if (field.maxLength !== undefined && value.length > field.maxLength)
      problems[field.name] = 'validation.maxLength';
    else if (value !== '' && field.validate) {
      const problem = field.validate(value, form);
      if (problem) problems[field.name] = problem;
    }
  }
  return problems;
}

type Loose = Readonly<Record<string, unknown>>;

function compareValues(a: unknown, b: unknown): number {
  if (a == null) return b == null ? 0 : -1;
  if (b == null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

/** Sorts rows by the query's column (the admin API answers in its own order). */
export function sortRows<Row extends Loose>(rows: readonly Row[], query: PageQuery): Row[] {
  const { sortField, sortOrder } = query;
  if (!sortField) return [...rows];
  const sign = sortOrder === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => sign * compareValues(a[sortField], b[sortField]));
}

/** Search, sort and page a whole list on the client (for endpoints that answer arrays). */
export function clientPage<Row extends Loose>(
  rows: readonly Row[],
  query: PageQuery,
  searchFields: readonly string[],
): PageResult<Row> {
  const keyword = query.keyword.toLowerCase();
  const found =
    keyword && searchFields.length > 0
      ? rows.filter((row) => searchFields.some((field) => String(row[field] ?? '').toLowerCase().includes(keyword)))
      : rows;
  const start = (query.pageNo - 1) * query.pageSize;
  return { records: sortRows(found, query).slice(start, start + query.pageSize), total: found.length };
}

/**
 * A column's width: the one it asks for, widened so its header reads whole ("速度(km/h)", not
 * "速度(k…"). Headers are 12 px text: about 13 px per CJK character and 7.5 px per other one,
 * plus the header's padding and menu button (sortable columns).
 */
export function columnWidthFor(title: string, requested: number, sortable = false): number {
  let text = 0;
  for (const char of title) text += /[\u2E80-\u9FFF\uFF00-\uFFEF]/.test(char) ? 13 : 7.5;
  return Math.max(requested, Math.ceil(text) + 24 + (sortable ? 20 : 0));
}
