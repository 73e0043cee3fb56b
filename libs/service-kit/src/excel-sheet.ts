import ExcelJS from 'exceljs';

export interface SheetColumn {
  key: string;
  /** Header text (zh_CN); in import templates the key itself is accepted too. */
  header: string;
  width?: number;
}

/** One sheet with a header row: what every Excel export of the console downloads. */
export async function writeSheet(name: string, columns: SheetColumn[], records: Record<string, unknown>[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(name);
  sheet.columns = columns.map((column) => ({ header: column.header, key: column.key, width: column.width ?? 16 }));
  for (const record of records) sheet.addRow(record);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** What sendSheet needs of an HTTP response (Express's). */
export interface SheetResponse {
  setHeader(name: string, value: string): unknown;
  end(body: Buffer): unknown;
}

/** Answers a download of `body` as the .xlsx file `fileName` (ASCII). */
export function sendSheet(response: SheetResponse, fileName: string, body: Buffer): void {
  response.setHeader('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  response.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  response.end(body);
}
