import { isSqlite } from '@openfleet/storage';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The sms_code table (SmsCode) of a service that sends verification codes; listed in that service's migrations. */
export class SmsCodes1734500000000 implements MigrationInterface {
  name = 'SmsCodes1734500000000';

  async up(runner: QueryRunner): Promise<void> {
    const text = isSqlite(runner) ? 'TEXT' : 'MEDIUMTEXT';
    await runner.query(`CREATE TABLE sms_code (
      id VARCHAR(36) NOT NULL PRIMARY KEY,
      purpose VARCHAR(16) NOT NULL,
      phone VARCHAR(20) NOT NULL,
      subject VARCHAR(64) NOT NULL DEFAULT '',
      code_hash VARCHAR(64) NOT NULL,
      context ${text} NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      factor_attempts INTEGER NOT NULL DEFAULT 0,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL,
      verified_at BIGINT NOT NULL DEFAULT 0,
      used_at BIGINT NOT NULL DEFAULT 0
    )`);
    await runner.query('CREATE INDEX sms_code_phone ON sms_code (phone, created_at)');
    await runner.query('CREATE INDEX sms_code_lookup ON sms_code (purpose, phone, subject, created_at)');
    await runner.query('CREATE INDEX sms_code_created ON sms_code (created_at)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE sms_code');
  }
}
