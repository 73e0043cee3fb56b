import ExcelJS from 'exceljs';
import { PassThrough, type Readable } from 'node:stream';
import type { CentralDirectory } from 'unzipper';

/** The part parsers of exceljs' WorkbookReader this reader calls (not in exceljs' typings). */
interface PartParsers {
  _parseRels(part: Readable): Promise<void>;
  _parseWorkbook(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(part: Readable, sheetNo: string): Generator<{ eventType: string; value: unknown }>;
}

const WORKSHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/**
 * exceljs' streaming WorkbookReader with the zip read from its central directory instead of as a
 * stream. exceljs unzips with unzipper's `Parse`, which emits 'end' as soon as its input is written,
 * and parts still buffered behind a paused consumer are dropped: exceljs itself writes
 * `xl/workbook.xml` last, so a valid file failed at random (1 in about 150 reads in a loop, "cannot
 * read 'sheets' of undefined", answered 30022). Here every part is taken from the directory the size
 * check already read (unzipper `Open`, random access), in the order the parsers need (relations,
 * workbook, shared strings, then the sheets), and handed to exceljs' own part parsers, so rows are
 * still parsed as a stream. No temporary files either (exceljs spills sheets that precede the
 * shared strings to disk).
 */
export class ZipWorkbookReader extends ExcelJS.stream.xlsx.WorkbookReader {
  constructor(
    private readonly directory: CentralDirectory,
    options: Partial<ExcelJS.stream.xlsx.WorkbookStreamReaderOptions>,
  ) {
    super(new PassThrough(), options);
  }

  override async *parse(): AsyncGenerator<{ eventType: string; value: unknown }> {
    const parsers = this as unknown as PartParsers;
    const part = (path: string) => this.directory.files.find((file) => file.path === path)?.stream() as Readable | undefined;
    const rels = part('xl/_rels/workbook.xml.rels');
    if (rels) await parsers._parseRels(rels);
    const workbook = part('xl/workbook.xml');
    if (workbook) await parsers._parseWorkbook(workbook);
    const sharedStrings = part('xl/sharedStrings.xml');
    if (sharedStrings) yield* parsers._parseSharedStrings(sharedStrings) as AsyncGenerator<{ eventType: string; value: unknown }>;
    const sheets = this.directory.files
      .map((file) => ({ file, sheetNo: WORKSHEET.exec(file.path)?.[1] }))
      .filter((sheet): sheet is { file: CentralDirectory['files'][number]; sheetNo: string } => sheet.sheetNo !== undefined)
      .sort((a, b) => Number(a.sheetNo) - Number(b.sheetNo));
    for (const { file, sheetNo } of sheets) yield* parsers._parseWorksheet(file.stream() as Readable, sheetNo);
  }
}
