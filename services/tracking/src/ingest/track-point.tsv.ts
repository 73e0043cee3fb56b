import { tsvField } from '@openfleet/storage';
import type { TrackPointRow } from './track-point';

/** Bytes of one piece of the LOAD DATA stream; a row larger than this gets a piece of its own size. */
const PIECE_BYTES = 1 << 20;
/** The most the 21 number fields and 24 separators of a row can take (the longest number is 22 characters). */
const NUMBERS_MAX_BYTES = 21 * 24 + 24;
const TAB = 9;
const NEWLINE = 10;
const MINUS = 45;
const DIGIT_0 = 48;
const BACKSLASH = 92;
const UPPER_N = 78;

/**
 * The rows as the TSV text LOAD DATA reads (`TRACK_POINT_COLUMNS` order; NULL as \N; backslash, tab,
 * newline and carriage return escaped), written straight into Buffers of about 1 MiB: byte for byte
 * what `tsvLine(rowValues(row))` lines joined by newlines give (`track-point.tsv.spec.ts`), without a
 * values array and a string per field of every row. Those were a large part of the ingest's garbage:
 * the process spent a third of its time in the garbage collector.
 */
export function trackPointTsv(rows: readonly TrackPointRow[]): Buffer[] {
  const pieces: Buffer[] = [];
  let buffer = Buffer.allocUnsafe(PIECE_BYTES);
  let at = 0;
  for (const row of rows) {
    const phone = tsvField(row.terminalPhone);
    const vehicleId = tsvField(row.vehicleId);
    const extras = row.extras === null ? null : tsvField(row.extras);
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    const need = NUMBERS_MAX_BYTES + 3 * (phone.length + vehicleId.length + (extras?.length ?? 2));
    if (at + need > buffer.length) {
      if (at > 0) pieces.push(buffer.subarray(0, at));
      buffer = Buffer.allocUnsafe(Math.max(PIECE_BYTES, need));
      at = 0;
    }
    at += buffer.write(phone, at, 'utf8');
    buffer[at++] = TAB;
    at = writeNumber(buffer, at, row.gpsTime);
    buffer[at++] = TAB;
    at = writeNumber(buffer, at, row.sequence);
    buffer[at++] = TAB;
    at += buffer.write(vehicleId, at, 'utf8');
    buffer[at++] = TAB;
    at = writeNumber(buffer, at, row.receivedAt);
    buffer[at++] = TAB;
    at = writeNumber(buffer, at, row.latitudeE6);
    buffer[at++] = TAB;
    at = writeNumber(buffer, at, row.longitudeE6);
    buffer[at++] = TAB;
    at = writeNumber(buffer, at, row.mapLatitudeE6);
    buffer[at++] = TAB;
    at = writeNumber(buffer, at, row.mapLongitudeE6);
    buffer[at++] = TAB;
    at = writeNumber(buffer, at, row.altitudeM);
    buffer[at++] = TAB;
    at = writeNumber(buffer, at, row.speedDkmh);
    buffer[at++] = TAB;
    at = writeNumber(buffer, at, row.recordedSpeedDkmh);
    buffer[at++] = TAB;
    at = writeNumber(buffer, at, row.direction);
    buffer[at++] = TAB;
    at = writeNumber(buffer, at, row.alarmFlags);
    buffer[at++] = TAB;
    at = writeNumber(buffer, at, row.statusFlags);
    buffer[at++] = TAB;
    at = writeNumber(buffer, at, row.mileageHm);
    buffer[at++] = TAB;
    at = writeNumber(buffer, at, row.fuelDl);
    buffer[at++] = TAB;
    at = writeNumber(buffer, at, row.accState);
    buffer[at++] = TAB;
    at = writeNumber(buffer, at, row.liftingState);
    buffer[at++] = TAB;
    at = writeNumber(buffer, at, row.loadCondition);
    buffer[at++] = TAB;
    at = writeNumber(buffer, at, row.openCapState);
    buffer[at++] = TAB;
    at = writeNumber(buffer, at, row.blindArea);
    buffer[at++] = TAB;
    at = writeNumber(buffer, at, row.quality);
    buffer[at++] = TAB;
    if (extras === null) at = writeNull(buffer, at);
    else at += buffer.write(extras, at, 'utf8');
    buffer[at++] = NEWLINE;
    // A piece enlarged for one huge row ends after it.
    if (at >= PIECE_BYTES) {
      pieces.push(buffer.subarray(0, at));
      buffer = Buffer.allocUnsafe(PIECE_BYTES);
      at = 0;
    }
  }
  if (at > 0) pieces.push(buffer.subarray(0, at));
  return pieces;
}

function writeNull(buffer: Buffer, at: number): number {
  buffer[at] = BACKSLASH;
  buffer[at + 1] = UPPER_N;
  return at + 2;
}

/** A number as `String(value)` writes it (digits by hand for safe integers, the common case); NULL and non-finite as \N. */
function writeNumber(buffer: Buffer, at: number, value: number | null): number {
  if (value === null || !Number.isFinite(value)) return writeNull(buffer, at);
  if (!Number.isSafeInteger(value) || Object.is(value, -0)) return at + buffer.write(String(value), at, 'latin1');
  let rest = value;
  if (rest < 0) {
    buffer[at++] = MINUS;
    rest = -rest;
  }
  let digits = 1;
  for (let scale = 10; scale <= rest; scale *= 10) digits++;
  const end = at + digits;
  for (let i = end - 1; i > at; i--) {
    const next = Math.floor(rest / 10);
    buffer[i] = DIGIT_0 + (rest - next * 10);
    rest = next;
  }
  buffer[at] = DIGIT_0 + rest;
  return end;
}
