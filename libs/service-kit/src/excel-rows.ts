import { AppError, ErrorCode } from '@openfleet/errors';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type ExcelJS from 'exceljs';
import { Open, type CentralDirectory } from 'unzipper';
import type { SheetColumn } from './excel-sheet';
import { ZipWorkbookReader } from './zip-workbook-reader';

/** Spec §5/§9: at most 1000 rows per sheet. */
export const MAX_IMPORT_ROWS = 1000;


export interface SheetRow {
  /** Row number as Excel shows it (header is row 1). */
  row: number;
  values: Record<string, unknown>;
}

export interface RowProblem {
  row: number;
  reasons: string[];
}

function cellValue(value: ExcelJS.CellValue): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'object' && 'text' in value) return String(value.text).trim();
  if (typeof value === 'object' && 'result' in value) return value.result;
  if (typeof value === 'string') return value.trim() || undefined;
  return value;
}

/**
 * Bounds of an import, checked before and while reading: a 311 KB xlsx whose cells inflate to
 * gigabytes took the process from 0.3 to 2.5 GB, and a 290k-row sheet held the event loop 2.4 s.
 */
export const IMPORT_LIMITS = {
  /** Sum of the unzipped parts (from the zip's central directory, before inflating anything). */
  maxUnzippedBytes: 20 * 1024 * 1024,
  /** The shared-strings part alone (every text cell of the workbook). */
  maxSharedStringsBytes: 8 * 1024 * 1024,
  /** Rows read between two yields to the event loop. */
  rowsPerSlice: 200,
};

/** Imports running at once in this process; one more is refused (busy) rather than queued in memory. */
const MAX_CONCURRENT_IMPORTS = 2;
let importsRunning = 0;

/** Runs an import under the concurrency cap: 207 "too frequent" when the cap is reached. */
export async function withImportSlot<T>(work: () => Promise<T>): Promise<T> {
  if (importsRunning >= MAX_CONCURRENT_IMPORTS) throw new AppError(ErrorCode.TOO_FREQUENT, { data: 'another import is running' });
  importsRunning++;
  try {
    return await work();
  } finally {
    importsRunning--;
  }
}

/** The zip's central directory; 30022 when the file is not a zip. */
async function openZip(file: Buffer): Promise<CentralDirectory> {
  try {
    return await Open.buffer(file);
  } catch {
    throw new AppError(ErrorCode.IMPORT_TEMPLATE_INVALID);
  }
}

/** Refuses a workbook whose parts would inflate past the limits (zip bombs), reading only the directory. */
function checkUnzippedSize(directory: CentralDirectory): void {
  let total = 0;
  for (const entry of directory.files) {
    total += entry.uncompressedSize;
    const tooBig = entry.path === 'xl/sharedStrings.xml' && entry.uncompressedSize > IMPORT_LIMITS.maxSharedStringsBytes;
    if (tooBig || total > IMPORT_LIMITS.maxUnzippedBytes) throw new AppError(ErrorCode.IMPORT_FILE_TOO_LARGE, { data: { maxUnzippedBytes: IMPORT_LIMITS.maxUnzippedBytes } });
  }
}

const yieldToEventLoop = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Rows of the first sheet, mapped by header, read as a stream (exceljs WorkbookReader) that stops at
 * the row limit and yields to the event loop every few hundred rows; 30022 bad template, 30020 no
 * rows, 30021 too many rows, 30023 file too large.
 */
export async function readSheet(file: Buffer, columns: SheetColumn[], maxRows = MAX_IMPORT_ROWS): Promise<SheetRow[]> {
  const directory = await openZip(file);
  checkUnzippedSize(directory);
  const reader = new ZipWorkbookReader(directory, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit', entries: 'emit' });
  const rows: SheetRow[] = [];
  let keyOfColumn: Map<number, string> | undefined;
  let sawSheet = false;
  try {
    for await (const worksheet of reader) {
      sawSheet = true;
      let read = 0;
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        if (++read % IMPORT_LIMITS.rowsPerSlice === 0) await yieldToEventLoop();
        if (!keyOfColumn) {
          keyOfColumn = headerKeys(row, columns);
          if (!keyOfColumn.size) throw new AppError(ErrorCode.IMPORT_TEMPLATE_INVALID);
          continue;
        }
        const values: Record<string, unknown> = {};
        row.eachCell((cell, index) => {
          const key = keyOfColumn!.get(index);
          const value = cellValue(cell.value);
          if (key && value !== undefined) values[key] = value;
        });
        if (!Object.keys(values).length) continue;
        // Stop reading at the limit: the rest of a huge sheet is never parsed.
        if (rows.length >= maxRows) throw new AppError(ErrorCode.IMPORT_ROWS_EXCEEDED, { data: maxRows });
        rows.push({ row: row.number, values });
      }
      break; // the first sheet only
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(ErrorCode.IMPORT_TEMPLATE_INVALID);
  }
  if (!sawSheet || !keyOfColumn) throw new AppError(sawSheet ? ErrorCode.IMPORT_TEMPLATE_INVALID : ErrorCode.IMPORT_FILE_EMPTY);
  if (!rows.length) throw new AppError(ErrorCode.IMPORT_FILE_EMPTY);
  return rows;
}

function headerKeys(row: ExcelJS.Row, columns: SheetColumn[]): Map<number, string> {
  const keys = new Map<number, string>();
  row.eachCell((cell, index) => {
    const text = String(cellValue(cell.value) ?? '');
    const column = columns.find((candidate) => candidate.header === text || candidate.key === text);
    if (column) keys.set(index, column.key);
  });
  return keys;
}

/** Validates one row against a DTO class; returns the DTO or the reasons. */
export async function rowToDto<T extends object>(dtoClass: new () => T, values: Record<string, unknown>): Promise<{ dto: T; reasons: string[] }> {
  const plain = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === 'number' ? value : String(value)]));
  const dto = plainToInstance(dtoClass, plain, { enableImplicitConversion: false });
  const errors = await validate(dto, { whitelist: true, forbidNonWhitelisted: true });
  return { dto, reasons: errors.flatMap((error) => Object.values(error.constraints ?? {})) };
}
