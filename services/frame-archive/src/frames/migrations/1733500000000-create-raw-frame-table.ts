import { initialPartitionClause, isSqlite } from '@openfleet/storage';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { RAW_FRAME_PARTITIONS } from '../frame-partitions';

// Plain SQL: TypeORM's schema builder cannot express partitions. The key needs no global sequence
// (terminal, time, a hash of the frame), leads with the terminal so one terminal's day is one
// range scan, and holds the partition column as MySQL requires.
export class CreateRawFrameTable1733500000000 implements MigrationInterface {
  name = 'CreateRawFrameTable1733500000000';

  async up(runner: QueryRunner): Promise<void> {
    const sqlite = isSqlite(runner);
    const columns = [
      `terminal_key VARCHAR(40)${sqlite ? '' : ' CHARACTER SET ascii'} NOT NULL`,
      'at_ms BIGINT NOT NULL',
      `seq ${sqlite ? 'INTEGER' : 'INT UNSIGNED'} NOT NULL`,
      // 0 up, 1 down; protocol is the index in FRAME_PROTOCOLS.
      'direction SMALLINT NOT NULL',
      'protocol SMALLINT NOT NULL',
      'msg_id INTEGER NULL',
      'length INTEGER NOT NULL',
      `error VARCHAR(64)${sqlite ? '' : ' CHARACTER SET ascii'} NULL`,
      `gateway_id VARCHAR(64)${sqlite ? '' : ' CHARACTER SET ascii'} NOT NULL`,
      `frame ${sqlite ? 'BLOB' : 'MEDIUMBLOB'} NOT NULL`,
      'PRIMARY KEY (terminal_key, at_ms, seq)',
    ];
    await runner.query(`CREATE TABLE raw_frame (${columns.join(', ')})${sqlite ? '' : ` ENGINE=InnoDB ${initialPartitionClause(RAW_FRAME_PARTITIONS, Date.now())}`}`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE raw_frame');
  }
}
