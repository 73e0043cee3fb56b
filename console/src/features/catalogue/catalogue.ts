import type { ResourceTag } from '../table-screen/resource-api';
import type { DialogWidth, FieldOption, FieldSpec, FormValues } from '../table-screen/table-model';
import { text } from '../master-data/rules';

export type CatalogueRow = { readonly id: number } & Readonly<Record<string, unknown>>;

/** A select filled from another endpoint (`GET url` -> rows; value `id`, label `labelField`). */
export interface Reference {
  readonly url: string;
  /** Paged answers carry the rows in `records`. */
  readonly paged: boolean;
  readonly labelField: string;
  /** The action code the endpoint needs; without it the select stays empty (a 403 signs out). */
  readonly needs?: string;
}

/** One catalogue field: a form field plus how it travels (number or text) and shows in the table. */
export type CatalogueField = FieldSpec<FormValues> & {
  readonly numeric?: boolean;
  /** Shown as a table column (default true). */
  readonly column?: boolean;
  readonly sortable?: boolean;
  readonly width?: number;
  /** Options from another endpoint, shown by label in the table too. */
  readonly reference?: Reference;
};

/** Everything a catalogue screen needs; the screen itself is shared (CatalogueScreen). */
export interface CatalogueConfig {
  readonly screen: string;
  /** REST path: `GET/POST <path>`, `PUT/DELETE <path>/:id` (docs/admin.md). */
  readonly path: string;
  readonly tag?: ResourceTag;
  /** i18n prefix: `<prefix>.add|edit|searchPlaceholder|<field>`. */
  readonly i18n: string;
  readonly width: DialogWidth;
  readonly fields: readonly CatalogueField[];
}

export function emptyForm(config: CatalogueConfig): FormValues {
  return Object.fromEntries(config.fields.map((field) => [field.name, '']));
}

export function rowToForm(config: CatalogueConfig, row: CatalogueRow): FormValues {
  return Object.fromEntries(config.fields.map((field) => [field.name, text(row[field.name])]));
}

/**
 * The POST/PUT body: numbers as numbers, blanks left out on create and sent as null on update
 * (so a cleared optional field is cleared), fixed values (`fixed`) merged in.
 */
export function formToBody(config: CatalogueConfig, form: FormValues, editing: boolean, fixed: Readonly<Record<string, number>> = {}) {
  const body: Record<string, unknown> = { ...fixed };
  for (const field of config.fields) {
    // A field locked on edit (a release's build number) or only on the add dialog is never sent again.
    if (editing && (field.lockedOnEdit || field.addOnly)) continue;
    const value = (form[field.name] ?? '').trim();
    if (value === '') {
      if (editing && !field.required) body[field.name] = null;
      continue;
    }
    body[field.name] = field.numeric ? Number(value) : value;
  }
  return body;
}

/** Options of a reference from its rows. */
export function referenceOptions(reference: Reference, answer: unknown): FieldOption[] {
  const rows = (reference.paged ? (answer as { records?: unknown[] } | undefined)?.records : (answer as unknown[] | undefined)) ?? [];
  // Tree answers (the company tree) are flattened: every node is an option.
  const flat = (nodes: readonly CatalogueRow[]): CatalogueRow[] =>
    nodes.flatMap((node) => [node, ...flat((node['children'] as CatalogueRow[] | undefined) ?? [])]);
  return flat(rows as CatalogueRow[]).map((row) => ({ value: String(row.id), label: text(row[reference.labelField]) }));
}
