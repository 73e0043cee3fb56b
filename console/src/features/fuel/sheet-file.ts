// The calibration editor reads a sheet in the browser: admin's calibration API takes points as JSON
// and has no import endpoint, and the console carries no spreadsheet library (bundle budget). An
// xlsx is a zip of XML parts; the first worksheet and the shared strings are all a table of numbers needs.

/** Inflates raw deflate bytes (the browser's DecompressionStream; tests pass zlib). */
export type Inflate = (bytes: Uint8Array) => Promise<Uint8Array>;

export const browserInflate: Inflate = async (bytes) => {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
};

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;

/** The bytes of one zip entry (stored or deflated), or null when the archive has no such entry. */
export async function zipEntry(zip: Uint8Array, name: string, inflate: Inflate): Promise<Uint8Array | null> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 65_535); at--) {
    if (view.getUint32(at, true) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new Error('not a zip archive');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const decoder = new TextDecoder();
  for (let index = 0; index < count && view.getUint32(at, true) === CENTRAL; index++) {
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    if (decoder.decode(zip.subarray(at + 46, at + 46 + nameLength)) === name) {
      const data = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
      const bytes = zip.subarray(data, data + size);
      return method === 0 ? bytes : inflate(bytes);
    }
    at += 46 + skip;
  }
  return null;
}

const columnIndex = (ref: string) => [...ref.replace(/\d+$/, '')].reduce((sum, letter) => sum * 26 + letter.charCodeAt(0) - 64, 0) - 1;

/** The rows of a worksheet part as text, shared strings resolved, empty cells ''. */
export function rowsFromSheetXml(sheetXml: string, sharedStringsXml: string | null): string[][] {
  const parser = new DOMParser();
  const shared = sharedStringsXml ? [...parser.parseFromString(sharedStringsXml, 'application/xml').getElementsByTagName('si')].map((item) => [...item.getElementsByTagName('t')].map((t) => t.textContent ?? '').join('')) : [];
  const sheet = parser.parseFromString(sheetXml, 'application/xml');
  return [...sheet.getElementsByTagName('row')].map((row) => {
    const cells: string[] = [];
    [...row.getElementsByTagName('c')].forEach((cell, position) => {
      const ref = cell.getAttribute('r');
      const column = ref ? columnIndex(ref) : position;
      const type = cell.getAttribute('t');
      const value = cell.getElementsByTagName('v')[0]?.textContent ?? '';
      const text = type === 's' ? (shared[Number(value)] ?? '') : type === 'inlineStr' ? [...cell.getElementsByTagName('t')].map((t) => t.textContent ?? '').join('') : value;
      while (cells.length < column) cells.push('');
      cells[column] = text.trim();
    });
    return cells;
  });
}

/** The rows of a CSV (commas or tabs, no quoting: a table of numbers). */
export function rowsFromCsv(text: string): string[][] {
  return text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((line) => line.trim() !== '').map((line) => line.split(/[,\t]/).map((cell) => cell.trim()));
}

/** The first worksheet of an .xlsx, or a .csv, as rows of text. */
export async function readSheetFile(file: File, inflate: Inflate = browserInflate): Promise<string[][]> {
  if (/\.csv$/i.test(file.name)) return rowsFromCsv(await file.text());
  const zip = new Uint8Array(await file.arrayBuffer());
  const decoder = new TextDecoder();
  const sheet = await zipEntry(zip, 'xl/worksheets/sheet1.xml', inflate);
  if (!sheet) throw new Error('no worksheet');
  const shared = await zipEntry(zip, 'xl/sharedStrings.xml', inflate);
  return rowsFromSheetXml(decoder.decode(sheet), shared ? decoder.decode(shared) : null);
}
