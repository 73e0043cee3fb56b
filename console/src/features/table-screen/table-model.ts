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
  readonly kind?: 'text' | 'select' | 'textarea';
  readonly options?: readonly { value: string; labelKey: string }[];
  readonly required?: boolean;
  readonly maxLength?: number;
  /** Returns an i18n key when the value is not acceptable. */
  readonly validate?: (value: string, form: Form) => string | null;
  /** Not editable when editing an existing row (e.g. a natural key). */
  readonly lockedOnEdit?: boolean;
}

export type FormValues = Record<string, string>;

/** Validates every field; the answer maps field names to i18n error keys. */
export function validateForm<Form extends FormValues>(
  fields: readonly FieldSpec<Form>[],
  form: Form,
): Partial<Record<keyof Form, string>> {
  const problems: Partial<Record<keyof Form, string>> = {};
  for (const field of fields) {
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
