import { canonicalTerminalPhone, chinaDate, parseChinaBcdDigits, parseChinaTime, type DriverRecordView, type TerminalUplink } from '@openfleet/contracts';

/** A driver record as stored: the report's view without the plate and the formatted time. */
export type DriverRecordRow = Omit<DriverRecordView, 'plateCode' | 'time'> & { terminalPhone: string; receivedAt: number };

/** External power records of the tachograph (0x0700, 13H): 1 powered, 2 cut. */
export interface PowerRecordRow {
  terminalPhone: string;
  at: number;
  event: number;
  vehicleId: string;
  receivedAt: number;
}

/** One CAN frame of a 0x0705 upload; `canId` keeps the flag bits (channel, frame type, collection method). */
export interface CanFrameRow {
  terminalPhone: string;
  at: number;
  seq: number;
  vehicleId: string;
  canId: number;
  data: string;
}

const HOUR_MS = 3_600_000;
const cstMs = (date: string, time: string) => parseChinaTime(`${date} ${time}`);

/** 'YYMMDDhhmmss' BCD digits (0x0702) as epoch ms, China time; NaN when not a time. */
function bcdTime(digits: string): number {
  return parseChinaBcdDigits(digits);
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * The driver records of an uplink: a 0x0702 card event (2013/2019: insert or remove with its
 * time; 2011: the identity alone, at the time it was received), or the driver login/logout
 * records of a GB/T 19056 collection answer (0x0700, command word 12H).
 */
export function driverRecordsOf(uplink: TerminalUplink, vehicleId: string): DriverRecordRow[] {
  const terminalPhone = canonicalTerminalPhone(uplink.terminalPhone);
  const base = { terminalPhone, vehicleId, receivedAt: uplink.receivedAt, icResult: null, name: null, licence: null, issuer: null, expiry: null, idCard: null };
  const body = uplink.body;
  if (uplink.msgId === '0x0702') {
    const status = typeof body.status === 'number' ? body.status : 0;
    const at = status ? bcdTime(String(body.time ?? '')) : uplink.receivedAt;
    if (!Number.isFinite(at)) return [];
    const expiry = typeof body.expiry === 'string' && /^\d{8}$/.test(body.expiry) ? `${body.expiry.slice(0, 4)}-${body.expiry.slice(4, 6)}-${body.expiry.slice(6, 8)}` : null;
    return [{
      ...base,
      at,
      source: 'card',
      event: status,
      icResult: typeof body.icResult === 'number' ? body.icResult : null,
      name: text(body.name),
      licence: text(body.certificate),
      issuer: text(body.issuer),
      expiry,
      idCard: text(body.idCard),
    }];
  }
  if (uplink.msgId === '0x0700' && Number(body.command) === 0x12) {
    return recorderRecords(body).flatMap((record) => {
      const at = recorderTime(record.time);
      return Number.isFinite(at) ? [{ ...base, at, source: 'recorder' as const, event: Number(record.event) || 0, licence: text(record.licence) }] : [];
    });
  }
  return [];
}

/** The external power records of a GB/T 19056 collection answer (0x0700, command word 13H). */
export function powerRecordsOf(uplink: TerminalUplink, vehicleId: string): PowerRecordRow[] {
  if (uplink.msgId !== '0x0700' || Number(uplink.body.command) !== 0x13) return [];
  const terminalPhone = canonicalTerminalPhone(uplink.terminalPhone);
  return recorderRecords(uplink.body).flatMap((record) => {
    const at = recorderTime(record.time);
    return Number.isFinite(at) ? [{ terminalPhone, at, event: Number(record.event) || 0, vehicleId, receivedAt: uplink.receivedAt }] : [];
  });
}

/**
 * The frames of a 0x0705 upload. Its receive time is the time of day of the first frame
 * (hhmmss + milliseconds, no date): the date is the day it was received (China time), or the day
 * before when that puts it more than an hour after it was received (frames sent after midnight).
 * Every frame of the upload is stored at that time, in order.
 */
export function canFramesOf(uplink: TerminalUplink, vehicleId: string): CanFrameRow[] {
  if (uplink.msgId !== '0x0705') return [];
  const time = String(uplink.body.receiveTime ?? '');
  const items = Array.isArray(uplink.body.items) ? (uplink.body.items as { canId?: unknown; data?: unknown }[]) : [];
  if (!/^\d{10}$/.test(time) || !items.length) return [];
  let at = cstMs(chinaDate(uplink.receivedAt), `${time.slice(0, 2)}:${time.slice(2, 4)}:${time.slice(4, 6)}`) + Number(time.slice(6, 10));
  if (!Number.isFinite(at)) return [];
  if (at > uplink.receivedAt + HOUR_MS) at -= 24 * HOUR_MS;
  const terminalPhone = canonicalTerminalPhone(uplink.terminalPhone);
  return items.flatMap((item, seq) =>
    typeof item.canId === 'number' && typeof item.data === 'string' && /^[0-9a-fA-F]{16}$/.test(item.data) ? [{ terminalPhone, at, seq, vehicleId, canId: item.canId >>> 0, data: item.data.toLowerCase() }] : [],
  );
}

function recorderRecords(body: Record<string, unknown>): Record<string, unknown>[] {
  const parsed = body.parsed as { records?: unknown } | undefined;
  return Array.isArray(parsed?.records) ? (parsed.records as Record<string, unknown>[]) : [];
}

/** 'YYYY-MM-DD HH:mm:ss' of the recorder (China time) as epoch ms. */
function recorderTime(value: unknown): number {
  const match = typeof value === 'string' ? /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(value) : null;
  return match ? cstMs(match[1], match[2]) : Number.NaN;
}
