import { col, requiredText } from '@openfleet/storage';
import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Which replica holds each platform's links (`link/link-lease.ts`): one row per platform. */
export class CreateLinkLease1732570000000 implements MigrationInterface {
  name = 'CreateLinkLease1732570000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'link_lease',
        columns: [
          col('platform_id', 'bigint', { isPrimary: true }),
          requiredText('holder', 128),
          // Milliseconds since the epoch by the database's clock.
          col('expires_at', 'bigint'),
          // The holder's last 0x1002 verify code: any replica can then accept the superior's slave link.
          col('verify_code', 'bigint', { default: 0 }),
          // The holder's link status (JSON), shown by every replica.
          col('status', 'text', { isNullable: true }),
        ],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('link_lease');
  }
}
