import type { SheetColumn } from '@openfleet/service-kit';

/**
 * The import template: one waybill a row, the vehicle by plate, places as name + WGS-84 point +
 * radius, planned times as China time ("YYYY-MM-DD HH:mm:ss"). Via points are left to the dialog.
 */
export const WAYBILL_IMPORT_COLUMNS: SheetColumn[] = [
  { key: 'plateCode', header: '车牌号', width: 12 },
  { key: 'driverName', header: '驾驶员', width: 10 },
  { key: 'driverId', header: '驾驶员ID', width: 10 },
  { key: 'shipper', header: '托运人', width: 16 },
  { key: 'shipperPhone', header: '托运人电话', width: 14 },
  { key: 'consignee', header: '收货人', width: 16 },
  { key: 'consigneePhone', header: '收货人电话', width: 14 },
  { key: 'goods', header: '货物', width: 16 },
  { key: 'weightKg', header: '重量(kg)', width: 10 },
  { key: 'dangerousClass', header: '危险品类别(0普通,1-9)', width: 12 },
  { key: 'originName', header: '起点', width: 16 },
  { key: 'originLongitude', header: '起点经度', width: 12 },
  { key: 'originLatitude', header: '起点纬度', width: 12 },
  { key: 'originRadiusM', header: '起点半径(m)', width: 10 },
  { key: 'destinationName', header: '终点', width: 16 },
  { key: 'destinationLongitude', header: '终点经度', width: 12 },
  { key: 'destinationLatitude', header: '终点纬度', width: 12 },
  { key: 'destinationRadiusM', header: '终点半径(m)', width: 10 },
  { key: 'plannedDepartAt', header: '计划发车', width: 20 },
  { key: 'plannedArriveAt', header: '计划到达', width: 20 },
  { key: 'remark', header: '备注', width: 20 },
];

const NUMERIC = new Set(['weightKg', 'dangerousClass', 'originLongitude', 'originLatitude', 'originRadiusM', 'destinationLongitude', 'destinationLatitude', 'destinationRadiusM']);
const TIMES = new Set(['plannedDepartAt', 'plannedArriveAt']);
/** "普通货物" and "第3类", as the export writes them, read back as 0 and 3. */
const DANGEROUS_TEXT = /^(?:普通(?:货物)?|第?([0-9])类?)$/;

const pad = (n: number) => String(n).padStart(2, '0');
/**
 * Excel keeps dates without a zone; the streaming reader gives a date cell as its serial number
 * (days since 1899-12-30) and exceljs a Date whose UTC fields are what the sheet shows: both are
 * read as the China time the dispatcher typed.
 */
function sheetTime(value: unknown): unknown {
  const date = value instanceof Date ? value : typeof value === 'number' ? new Date(Math.round((value - 25_569) * 86_400) * 1000) : undefined;
  if (!date || Number.isNaN(date.getTime())) return value === undefined ? undefined : String(value);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

function sheetNumber(key: string, value: unknown): unknown {
  if (value === undefined || typeof value === 'number') return value;
  const text = String(value).trim();
  const dangerous = key === 'dangerousClass' ? DANGEROUS_TEXT.exec(text) : null;
  if (dangerous) return Number(dangerous[1] ?? 0);
  // Left as text when it is not a number: the DTO's check names the column.
  return text !== '' && !Number.isNaN(Number(text)) ? Number(text) : text;
}

/** A sheet row as the body of `POST /industry/waybill` (plus its plate), cells typed for the DTO. */
export function waybillImportBody(values: Record<string, unknown>): { plateCode: string; body: Record<string, unknown> } {
  const cell = (key: string) => (TIMES.has(key) ? sheetTime(values[key]) : NUMERIC.has(key) ? sheetNumber(key, values[key]) : values[key] === undefined ? undefined : String(values[key]));
  const place = (prefix: 'origin' | 'destination') => ({ name: cell(`${prefix}Name`), longitude: cell(`${prefix}Longitude`), latitude: cell(`${prefix}Latitude`), radiusM: cell(`${prefix}RadiusM`) });
  const body: Record<string, unknown> = { origin: place('origin'), destination: place('destination') };
  for (const key of ['driverName', 'driverId', 'shipper', 'shipperPhone', 'consignee', 'consigneePhone', 'goods', 'weightKg', 'dangerousClass', 'plannedDepartAt', 'plannedArriveAt', 'remark']) {
    const value = cell(key);
    if (value !== undefined) body[key] = value;
  }
  return { plateCode: String(values.plateCode ?? '').trim(), body };
}
