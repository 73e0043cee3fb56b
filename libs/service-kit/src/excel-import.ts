import { AppError, ErrorCode } from '@openfleet/errors';
import type { ObjectLiteral, Repository } from 'typeorm';
import { readSheet, rowToDto, withImportSlot, type RowProblem } from './excel-rows';
import type { SheetColumn } from './excel-sheet';

/** Keys one lookup query asks for (`IN (...)`): a 1,000-row file is two queries, not 1,000. */
export const IMPORT_LOOKUP_BATCH = 500;

/**
 * How one entity is imported: columns, DTO, uniqueness (in the file and in the database), conversion.
 * The database is asked about the whole file at once, never row by row: an operator's 1,000-row file
 * (or a provisioning script's 2,000 terminals) costs a few queries, not a few thousand round trips.
 */
export interface ImportSpec<T extends object> {
  columns: SheetColumn[];
  dto: new () => T;
  /** Cells to convert before validation (numbers arrive as text or numbers). */
  numeric?: string[];
  /** The value that must be unique (file and database). */
  uniqueKey: (dto: T) => string;
  /**
   * Of these rows (the file's valid ones, each key once), the keys (`uniqueKey`) the database already
   * holds, each with its catalogue code and reason. `existingKeys` answers the common case.
   */
  existingInDatabase: (dtos: T[]) => Promise<Map<string, string>>;
  /**
   * Further checks of the valid rows, given together in sheet order (references to other records, such
   * as the terminal a vehicle row binds): per row a catalogue code and reason, or nothing. An AppError
   * it throws ends the import.
   */
  checkRows?: (dtos: T[]) => Promise<(string | undefined)[]>;
}

/**
 * Which of `values` the `column` of `repository` holds, asked `IN (...)` in batches, each answered
 * with `reason` (for `ImportSpec.existingInDatabase`). A value matches as the database compares it
 * (MySQL's collation ignores case, SQLite's does not), as a query for the single value would.
 */
export async function existingKeys<E extends ObjectLiteral>(repository: Repository<E>, column: keyof E & string, values: string[], reason: string): Promise<Map<string, string>> {
  const asked = new Map<string, string[]>();
  for (const value of values) asked.set(value.toLowerCase(), [...(asked.get(value.toLowerCase()) ?? []), value]);
  const found = new Map<string, string>();
  const alias = 'row';
  for (let start = 0; start < values.length; start += IMPORT_LOOKUP_BATCH) {
    const rows: Record<string, unknown>[] = await repository
      .createQueryBuilder(alias)
      .select(`${alias}.${column}`, 'value')
      .where(`${alias}.${column} IN (:...values)`, { values: values.slice(start, start + IMPORT_LOOKUP_BATCH) })
      .getRawMany();
    for (const row of rows) for (const value of asked.get(String(row.value).toLowerCase()) ?? []) found.set(value, reason);
  }
  return found;
}

/**
 * Reads and validates every row; any problem rejects the whole file with 5005 and `[{row, reasons}]`,
 * so a bad row never half-writes. Answers the valid DTOs in sheet order.
 */
export async function validateImport<T extends object>(file: Buffer, spec: ImportSpec<T>): Promise<T[]> {
  return withImportSlot(() => validateRows(file, spec));
}

async function validateRows<T extends object>(file: Buffer, spec: ImportSpec<T>): Promise<T[]> {
  const rows = await readSheet(file, spec.columns);
  // Each row's DTO (undefined when its cells are invalid) and reasons, in sheet order.
  const checked: { row: number; dto?: T; key?: string; reasons: string[] }[] = [];
  const seen = new Set<string>();
  for (const { row, values } of rows) {
    const converted = { ...values };
    for (const key of spec.numeric ?? []) if (converted[key] !== undefined) converted[key] = Number(converted[key]);
    const { dto, reasons } = await rowToDto(spec.dto, converted);
    if (reasons.length) {
      checked.push({ row, reasons });
      continue;
    }
    const key = spec.uniqueKey(dto);
    // The first row with a key is checked against the database; a later one is a duplicate in the file.
    checked.push({ row, dto, key: seen.has(key) ? undefined : key, reasons: seen.has(key) ? [`duplicate in the file: ${key}`] : [] });
    seen.add(key);
  }
  const valid = checked.filter((entry): entry is typeof entry & { dto: T } => entry.dto !== undefined);
  const existing = await spec.existingInDatabase(valid.filter((entry) => entry.key !== undefined).map((entry) => entry.dto));
  for (const entry of valid) {
    const reason = entry.key === undefined ? undefined : existing.get(entry.key);
    if (reason) entry.reasons.push(reason);
  }
  const references = (await spec.checkRows?.(valid.map((entry) => entry.dto))) ?? [];
  valid.forEach((entry, index) => {
    if (references[index]) entry.reasons.push(references[index]);
  });
  const problems: RowProblem[] = checked.filter((entry) => entry.reasons.length).map(({ row, reasons }) => ({ row, reasons }));
  if (problems.length) throw new AppError(ErrorCode.IMPORT_FAILED, { data: problems });
  return valid.map((entry) => entry.dto);
}
