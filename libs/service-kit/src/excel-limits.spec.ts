// Hostile workbooks: cells that inflate to tens of megabytes, a sheet of tens of thousands of rows,
// and more imports at once than the process takes. Each is refused with its code, quickly, and
// without holding the event loop or the memory.
import ExcelJS from 'exceljs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { readSheet, withImportSlot } from './excel-rows';
import type { SheetColumn } from './excel-sheet';

const columns: SheetColumn[] = [
  { key: 'plateCode', header: '车牌号' },
  { key: 'plateColor', header: '车牌颜色' },
];

async function codeOf(work: Promise<unknown>): Promise<number | undefined> {
  return work.then(
    () => undefined,
    (error: { errorCode?: number }) => error.errorCode,
  );
}

async function workbookOf(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('data');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// Building the test workbooks (24 MB of cell text zipped, 30,000 rows) takes seconds on a loaded
// machine: the limits under test are sizes and codes, not time.
const BUILD_TIMEOUT_MS = 60_000;

describe('import limits', () => {
  it('refuses a small file whose cells inflate past the limit (30023) before inflating them', async () => {
    const huge = 'x'.repeat(12 * 1024 * 1024);
    const file = await workbookOf([['车牌号', '车牌颜色'], [huge, 2], [`${huge}y`, 2]]);
    expect(file.length).toBeLessThan(200 * 1024);
    const before = process.memoryUsage().rss;
    expect(await codeOf(readSheet(file, columns))).toBe(30023);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  }, BUILD_TIMEOUT_MS);

  it('stops reading a sheet of 30,000 rows at the limit (30021) without holding the event loop', async () => {
    const rows = Array.from({ length: 30_000 }, (_, i) => [`京A${String(i).padStart(5, '0')}`, 2]);
    const file = await workbookOf([['车牌号', '车牌颜色'], ...rows]);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = Date.now();
    expect(await codeOf(readSheet(file, columns))).toBe(30021);
    delay.disable();
    expect(Date.now() - started).toBeLessThan(3000);
    // The reader yields every 200 rows: no single stretch near the 2.4 s measured before.
    expect(delay.max / 1e6).toBeLessThan(400);
  }, 30_000);

  it('refuses an import beyond the concurrency cap (207) instead of queueing it in memory', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const running = [withImportSlot(() => gate), withImportSlot(() => gate)];
    expect(await codeOf(withImportSlot(async () => 'third'))).toBe(207);
    release();
    await Promise.all(running);
    expect(await withImportSlot(async () => 'after')).toBe('after');
  }, BUILD_TIMEOUT_MS);
});
