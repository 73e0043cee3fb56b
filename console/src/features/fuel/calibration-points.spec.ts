import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { nextDraft, pointProblems, pointsFromSheet, pointsToSave } from './calibration-points';
import { rowsFromCsv, rowsFromSheetXml, zipEntry } from './sheet-file';

const tank = { capacity: 300, height: 600 };
const d = (level: number | string, height: number | string, quantity: number | string) => ({ level: String(level), height: String(height), quantity: String(quantity) });

describe('calibration points', () => {
  it('accepts a table that grows with the level and fits the tank, and saves it sorted by level', () => {
    const drafts = [d(2, 400, 200), d(0, 0, 0), d(1, 200, 90.5)];
    expect(pointProblems(drafts, tank)).toEqual([null, null, null]);
    expect(pointsToSave(drafts, tank)?.map((p) => p.level)).toEqual([0, 1, 2]);
  });

  it('marks a point above the capacity or the height as 3002 (exceedsTank), at the boundary still fine', () => {
    expect(pointProblems([d(0, 600, 300)], tank)).toEqual([null]);
    expect(pointProblems([d(0, 600, 300.01)], tank)).toEqual(['fuel.calibration.exceedsTank']);
    expect(pointProblems([d(0, 601, 10)], tank)).toEqual(['fuel.calibration.exceedsTank']);
    expect(pointsToSave([d(0, 601, 10)], tank)).toBeNull();
  });

  it('marks repeated levels and litres that fall as the level rises', () => {
    expect(pointProblems([d(0, 0, 0), d(0, 10, 5)], tank)).toEqual([null, 'fuel.calibration.notMonotonic']);
    expect(pointProblems([d(0, 0, 50), d(1, 10, 40)], tank)).toEqual([null, 'fuel.calibration.notMonotonic']);
    expect(pointProblems([d(0, 0, 'x')], tank)).toEqual(['fuel.calibration.badNumber']);
  });

  it('adds the next point one level and one mm above the last', () => {
    expect(nextDraft([d(0, 0, 0), d(4, 120, 60)])).toEqual(d(5, 121, 60));
    expect(nextDraft([])).toEqual(d(0, 0, 0));
  });
});

describe('calibration sheets', () => {
  it('finds the columns by their headers in either language', () => {
    expect(pointsFromSheet([['油量', '高度', '液位值'], ['10', '20', '1'], ['', '', '']]).drafts).toEqual([d(1, 20, 10)]);
    expect(pointsFromSheet([['level', 'height (mm)', 'quantity (L)'], ['1', '20', '10']]).drafts).toEqual([d(1, 20, 10)]);
  });

  it('reads two unnamed columns as height and litres (the level is the height)', () => {
    expect(pointsFromSheet([['a', 'b'], ['20', '10']]).drafts).toEqual([d(20, 20, 10)]);
  });

  it('lists bad rows by their Excel number and takes nothing then', () => {
    const { drafts, errors } = pointsFromSheet([['level', 'height', 'quantity'], ['1', '20', '10'], ['2', 'abc', '11']]);
    expect(errors).toEqual([{ row: 3, reasons: ['2 / abc / 11'] }]);
    expect(drafts).toHaveLength(1);
  });

  it('reads a worksheet part with shared and inline strings, gaps kept in place', () => {
    const shared = '<sst><si><t>level</t></si><si><r><t>hei</t></r><r><t>ght</t></r></si></sst>';
    const sheet = '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="inlineStr"><is><t>quantity</t></is></c></row><row r="2"><c r="A2"><v>3</v></c><c r="C2"><v>12.5</v></c></row></sheetData></worksheet>';
    expect(rowsFromSheetXml(sheet, shared)).toEqual([['level', 'height', 'quantity'], ['3', '', '12.5']]);
  });

  it('reads CSV with commas or tabs', () => {
    expect(rowsFromCsv('\uFEFFheight,quantity\r\n10\t5\n\n')).toEqual([['height', 'quantity'], ['10', '5']]);
  });

  it('finds a deflated entry in a zip archive', async () => {
    const content = Buffer.from('<worksheet/>');
    const data = deflateRawSync(content);
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(content.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(0, 42);
    const centralAt = local.length + name.length + data.length;
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(central.length + name.length, 12);
    end.writeUInt32LE(centralAt, 16);
    const zip = new Uint8Array(Buffer.concat([local, name, data, central, name, end]));
    const inflate = async (bytes: Uint8Array) => new Uint8Array(inflateRawSync(bytes));
    expect(new TextDecoder().decode((await zipEntry(zip, 'xl/worksheets/sheet1.xml', inflate))!)).toBe('<worksheet/>');
    expect(await zipEntry(zip, 'xl/sharedStrings.xml', inflate)).toBeNull();
  });
});
