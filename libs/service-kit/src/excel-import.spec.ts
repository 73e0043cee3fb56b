import { AppError, ErrorCode } from '@openfleet/errors';
import { IsOptional, IsString } from 'class-validator';
import ExcelJS from 'exceljs';
import { validateImport, type ImportSpec } from './excel-import';

class Row {
  @IsString() plate!: string;
  @IsOptional() @IsString() terminal?: string;
}

async function workbookOf(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('data');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const spec = (checkRows: ImportSpec<Row>['checkRows'], asked: string[][] = []): ImportSpec<Row> => ({
  columns: [
    { key: 'plate', header: '车牌号' },
    { key: 'terminal', header: '终端手机号' },
  ],
  dto: Row,
  uniqueKey: (row) => row.plate,
  existingInDatabase: async (rows) => {
    asked.push(rows.map((row) => row.plate));
    return new Map(rows.filter((row) => row.plate === 'TAKEN').map((row) => [row.plate, '4013: plate already exists']));
  },
  checkRows,
});

describe('validateImport', () => {
  it('asks the database once for the whole file, each key once, and adds the reasons to their rows', async () => {
    const asked: string[][] = [];
    const file = await workbookOf([['车牌号', '终端手机号'], ['A1'], ['TAKEN'], [42], ['A1'], ['TAKEN'], ['A2']]);
    const error = await validateImport(file, spec(undefined, asked)).catch((caught: AppError) => caught);
    // Row 4's plate is not a string: invalid rows and later duplicates are not asked about.
    expect(asked).toEqual([['A1', 'TAKEN', 'A2']]);
    expect(error).toMatchObject({
      errorCode: ErrorCode.IMPORT_FAILED,
      data: [
        { row: 3, reasons: ['4013: plate already exists'] },
        { row: 4, reasons: [expect.stringContaining('plate')] },
        { row: 5, reasons: ['duplicate in the file: A1'] },
        { row: 6, reasons: ['duplicate in the file: TAKEN'] },
      ],
    });
  });
});

describe('validateImport checkRows', () => {
  it('adds its reason to the row, beside the uniqueness reasons, and rejects the whole file with 5005', async () => {
    const seen: string[][] = [];
    const check = async (rows: Row[]) => {
      seen.push(rows.map((row) => row.plate));
      return rows.map((row) => (row.terminal === 'BOUND' ? `${ErrorCode.ALREADY_BOUND}: bound` : undefined));
    };
    const file = await workbookOf([['车牌号', '终端手机号'], ['A1', 'FREE'], ['A2', 'BOUND'], ['TAKEN', 'BOUND'], ['A3']]);
    const error = await validateImport(file, spec(check)).catch((caught: AppError) => caught);
    expect(error).toMatchObject({ errorCode: ErrorCode.IMPORT_FAILED, data: [{ row: 3, reasons: ['4231: bound'] }, { row: 4, reasons: ['4013: plate already exists', '4231: bound'] }] });
    expect(seen).toEqual([['A1', 'A2', 'TAKEN', 'A3']]);
    expect(await validateImport(await workbookOf([['车牌号', '终端手机号'], ['A1', 'FREE'], ['A3']]), spec(check))).toEqual([
      { plate: 'A1', terminal: 'FREE' },
      { plate: 'A3' },
    ]);
  });

  it('ends the import with an AppError the check throws', async () => {
    const denied = async (): Promise<(string | undefined)[]> => {
      throw new AppError(ErrorCode.NO_PERMISSION);
    };
    await expect(validateImport(await workbookOf([['车牌号'], ['A1']]), spec(denied))).rejects.toMatchObject({ errorCode: ErrorCode.NO_PERMISSION });
  });
});
