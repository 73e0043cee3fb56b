import { canonicalTerminalPhone, type RawFrame } from '@openfleet/contracts';
import { sqlLiteral, type RowValue } from '@openfleet/storage';
import type { DataSource } from 'typeorm';
import { frameSeq, isHex, messageIdOf, protocolCode } from './frame-header';

export const RAW_FRAME_COLUMNS = ['terminal_key', 'at_ms', 'seq', 'direction', 'protocol', 'msg_id', 'length', 'error', 'gateway_id', 'frame'] as const;

/** One row of raw_frame: values in RAW_FRAME_COLUMNS order, the frame as hex (MySQL takes it as a hex literal, SQLite as bytes). */
export type RawFrameRow = [string, number, number, number, number, number | null, number, string | null, string, string];

// MySQL: rows per INSERT (a statement of ~1000 frames stays far below max_allowed_packet).
const MYSQL_CHUNK_ROWS = 1000;
// SQLite binds at most 32,766 parameters a statement.
const SQLITE_CHUNK_ROWS = Math.floor(32_000 / RAW_FRAME_COLUMNS.length);

/** How frames are stored by: the terminal phone as every service matches it, a VIN in capitals, a link name as sent. */
export function terminalKeyOf(frame: Pick<RawFrame, 'terminalPhone' | 'protocol'>): string {
  const protocol = frame.protocol ?? 'jt808';
  const key = protocol === 'jt808' ? canonicalTerminalPhone(frame.terminalPhone.trim()) : protocol === 'jt809' ? frame.terminalPhone.trim() : frame.terminalPhone.trim().toUpperCase();
  return key.slice(0, 40);
}

/** The row of one captured frame; null when its hex is not hex (counted and skipped by the caller). */
export function rowOf(frame: RawFrame, gatewayId: string): RawFrameRow | null {
  if (!isHex(frame.hex) || !Number.isFinite(frame.at)) return null;
  const protocol = frame.protocol ?? 'jt808';
  // The id is near the start: 809's, behind escapes, within the first 24 bytes.
  const head = Buffer.from(frame.hex.length > 48 ? frame.hex.slice(0, 48) : frame.hex, 'hex');
  return [
    terminalKeyOf(frame),
    Math.trunc(frame.at),
    frameSeq(frame.direction, frame.hex),
    frame.direction === 'up' ? 0 : 1,
    protocolCode(protocol),
    messageIdOf(protocol, head, frame.hex.length <= 48),
    frame.hex.length / 2,
    frame.error ? frame.error.slice(0, 64) : null,
    gatewayId.slice(0, 64),
    frame.hex,
  ];
}

/**
 * Multi-row inserts that skip rows whose key exists (INSERT IGNORE on MySQL, ON CONFLICT DO
 * NOTHING on SQLite): a redelivered batch writes nothing twice. MySQL gets the values as literals
 * (the frame as a hex literal), which mysql2 does not have to substitute one by one.
 */
export class RawFrameWriter {
  private readonly sqlite: boolean;

  constructor(private readonly dataSource: DataSource) {
    this.sqlite = dataSource.options.type === 'better-sqlite3';
  }

  /** Writes the rows of one bus batch in one transaction (one commit, not one per statement). */
  async write(rows: readonly RawFrameRow[]): Promise<void> {
    if (!rows.length) return;
    const columns = RAW_FRAME_COLUMNS.join(',');
    await this.dataSource.transaction(async (manager) => {
      if (this.sqlite) {
        const tuple = `(${RAW_FRAME_COLUMNS.map(() => '?').join(',')})`;
        for (let start = 0; start < rows.length; start += SQLITE_CHUNK_ROWS) {
          const chunk = rows.slice(start, start + SQLITE_CHUNK_ROWS);
          const values = chunk.flatMap((row) => [...row.slice(0, 9), Buffer.from(row[9], 'hex')]);
          await manager.query(`INSERT INTO raw_frame (${columns}) VALUES ${new Array<string>(chunk.length).fill(tuple).join(',')} ON CONFLICT DO NOTHING`, values);
        }
        return;
      }
      for (let start = 0; start < rows.length; start += MYSQL_CHUNK_ROWS) {
        const chunk = rows.slice(start, start + MYSQL_CHUNK_ROWS);
        await manager.query(`INSERT IGNORE INTO raw_frame (${columns}) VALUES ${chunk.map(mysqlTuple).join(',')}`);
      }
    });
  }
}

function mysqlTuple(row: RawFrameRow): string {
  const values = row.slice(0, 9) as RowValue[];
  // The hex was checked to be hex (isHex): it goes into the literal as it is.
  return `(${values.map(sqlLiteral).join(',')},X'${row[9]}')`;
}
