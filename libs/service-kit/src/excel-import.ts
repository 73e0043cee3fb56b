import { AppError, ErrorCode } from '@openfleet/errors';
import { readSheet, rowToDto, withImportSlot, type RowProblem } from './excel-rows';
import type { SheetColumn } from './excel-sheet';

/** How one entity is imported: columns, DTO, uniqueness (in the file and in the database), conversion. */
export interface ImportSpec<T extends object> {
  columns: SheetColumn[];
  dto: new () => T;
  /** Cells to convert before validation (numbers arrive as text or numbers). */
  numeric?: string[];
  /** The value that must be unique (file and database). */
  uniqueKey: (dto: T) => string;
  /** Catalogue code and reason when the key already exists in the database. */
  existsInDatabase: (dto: T) => Promise<string | undefined>;
  /**
   * Further checks of a valid row, in sheet order (references to other records, such as the terminal
   * a vehicle row binds): catalogue code and reason, or nothing. An AppError it throws ends the import.
   */
  checkRow?: (dto: T) => Promise<string | undefined>;
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
  const problems: RowProblem[] = [];
  const seen = new Set<string>();
  const accepted: T[] = [];
  for (const { row, values } of rows) {
    const converted = { ...values };
    for (const key of spec.numeric ?? []) if (converted[key] !== undefined) converted[key] = Number(converted[key]);
    const { dto, reasons } = await rowToDto(spec.dto, converted);
    if (!reasons.length) {
      const key = spec.uniqueKey(dto);
      if (seen.has(key)) reasons.push(`duplicate in the file: ${key}`);
      else {
        const existing = await spec.existsInDatabase(dto);
        if (existing) reasons.push(existing);
      }
      seen.add(key);
      const reference = await spec.checkRow?.(dto);
      if (reference) reasons.push(reference);
    }
    if (reasons.length) problems.push({ row, reasons });
    else accepted.push(dto);
  }
  if (problems.length) throw new AppError(ErrorCode.IMPORT_FAILED, { data: problems });
  return accepted;
}
