import { AppError, ErrorCode } from '@openfleet/errors';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import ExcelJS from 'exceljs';

/** Spec §5/§9: at most 1000 rows per sheet. */
export const MAX_IMPORT_ROWS = 1000;

export interface SheetColumn {
  key: string;
  /** Header text in the template (zh_CN); the key itself is accepted too. */
  header: string;
  width?: number;
}

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

/** Rows of the first sheet, mapped by header; 30022 bad template, 30020 no rows, 30021 too many rows. */
export async function readSheet(file: Buffer, columns: SheetColumn[], maxRows = MAX_IMPORT_ROWS): Promise<SheetRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw new AppError(ErrorCode.IMPORT_TEMPLATE_INVALID);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError(ErrorCode.IMPORT_FILE_EMPTY);
  const keyOfColumn = new Map<number, string>();
  sheet.getRow(1).eachCell((cell, index) => {
    const text = String(cellValue(cell.value) ?? '');
    const column = columns.find((candidate) => candidate.header === text || candidate.key === text);
    if (column) keyOfColumn.set(index, column.key);
  });
  if (!keyOfColumn.size) throw new AppError(ErrorCode.IMPORT_TEMPLATE_INVALID);
  const rows: SheetRow[] = [];
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const values: Record<string, unknown> = {};
    row.eachCell((cell, index) => {
      const key = keyOfColumn.get(index);
      const value = cellValue(cell.value);
      if (key && value !== undefined) values[key] = value;
    });
    if (Object.keys(values).length) rows.push({ row: rowNumber, values });
  });
  if (!rows.length) throw new AppError(ErrorCode.IMPORT_FILE_EMPTY);
  if (rows.length > maxRows) throw new AppError(ErrorCode.IMPORT_ROWS_EXCEEDED, { data: maxRows });
  return rows;
}

/** Validates one row against a DTO class; returns the DTO or the reasons. */
export async function rowToDto<T extends object>(dtoClass: new () => T, values: Record<string, unknown>): Promise<{ dto: T; reasons: string[] }> {
  const plain = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === 'number' ? value : String(value)]));
  const dto = plainToInstance(dtoClass, plain, { enableImplicitConversion: false });
  const errors = await validate(dto, { whitelist: true, forbidNonWhitelisted: true });
  return { dto, reasons: errors.flatMap((error) => Object.values(error.constraints ?? {})) };
}

/** One sheet with a header row. */
export async function writeSheet(name: string, columns: SheetColumn[], records: Record<string, unknown>[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(name);
  sheet.columns = columns.map((column) => ({ header: column.header, key: column.key, width: column.width ?? 16 }));
  for (const record of records) sheet.addRow(record);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
