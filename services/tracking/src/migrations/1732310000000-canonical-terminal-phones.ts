import { isSqlite } from '@openfleet/storage';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Tables keyed by terminal phone; before this migration they held the header's zero-padded form. */
const TABLES = ['track_point', 'vehicle_state', 'daily_mileage'];

// Rows stored before tracking keyed terminals by `canonicalTerminalPhone` carry the phone as the
// header sent it (`013900000001`, `00000000013900000001`), which queries by the registry's phone
// never found. Rewrite them to the canonical form. `LIKE '0%'` is a range on the primary key's
// first column, so only padded rows are read. A padded row whose canonical twin already exists
// (the same point stored twice under both forms) is left by the IGNORE and then deleted.
export class CanonicalTerminalPhones1732310000000 implements MigrationInterface {
  name = 'CanonicalTerminalPhones1732310000000';

  async up(runner: QueryRunner): Promise<void> {
    const sqlite = isSqlite(runner);
    const trimmed = sqlite ? "ltrim(terminal_phone, '0')" : "TRIM(LEADING '0' FROM terminal_phone)";
    const padded = `terminal_phone LIKE '0%' AND ${trimmed} <> ''`;
    for (const table of TABLES) {
      await runner.query(`UPDATE ${sqlite ? 'OR IGNORE' : 'IGNORE'} ${table} SET terminal_phone = ${trimmed} WHERE ${padded}`);
      await runner.query(`DELETE FROM ${table} WHERE ${padded}`);
    }
  }

  async down(): Promise<void> {
    // The padded forms are not recoverable (2013 and 2019 terminals pad differently); nothing to undo.
  }
}
