import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { column } from './column-spec';

/** Refresh tokens already rotated away, so a replay is recognised and revokes its whole session (family). */
export class SpentRefreshTokens1732330000000 implements MigrationInterface {
  name = 'SpentRefreshTokens1732330000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'refresh_token_spent',
        columns: [{ ...column('token_hash:varchar(64)'), isPrimary: true }, column('session_id:bigint'), column('spent_at:bigint')],
      }),
    );
    await runner.createIndex('refresh_token_spent', new TableIndex({ name: 'ix_refresh_token_spent_at', columnNames: ['spent_at'] }));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('refresh_token_spent');
  }
}
